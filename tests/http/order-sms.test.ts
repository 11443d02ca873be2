import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmsError } from "../../app/modules/accounts/sms.server";
import { Msg91OrderSms, readTemplateIds, TwilioOrderSms } from "../../app/modules/notifications/sms-senders.server";
import { type OrderFacts, smsFor } from "../../app/modules/notifications/texts";
import { type FakeServer, fakeServer } from "../fakes/http-server";

/**
 * Order messages through the real SMS adapters against fakes that speak their protocols over
 * HTTP: MSG91's Flow API with a DLT template id and its values, Twilio's Messages API.
 */

const facts: OrderFacts = {
  storeName: "Annapurna",
  orderNumber: "261205ABCD1234",
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

describe("MSG91 order messages", () => {
  let fake: FakeServer;
  let down = false;
  beforeAll(async () => {
    fake = await fakeServer((r) =>
      down
        ? { status: 500, body: { type: "error", message: "Internal error" } }
        : r.headers.authkey === "auth-123"
          ? { status: 200, body: { type: "success", message: "3763646c6f6e323231" } }
          : { status: 401, body: { type: "error", message: "Authentication failure" } },
    );
  });
  afterAll(() => fake.close());

  it("sends the event's DLT template with its values as VAR1, VAR2...", async () => {
    const sender = new Msg91OrderSms({ baseUrl: fake.url, authKey: "auth-123", templateIds: { shipped: "1207-ship" } });
    expect(await sender.send(message)).toEqual({ sent: true, reference: "3763646c6f6e323231" });
    const call = fake.received.at(-1);
    expect(call?.method).toBe("POST");
    expect(call?.url.pathname).toBe("/api/v5/flow");
    expect(JSON.parse(call?.body ?? "{}")).toEqual({
      template_id: "1207-ship",
      short_url: "0",
      recipients: [
        {
          mobiles: "919820012345",
          VAR1: "Annapurna",
          VAR2: "261205ABCD1234",
          VAR3: "Delhivery",
          VAR4: "DL1",
          VAR5: "annapurna.example/account",
        },
      ],
    });
  });

  it("sends nothing for an event without a template id, and says why", async () => {
    const before = fake.received.length;
    const sender = new Msg91OrderSms({ baseUrl: fake.url, authKey: "auth-123", templateIds: {} });
    expect(await sender.send(message)).toEqual({
      sent: false,
      reason: 'no DLT template id for "shipped" in SMS_ORDER_TEMPLATE_IDS',
    });
    expect(fake.received.length).toBe(before);
  });

  it("throws on a refusal or an outage, so the job is tried again", async () => {
    const wrongKey = new Msg91OrderSms({ baseUrl: fake.url, authKey: "wrong", templateIds: { shipped: "1" } });
    await expect(wrongKey.send(message)).rejects.toThrow(
      "MSG91 refused the message (HTTP 401): Authentication failure",
    );
    down = true;
    const sender = new Msg91OrderSms({ baseUrl: fake.url, authKey: "auth-123", templateIds: { shipped: "1" } });
    await expect(sender.send(message)).rejects.toBeInstanceOf(SmsError);
    down = false;
    const unreachable = new Msg91OrderSms({
      baseUrl: "http://127.0.0.1:1",
      authKey: "a",
      templateIds: { shipped: "1" },
    });
    await expect(unreachable.send(message)).rejects.toThrow(/^SMS provider unreachable/);
  });

  it("reads the template ids setting", () => {
    expect(readTemplateIds("placed=1207-a, shipped = 1207-b")).toEqual({ placed: "1207-a", shipped: "1207-b" });
    expect(readTemplateIds(undefined)).toEqual({});
  });
});

describe("Twilio order messages", () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await fakeServer((r) =>
      r.headers.authorization === `Basic ${Buffer.from("AC123:token").toString("base64")}`
        ? { status: 201, body: { sid: "SM0001", status: "accepted" } }
        : { status: 401, body: { code: 20003, message: "Authenticate" } },
    );
  });
  afterAll(() => fake.close());

  it("sends the whole text through the messaging service", async () => {
    const sender = new TwilioOrderSms({
      baseUrl: fake.url,
      accountSid: "AC123",
      authToken: "token",
      messagingServiceSid: "MG555",
    });
    expect(await sender.send(message)).toEqual({ sent: true, reference: "SM0001" });
    const call = fake.received.at(-1);
    expect(call?.url.pathname).toBe("/2010-04-01/Accounts/AC123/Messages.json");
    expect(Object.fromEntries(new URLSearchParams(call?.body ?? ""))).toEqual({
      To: "+919820012345",
      MessagingServiceSid: "MG555",
      Body: shipped.text,
    });
  });

  it("throws on a refusal", async () => {
    const sender = new TwilioOrderSms({
      baseUrl: fake.url,
      accountSid: "AC123",
      authToken: "x",
      messagingServiceSid: "MG",
    });
    await expect(sender.send(message)).rejects.toThrow("Twilio refused the message (HTTP 401): Authenticate");
  });
});
