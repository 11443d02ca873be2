import { describe, expect, it } from "vitest";
import { testConveniences } from "./conveniences";

describe("the start-up notice of test conveniences", () => {
  it("names the outbox and the sandbox, and who can reach the sandbox, when the store listens on every address", () => {
    const lines = testConveniences({
      SMS_PROVIDER: "outbox",
      PAYMENT_GATEWAY: "sandbox",
      HOST: "0.0.0.0",
      EMAIL_TRANSPORT: "smtp",
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("SMS_PROVIDER=outbox");
    expect(lines[0]).toContain("from this machine only");
    expect(lines[1]).toContain("PAYMENT_GATEWAY=sandbox");
    expect(lines[1]).toContain("anyone who can reach 0.0.0.0");
  });

  it("says order emails are only written to files", () => {
    const lines = testConveniences({
      SMS_PROVIDER: "msg91",
      PAYMENT_GATEWAY: "juspay",
      HOST: "0.0.0.0",
      EMAIL_TRANSPORT: "files",
    });
    expect(lines).toEqual([
      "Test convenience on: EMAIL_TRANSPORT=files sends no email; order emails are written under DATA_DIR/email-outbox and shown on the console's Messages page. Set EMAIL_TRANSPORT=smtp with SMTP_URL for a real store.",
    ]);
  });

  it("says this machine only when the store listens on loopback", () => {
    const [line] = testConveniences({
      SMS_PROVIDER: "twilio",
      PAYMENT_GATEWAY: "sandbox",
      HOST: "127.0.0.1",
      EMAIL_TRANSPORT: "off",
    });
    expect(line).toContain("only this machine can place an order");
  });

  it("says nothing when every convenience is off", () => {
    expect(
      testConveniences({ SMS_PROVIDER: "msg91", PAYMENT_GATEWAY: "juspay", HOST: "0.0.0.0", EMAIL_TRANSPORT: "smtp" }),
    ).toEqual([]);
  });
});
