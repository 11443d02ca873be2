import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

describe("configuration", () => {
  it("has working defaults for a fresh machine", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      PAYMENT_GATEWAY: "sandbox",
      SMS_PROVIDER: "outbox",
      HUMAN_CHECK: "off",
    });
    expect(env.DATA_DIR).toBe(path.resolve("data"));
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names the variable in one readable line", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT .*\(got "eighty"\)$/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with postgres:\/\//);
    expect(() => parseEnv({ PAYMENT_GATEWAY: "paypal" })).toThrow(/PAYMENT_GATEWAY/);
  });

  it("reads the part cache's size under its old name, KEPT_PARTS_MB, when the new one is unset", () => {
    expect(parseEnv({}).PART_CACHE_MB).toBe(48);
    expect(parseEnv({ KEPT_PARTS_MB: "16" }).PART_CACHE_MB).toBe(16);
    expect(parseEnv({ KEPT_PARTS_MB: "16", PART_CACHE_MB: "32" }).PART_CACHE_MB).toBe(32);
  });

  it("treats an empty optional value as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("requires an adapter's keys when it is chosen", () => {
    expect(() => parseEnv({ PAYMENT_GATEWAY: "juspay" })).toThrow(
      "Invalid configuration: JUSPAY_MERCHANT_ID, JUSPAY_API_KEY, JUSPAY_PAYMENT_PAGE_CLIENT_ID, JUSPAY_WEBHOOK_USERNAME, JUSPAY_WEBHOOK_PASSWORD must be set when PAYMENT_GATEWAY=juspay",
    );
  });

  it("reads the order messages' settings, and wants an SMTP server for smtp", () => {
    expect(() => parseEnv({ EMAIL_TRANSPORT: "smtp" })).toThrow(
      "Invalid configuration: SMTP_URL must be set when EMAIL_TRANSPORT=smtp",
    );
    expect(parseEnv({}).EMAIL_TRANSPORT).toBe("files");
    expect(parseEnv({ SMS_ORDER_TEMPLATE_IDS: "placed=1207-a, shipped=1207-b" }).SMS_ORDER_TEMPLATE_IDS).toBe(
      "placed=1207-a, shipped=1207-b",
    );
    expect(() => parseEnv({ SMS_ORDER_TEMPLATE_IDS: "sent=1" })).toThrow(/SMS_ORDER_TEMPLATE_IDS/);
    expect(() => parseEnv({ EMAIL_FROM: "not an address" })).toThrow(/EMAIL_FROM/);
  });

  it("wants both WhatsApp settings or neither, and a language code", () => {
    expect(() => parseEnv({ WHATSAPP_TOKEN: "t" })).toThrow(
      "Invalid configuration: WHATSAPP_PHONE_NUMBER_ID must be set when the other WhatsApp setting is",
    );
    expect(parseEnv({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1" })).toMatchObject({
      WHATSAPP_API_BASE_URL: "https://graph.facebook.com/v23.0",
      WHATSAPP_LANGUAGE: "en",
    });
    expect(() => parseEnv({ WHATSAPP_LANGUAGE: "English" })).toThrow(/WHATSAPP_LANGUAGE/);
  });

  it("keeps media in the database unless told, and wants a bucket and both keys for S3", () => {
    expect(parseEnv({})).toMatchObject({ MEDIA_STORAGE: "database", S3_REGION: "us-east-1", S3_PREFIX: "" });
    expect(() => parseEnv({ MEDIA_STORAGE: "s3" })).toThrow(
      "Invalid configuration: S3_BUCKET must be set when MEDIA_STORAGE=s3",
    );
    expect(() => parseEnv({ MEDIA_STORAGE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k" })).toThrow(
      /S3_SECRET_ACCESS_KEY must be set/,
    );
    expect(() => parseEnv({ S3_PREFIX: "../" })).toThrow(/S3_PREFIX/);
    expect(
      parseEnv({
        MEDIA_STORAGE: "s3",
        S3_BUCKET: "shop-media",
        S3_ENDPOINT: "http://minio:9000",
        S3_FORCE_PATH_STYLE: "true",
        S3_PREFIX: "mandi/",
      }),
    ).toMatchObject({ S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: true, S3_PREFIX: "mandi/" });
  });

  it("never runs the development SMS outbox on a public store", () => {
    expect(() => parseEnv({ PUBLIC_URL: "https://shop.example.in", PAYMENT_GATEWAY: "none" })).toThrow(/SMS_PROVIDER/);
  });

  it("never runs the sandbox payment gateway on a public store", () => {
    expect(() => parseEnv({ PUBLIC_URL: "https://shop.example.in" })).toThrow(
      "Invalid configuration: PAYMENT_GATEWAY must be juspay or none when PUBLIC_URL is set (the sandbox is a test gateway)",
    );
    expect(parseEnv({ PUBLIC_URL: "https://shop.example.in", NODE_ENV: "development" }).PAYMENT_GATEWAY).toBe(
      "sandbox",
    );
  });

  it("serves from one process unless told, and from several only on PostgreSQL", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://db/mandi" }).WEB_CONCURRENCY).toBe(4);
    expect(() => parseEnv({ WEB_CONCURRENCY: "2" })).toThrow(
      "Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL (the embedded database belongs to one process)",
    );
    expect(() => parseEnv({ WEB_CONCURRENCY: "0", DATABASE_URL: "postgres://db/mandi" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("reads the abandoned-payment time, 30 minutes unless set", () => {
    expect(parseEnv({}).PAYMENT_ABANDON_MINUTES).toBe(30);
    expect(parseEnv({ PAYMENT_ABANDON_MINUTES: "45" }).PAYMENT_ABANDON_MINUTES).toBe(45);
    expect(() => parseEnv({ PAYMENT_ABANDON_MINUTES: "0" })).toThrow(/PAYMENT_ABANDON_MINUTES/);
  });
});

describe("the settings' documentation", () => {
  it("explains every setting in .env.example and names it in the README", async () => {
    const { readFileSync } = await import("node:fs");
    const { envSchema } = await import("./env.server");
    const example = readFileSync(".env.example", "utf8");
    const readme = readFileSync("README.md", "utf8");
    // The providers' addresses, set only by the tests to reach their fakes.
    const fakesOnly = /_BASE_URL$|^HUMAN_CHECK_VERIFY_URL$/;
    const keys = Object.keys(envSchema.shape).filter((key) => !fakesOnly.test(key) || key === "JUSPAY_BASE_URL");
    expect(keys.filter((key) => !new RegExp(`^${key}=`, "m").test(example))).toEqual([]);
    const named = (key: string) =>
      readme.includes(`\`${key}\``) || (key.startsWith("JUSPAY_") && readme.includes("`JUSPAY_*`"));
    expect(keys.filter((key) => !named(key))).toEqual([]);
  });
});
