import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Msg91Sms, SmsError, TwilioVerifySms } from "../../app/modules/accounts/sms.server";
import { type FakeServer, fakeServer } from "../fakes/http-server";

/**
 * The real SMS providers against fakes that speak their protocols over HTTP
 * (reference/india.md): MSG91's OTP API and Twilio Verify.
 */

describe("MSG91", () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await fakeServer((r) =>
      r.headers.authkey === "auth-123" && r.url.searchParams.get("mobile")?.match(/^91\d{10}$/)
        ? { status: 200, body: { type: "success", request_id: "3563646a7" } }
        : { status: 401, body: { type: "error", message: "Authentication failure" } },
    );
  });
  afterAll(() => fake.close());

  it("sends Mandi's code through the DLT template", async () => {
    const sms = new Msg91Sms({ baseUrl: fake.url, authKey: "auth-123", templateId: "tmpl-1" });
    await sms.send({ storeId: "s", storeName: "Annapurna", phone: "9820012345", code: "123456" });
    const [call] = fake.received;
    expect(call?.method).toBe("POST");
    expect(call?.url.pathname).toBe("/api/v5/otp");
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toMatchObject({
      template_id: "tmpl-1",
      mobile: "919820012345",
      otp: "123456",
    });
    expect(sms.ownsCode).toBe(false);
  });

  it("turns a refusal into an error", async () => {
    const sms = new Msg91Sms({ baseUrl: fake.url, authKey: "wrong", templateId: "tmpl-1" });
    await expect(sms.send({ storeId: "s", storeName: "A", phone: "9820012345", code: "123456" })).rejects.toThrow(
      SmsError,
    );
  });
});

describe("Twilio Verify", () => {
  let fake: FakeServer;
  const pending = new Map<string, string>();
  beforeAll(async () => {
    fake = await fakeServer((r) => {
      const auth = `Basic ${Buffer.from("AC1:tok").toString("base64")}`;
      if (r.headers.authorization !== auth) return { status: 401, body: { code: 20003, message: "Authenticate" } };
      const form = new URLSearchParams(r.body);
      const to = form.get("To") ?? "";
      if (r.url.pathname === "/v2/Services/VA1/Verifications") {
        pending.set(to, "654321");
        return { status: 201, body: { sid: "VE1", to, channel: "sms", status: "pending" } };
      }
      if (r.url.pathname === "/v2/Services/VA1/VerificationCheck") {
        const expected = pending.get(to);
        if (!expected) return { status: 404, body: { code: 20404, message: "not found" } };
        const approved = form.get("Code") === expected;
        if (approved) pending.delete(to);
        return { status: 200, body: { sid: "VE1", to, status: approved ? "approved" : "pending", valid: approved } };
      }
      return { status: 404, body: {} };
    });
  });
  afterAll(() => fake.close());

  it("lets Twilio make, send and check the code", async () => {
    const sms = new TwilioVerifySms({ baseUrl: fake.url, accountSid: "AC1", authToken: "tok", serviceSid: "VA1" });
    expect(sms.ownsCode).toBe(true);
    await sms.send({ storeId: "s", storeName: "A", phone: "9820012345", code: null });
    expect(new URLSearchParams(fake.received[0]?.body).get("To")).toBe("+919820012345");
    expect(new URLSearchParams(fake.received[0]?.body).get("Channel")).toBe("sms");
    expect(await sms.check("9820012345", "111111")).toBe(false);
    expect(await sms.check("9820012345", "654321")).toBe(true);
    // Used up: no pending verification any more.
    expect(await sms.check("9820012345", "654321")).toBe(false);
  });

  it("turns bad credentials into an error", async () => {
    const sms = new TwilioVerifySms({ baseUrl: fake.url, accountSid: "AC1", authToken: "bad", serviceSid: "VA1" });
    await expect(sms.send({ storeId: "s", storeName: "A", phone: "9820012345", code: null })).rejects.toThrow(SmsError);
  });
});
