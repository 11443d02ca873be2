import { describe, expect, it } from "vitest";
import { dltValue, ORDER_EVENTS, type OrderFacts, SMS_TEMPLATES, smsAmount, smsFor } from "./texts";

const facts: OrderFacts = {
  storeName: "Annapurna HoReCa Supplies",
  orderNumber: "261205ABCD1234",
  grandTotal: 1_234_500,
  paymentMethod: "COD",
  courier: "Delhivery",
  trackingNumber: "DL998877",
  refundAmount: 50_000,
  link: "annapurna.example/account",
};

describe("order messages by SMS", () => {
  it("writes each event's message with the store's name and the order number", () => {
    expect(smsFor("placed", facts).text).toBe(
      "Annapurna HoReCa Supplies: your order 261205ABCD1234 of Rs.12,345 is placed, cash on delivery. We will tell you when it is confirmed. annapurna.example/account",
    );
    expect(smsFor("placed", { ...facts, paymentMethod: "ONLINE" }).text).toContain("is placed, paid online.");
    expect(smsFor("confirmed", facts).text).toBe(
      "Annapurna HoReCa Supplies: your order 261205ABCD1234 is confirmed and being packed. annapurna.example/account",
    );
    expect(smsFor("shipped", facts).text).toBe(
      "Annapurna HoReCa Supplies: your order 261205ABCD1234 is on its way with Delhivery, tracking number DL998877. annapurna.example/account",
    );
    expect(smsFor("delivered", facts).text).toBe(
      "Annapurna HoReCa Supplies: your order 261205ABCD1234 is delivered. Thank you for buying from us. annapurna.example/account",
    );
    expect(smsFor("cancelled", facts).text).toBe(
      "Annapurna HoReCa Supplies: your order 261205ABCD1234 is cancelled. Anything you paid online is refunded. annapurna.example/account",
    );
    expect(smsFor("refunded", facts).text).toBe(
      "Annapurna HoReCa Supplies: Rs.500 is refunded for your order 261205ABCD1234. Banks take up to 7 working days. annapurna.example/account",
    );
  });

  it("says who carries a shipment without a courier or tracking number", () => {
    expect(smsFor("shipped", { ...facts, courier: null, trackingNumber: "" }).text).toContain(
      "is on its way with our delivery team, tracking number none.",
    );
  });

  it("gives each template as many values as it has places, in GSM characters", () => {
    for (const event of ORDER_EVENTS) {
      const { template, values, text } = smsFor(event, facts);
      expect(values).toHaveLength(template.text.split("{#var#}").length - 1);
      expect(text).not.toContain("{#var#}");
      expect(text).not.toMatch(/[^\x20-\x7e]/);
      expect(SMS_TEMPLATES[event].text.length).toBeLessThanOrEqual(160);
    }
  });

  it("keeps a value to one line of at most 30 characters, without template characters", () => {
    expect(dltValue("Shree   Ganesh\nCaterers {#var#}")).toBe("Shree Ganesh Caterers var");
    expect(dltValue("x".repeat(40))).toBe("x".repeat(30));
    const long = smsFor("placed", { ...facts, storeName: "The Very Long Name Of A Wholesale Supplier Pvt Ltd" });
    expect(long.values[0]).toBe("The Very Long Name Of A Wholes");
  });

  it("writes amounts in rupees with Indian grouping and no rupee sign", () => {
    expect(smsAmount(12_345_678_900)).toBe("Rs.12,34,56,789");
    expect(smsAmount(9_900)).toBe("Rs.99");
  });
});
