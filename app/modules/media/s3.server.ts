import type { ObjectStore } from "./storage.server";

export interface S3Settings {
  bucket: string;
  region: string;
  /** MinIO's, R2's or another S3-compatible service's address; undefined for AWS S3. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Before every object's name: "mandi/" shares a bucket with other things. */
  prefix: string;
}

/**
 * Media bytes in S3-compatible object storage (ADR 0066), through the AWS SDK. The SDK is
 * loaded only when a store is set to use it: the default installation never pays for it.
 * Objects are written once under a name that is never reused, so they are marked immutable.
 */
export async function s3ObjectStore(settings: S3Settings): Promise<ObjectStore & { check(): Promise<void> }> {
  const { S3Client, PutObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey } = await import(
    "@aws-sdk/client-s3"
  );
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const bucket = settings.bucket;
  const objectKey = (name: string) => `${settings.prefix}${name}`;
  return {
    async put(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(name),
          Body: bytes,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(name) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    /** Whether the bucket answers with these settings: said once at start-up. */
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
