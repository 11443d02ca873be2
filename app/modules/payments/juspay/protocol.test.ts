import { describe, expect, it } from "vitest";
import {
  basicAuth,
  checkBasicAuth,
  formatAmount,
  formEncode,
  parseAmount,
  readGatewayEvent,
  readGatewayOrder,
  signReturnParams,
  verifyReturnParams,
} from "./protocol";

describe("return URL signature (reference test vector)", () => {
  const key = "92206A0A4A75499C9B11206C2B3B9A53";
  const params = new URLSearchParams({
    order_id: "order_1727694028",
    status: "AUTHORIZATION_FAILED",
    status_id: "27",
    myQP: "aGVsbG9Xb3JsZA==",
  });

  it("signs the vector's parameters to the vector's signature", () => {
    expect(signReturnParams(params, key)).toBe("8Esx2nrz3KE059rdsTkffYKu6AXXk07KzBo3KOexl3I=");
  });

  it("verifies the signature as sent, once-encoded and twice-encoded", () => {
    const signature = "8Esx2nrz3KE059rdsTkffYKu6AXXk07KzBo3KOexl3I=";
    for (const sent of [signature, encodeURIComponent(signature), encodeURIComponent(encodeURIComponent(signature))]) {
      const withSignature = new URLSearchParams(params);
      withSignature.set("signature", sent);
      withSignature.set("signature_algorithm", "HMAC-SHA256");
      expect(verifyReturnParams(withSignature, key)).toBe(true);
    }
  });

  it("refuses a changed status, a wrong key, a missing signature and another algorithm", () => {
    const signed = new URLSearchParams(params);
    signed.set("signature", "8Esx2nrz3KE059rdsTkffYKu6AXXk07KzBo3KOexl3I=");
    const tampered = new URLSearchParams(signed);
    tampered.set("status", "CHARGED");
    expect(verifyReturnParams(tampered, key)).toBe(false);
    expect(verifyReturnParams(signed, "another key")).toBe(false);
    expect(verifyReturnParams(params, key)).toBe(false);
    const md5 = new URLSearchParams(signed);
    md5.set("signature_algorithm", "MD5");
    expect(verifyReturnParams(md5, key)).toBe(false);
  });

  it("encodes like Java's URLEncoder", () => {
    expect(formEncode("a b!'()~*._-")).toBe("a+b%21%27%28%29%7E*._-");
    expect(formEncode("x=y&z")).toBe("x%3Dy%26z");
  });
});

describe("amounts", () => {
  it("formats paise as rupees with two decimals", () => {
    expect(formatAmount(149900)).toBe("1499.00");
    expect(formatAmount(5)).toBe("0.05");
    expect(formatAmount(123456)).toBe("1234.56");
    expect(() => formatAmount(-1)).toThrow();
    expect(() => formatAmount(1.5)).toThrow();
  });

  it("reads the gateway's numbers and strings back as paise", () => {
    expect(parseAmount(1499)).toBe(149900);
    expect(parseAmount(1234.56)).toBe(123456);
    expect(parseAmount("0.5")).toBe(50);
    expect(parseAmount("1499.00")).toBe(149900);
    expect(parseAmount("abc")).toBeNull();
    expect(parseAmount("1.234")).toBeNull();
    expect(parseAmount(null)).toBeNull();
  });
});

describe("basic auth", () => {
  it("accepts exactly the configured pair", () => {
    expect(checkBasicAuth(basicAuth("hook", "s3cret"), "hook", "s3cret")).toBe(true);
    expect(checkBasicAuth(basicAuth("hook", "wrong"), "hook", "s3cret")).toBe(false);
    expect(checkBasicAuth(basicAuth("hook", "s3cret2"), "hook", "s3cret")).toBe(false);
    expect(checkBasicAuth("Bearer abc", "hook", "s3cret")).toBe(false);
    expect(checkBasicAuth(null, "hook", "s3cret")).toBe(false);
  });
});

describe("reading gateway answers leniently", () => {
  it("reads an order status object with extra fields", () => {
    const order = readGatewayOrder({
      id: "ordeh_1",
      order_id: "2611220ABCDEFGH",
      status: "CHARGED",
      status_id: 21,
      amount: 1499,
      currency: "INR",
      refunded: false,
      amount_refunded: 0,
      txn_id: "m-2611220ABCDEFGH-1",
      payment_method_type: "UPI",
      something_new: { nested: true },
      txn_detail: { status: "CHARGED", error_message: "" },
    });
    expect(order).toMatchObject({ orderId: "2611220ABCDEFGH", status: "CHARGED", statusId: 21, amount: 149900 });
    expect(readGatewayOrder({ status: "CHARGED" })).toBeNull();
    expect(readGatewayOrder("nope")).toBeNull();
  });

  it("reads a webhook event", () => {
    expect(
      readGatewayEvent({ id: "evt_V2_1", event_name: "ORDER_SUCCEEDED", content: { order: { order_id: "A1" } } }),
    ).toEqual({ id: "evt_V2_1", name: "ORDER_SUCCEEDED", orderId: "A1" });
    expect(readGatewayEvent({ event_name: "ORDER_SUCCEEDED" })).toBeNull();
  });
});
