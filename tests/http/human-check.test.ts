import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../app/logger.server";
import { humanCheck } from "../../app/modules/accounts/human-check.server";
import { type FakeServer, fakeServer } from "../fakes/http-server";

/**
 * The human check before a sign-in code is sent, against a fake of the providers' siteverify
 * API (Turnstile and reCAPTCHA share its shape: a form POST of secret, response and remoteip,
 * answered with { success, score? }).
 */

const log = createLogger("silent");

describe("human check", () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await fakeServer((r) => {
      const form = new URLSearchParams(r.body);
      if (r.method !== "POST" || form.get("secret") !== "sekret") return { status: 200, body: { success: false } };
      switch (form.get("response")) {
        case "human":
          return { status: 200, body: { success: true, hostname: "shop.example.in" } };
        case "bot-ish":
          return { status: 200, body: { success: true, score: 0.1 } };
        case "broken":
          return { status: 500, body: "oops" };
        default:
          return { status: 200, body: { success: false, "error-codes": ["invalid-input-response"] } };
      }
    });
  });
  afterAll(() => fake.close());

  const env = (kind: "turnstile" | "recaptcha", secret = "sekret") => ({
    HUMAN_CHECK: kind,
    HUMAN_CHECK_SITE_KEY: "site-1",
    HUMAN_CHECK_SECRET: secret,
    HUMAN_CHECK_VERIFY_URL: `${fake.url}/siteverify`,
  });

  it("is off by default: every request passes and the page needs no widget", async () => {
    const check = humanCheck({ HUMAN_CHECK: "off" }, log);
    expect(check.siteKey).toBeNull();
    expect(await check.verify(undefined, "10.0.0.1")).toBe(true);
  });

  it("passes a token the provider accepts, sending the secret, token and client address", async () => {
    const check = humanCheck(env("turnstile"), log);
    expect(check.siteKey).toBe("site-1");
    expect(await check.verify("human", "203.0.113.9")).toBe(true);
    const sent = new URLSearchParams(fake.received.at(-1)?.body);
    expect(Object.fromEntries(sent)).toEqual({ secret: "sekret", response: "human", remoteip: "203.0.113.9" });
    expect(fake.received.at(-1)?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  it("refuses a missing, oversized, rejected or low-scoring token, a wrong secret and a provider error", async () => {
    const before = fake.received.length;
    const turnstile = humanCheck(env("turnstile"), log);
    expect(await turnstile.verify(undefined, "ip")).toBe(false);
    expect(await turnstile.verify("", "ip")).toBe(false);
    expect(await turnstile.verify("x".repeat(5000), "ip")).toBe(false);
    // Those three never reached the provider.
    expect(fake.received.length).toBe(before);
    expect(await turnstile.verify("forged", "ip")).toBe(false);
    expect(await turnstile.verify("broken", "ip")).toBe(false);
    expect(await humanCheck(env("turnstile", "wrong"), log).verify("human", "ip")).toBe(false);
    expect(await humanCheck(env("recaptcha"), log).verify("bot-ish", "ip")).toBe(false);
    expect(await humanCheck(env("recaptcha"), log).verify("human", "ip")).toBe(true);
  });

  it("fails closed when the provider cannot be reached", async () => {
    const check = humanCheck({ ...env("turnstile"), HUMAN_CHECK_VERIFY_URL: "http://127.0.0.1:9/siteverify" }, log);
    expect(await check.verify("human", "ip")).toBe(false);
  });
});
