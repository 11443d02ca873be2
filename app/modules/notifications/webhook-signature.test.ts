import { describe, expect, it } from "vitest";
import {
  newWebhookSecret,
  signWebhook,
  verifyWebhook,
  webhookHeaders,
  webhookUrlProblem,
} from "./webhook-signature.server";

describe("webhook signatures", () => {
  // The Standard Webhooks project's own example, so its libraries accept what Mandi sends.
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
  const body = '{"test": 2432232314}';

  it("signs id, timestamp and body as Standard Webhooks does", () => {
    expect(signWebhook(secret, id, 1614265330, body)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    expect(webhookHeaders(secret, id, 1614265330, body)).toEqual({
      "webhook-id": id,
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    });
  });

  it("verifies a fresh delivery, and refuses a changed body, another secret or an old timestamp", () => {
    const at = 1_800_000_000;
    const headers = { id, timestamp: String(at), signature: signWebhook(secret, id, at, body) };
    expect(verifyWebhook(secret, headers, body, at * 1000)).toBe(true);
    // One of several signatures (a secret being rotated) is enough.
    expect(verifyWebhook(secret, { ...headers, signature: `v1,bm9wZQ== ${headers.signature}` }, body, at * 1000)).toBe(
      true,
    );
    expect(verifyWebhook(secret, headers, '{"test": 1}', at * 1000)).toBe(false);
    expect(verifyWebhook(newWebhookSecret(), headers, body, at * 1000)).toBe(false);
    expect(verifyWebhook(secret, headers, body, (at + 301) * 1000)).toBe(false);
  });

  it("makes secrets of 24 random bytes", () => {
    const made = newWebhookSecret();
    expect(made).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(newWebhookSecret()).not.toBe(made);
  });

  it("takes https anywhere and http only to this machine", () => {
    expect(webhookUrlProblem("https://tools.example.in/mandi")).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:8080/hook")).toBeNull();
    expect(webhookUrlProblem("http://localhost/hook")).toBeNull();
    expect(webhookUrlProblem("http://tools.example.in/mandi")).toBe(
      "Use an https address (http only to this machine).",
    );
    expect(webhookUrlProblem("ftp://tools.example.in")).toBe("Use an https address (http only to this machine).");
    expect(webhookUrlProblem("tools.example.in")).toBe("Enter a full address, like https://tools.example.in/mandi.");
    expect(webhookUrlProblem("https://user:pass@tools.example.in")).toBe(
      "Leave the user name and password out of the address.",
    );
  });
});
