import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmsError } from "../../app/modules/accounts/sms.server";
import { type OrderFacts, smsFor } from "../../app/modules/notifications/texts";
import { readTemplateNames, WhatsAppOrderMessages } from "../../app/modules/notifications/whatsapp.server";
import { type FakeServer, fakeServer } from "../fakes/http-server";

/** Order messages through the WhatsApp Cloud API adapter, against a fake that speaks its protocol. */

const facts: OrderFacts = {
  storeName: "Annapurna",
  orderNumber: "261206ABCD1234",
  grandTotal: 250_000,
  paymentMethod: "COD",
  courier: "Delhivery",
  trackingNumber: "DL1",
  refundAmount: null,
  link: "annapurna.example/account",
};
const shipped = smsFor("shipped", facts);
const message = {
  storeId: "s",
  phone: "9820012345",
  event: "shipped" as const,
  values: shipped.values,
  text: shipped.text,
};

describe("WhatsApp order messages", () => {
  let fake: FakeServer;
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  beforeAll(async () => {
    fake = await fakeServer((request) =>
      request.headers.authorization !== "Bearer token-1"
        ? {
            status: 401,
            body: { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } },
          }
        : answer,
    );
  });
  afterAll(() => fake.close());
  const sender = (token = "token-1") =>
    new WhatsAppOrderMessages({
      baseUrl: `${fake.url}/v23.0`,
      phoneNumberId: "106540352242922",
      token,
      templates: readTemplateNames("shipped=order_shipped_v3, unknown=x"),
      language: "en_US",
    });

  it("sends the event's approved template with the SMS's values as body parameters", async () => {
    answer = {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: "919820012345", wa_id: "919820012345" }],
        messages: [{ id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDNjg5" }],
      },
    };
    expect(await sender().send(message)).toEqual({ sent: true, reference: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDNjg5" });
    const call = fake.received.at(-1);
    expect(call?.method).toBe("POST");
    expect(call?.url.pathname).toBe("/v23.0/106540352242922/messages");
    expect(call?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(call?.body ?? "{}")).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919820012345",
      type: "template",
      template: {
        name: "order_shipped_v3",
        language: { code: "en_US" },
        components: [
          {
            type: "body",
            parameters: ["Annapurna", "261206ABCD1234", "Delhivery", "DL1", "annapurna.example/account"].map(
              (text) => ({
                type: "text",
                text,
              }),
            ),
          },
        ],
      },
    });
  });

  it("names an unnamed event's template mandi_order_<event>", async () => {
    await sender().send({ ...message, event: "delivered" });
    expect(JSON.parse(fake.received.at(-1)?.body ?? "{}").template.name).toBe("mandi_order_delivered");
  });

  it("records a refusal a retry cannot mend, and throws on an outage or a rate limit", async () => {
    answer = {
      status: 400,
      body: { error: { message: "(#132001) Template name does not exist in the translation", code: 132001 } },
    };
    expect(await sender().send(message)).toEqual({
      sent: false,
      reason:
        "WhatsApp refused the message (HTTP 400, code 132001): (#132001) Template name does not exist in the translation",
    });
    expect(await sender("wrong").send(message)).toEqual({
      sent: false,
      reason: "WhatsApp refused the message (HTTP 401, code 190): Invalid OAuth access token.",
    });
    answer = { status: 429, body: { error: { message: "Rate limit hit", code: 130429 } } };
    await expect(sender().send(message)).rejects.toThrow(SmsError);
    answer = { status: 503, body: { error: { message: "Service temporarily unavailable", code: 2 } } };
    await expect(sender().send(message)).rejects.toThrow(
      "WhatsApp refused the message (HTTP 503, code 2): Service temporarily unavailable",
    );
  });
});
