import { describe, expect, it } from "vitest";
import { isForwardTransition, mapGatewayStatus, normalisePaymentStatus } from "./status";

describe("gateway mapping", () => {
  it.each([
    ["CHARGED", "paid"],
    ["PENDING", "pending"],
    ["PENDING_VBV", "pending"],
    ["REFUNDED", "refunded"],
    ["VOIDED", "voided"],
    ["AUTHENTICATION_FAILED", "failed"],
    ["AUTHORIZATION_FAILED", "failed"],
    ["FAILED", "failed"],
    ["NEW", "pending"],
    ["STARTED", "pending"],
    ["AUTHORIZING", "pending"],
    ["VBV_SUCCESSFUL", "pending"],
    ["JUSPAY_DECLINED", "failed"],
    ["AUTO_REFUNDED", "refunded"],
    ["COD_INITIATED", "unknown"],
    ["SOMETHING_NEW", "unknown"],
    ["", "unknown"],
  ])("%s gives %s", (code, status) => {
    expect(mapGatewayStatus(code)).toBe(status);
  });

  it("treats a CHARGED order with refunded: true as refunded", () => {
    expect(mapGatewayStatus({ status: "CHARGED", refunded: true })).toBe("refunded");
    // A partial refund leaves the order paid; the whole amount refunded is refunded.
    expect(mapGatewayStatus({ status: "CHARGED", refunded: true, amount: 4_849_00, amountRefunded: 1_000_00 })).toBe(
      "paid",
    );
    expect(mapGatewayStatus({ status: "CHARGED", refunded: true, amount: 4_849_00, amountRefunded: 4_849_00 })).toBe(
      "refunded",
    );
  });
});

describe("normalisation order", () => {
  it("takes the order's own status first", () => {
    expect(normalisePaymentStatus({ orderStatus: "paid", queryStatus: "failed" })).toBe("paid");
  });
  it("then the query status, with pending_verification as pending", () => {
    expect(normalisePaymentStatus({ orderStatus: "Pending COD", queryStatus: "failed" })).toBe("failed");
    expect(normalisePaymentStatus({ queryStatus: "pending_verification" })).toBe("pending");
    expect(normalisePaymentStatus({ queryStatus: "CHARGED", webhookGatewayStatus: "FAILED" })).toBe("failed");
  });
  it("then the webhook's gateway status, then the last-polled one", () => {
    expect(normalisePaymentStatus({ webhookGatewayStatus: "CHARGED", polledGatewayStatus: "PENDING" })).toBe("paid");
    expect(normalisePaymentStatus({ polledGatewayStatus: "VOIDED" })).toBe("voided");
  });
  it("else unknown", () => {
    expect(normalisePaymentStatus({})).toBe("unknown");
  });
});

describe("transitions", () => {
  it("only move forward", () => {
    expect(isForwardTransition("pending", "paid")).toBe(true);
    expect(isForwardTransition("paid", "pending")).toBe(false);
    expect(isForwardTransition("paid", "refunded")).toBe(true);
    expect(isForwardTransition("refunded", "paid")).toBe(false);
    expect(isForwardTransition("failed", "pending")).toBe(true);
    expect(isForwardTransition("failed", "paid")).toBe(true);
    expect(isForwardTransition("pending", "refunded")).toBe(true);
    expect(isForwardTransition("paid", "failed")).toBe(false);
    expect(isForwardTransition("voided", "paid")).toBe(false);
    expect(isForwardTransition("pending", "unknown")).toBe(false);
  });

  it("read Juspay's further codes", () => {
    expect(mapGatewayStatus("AUTHORIZED")).toBe("pending");
    expect(mapGatewayStatus("PARTIAL_CHARGED")).toBe("unknown");
    expect(mapGatewayStatus({ status: "CHARGED", refunded: true })).toBe("refunded");
  });
});
