// s3rver ships no types: the part of its API the tests use (https://github.com/jamhall/s3rver).
declare module "s3rver" {
  interface BucketConfig {
    name: string;
    configs: Array<string | Buffer>;
  }
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: BucketConfig[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
