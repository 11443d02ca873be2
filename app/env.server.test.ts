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

  it("treats an empty optional value as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("requires an adapter's keys when it is chosen", () => {
    expect(() => parseEnv({ PAYMENT_GATEWAY: "juspay" })).toThrow(
      "Invalid configuration: JUSPAY_MERCHANT_ID, JUSPAY_API_KEY, JUSPAY_PAYMENT_PAGE_CLIENT_ID, JUSPAY_WEBHOOK_USERNAME, JUSPAY_WEBHOOK_PASSWORD must be set when PAYMENT_GATEWAY=juspay",
    );
  });

  it("never runs the development SMS outbox on a public store", () => {
    expect(() => parseEnv({ PUBLIC_URL: "https://shop.example.in" })).toThrow(/SMS_PROVIDER/);
  });
});
