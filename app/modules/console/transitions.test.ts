import { describe, expect, it } from "vitest";
import { nextStatuses, TRANSITION_MESSAGES, transitionProblem } from "./transitions";

const cod = { status: "Pending", paymentMethod: "COD" as const, paymentStatus: "pending", awaitingCode: false };

describe("the fulfilment workflow", () => {
  it("goes Pending, Confirmed, Packed, Shipped, Delivered, and may be cancelled before delivery", () => {
    expect(nextStatuses("Pending")).toEqual(["Confirmed", "Cancelled"]);
    expect(nextStatuses("Confirmed")).toEqual(["Packed", "Cancelled"]);
    expect(nextStatuses("Packed")).toEqual(["Shipped", "Cancelled"]);
    expect(nextStatuses("Shipped")).toEqual(["Delivered", "Cancelled"]);
    expect(nextStatuses("Delivered")).toEqual([]);
    expect(nextStatuses("Cancelled")).toEqual([]);
  });

  it("refuses a step out of order, or out of an ended order, naming both statuses", () => {
    expect(transitionProblem(cod, "Shipped")).toBe("An order that is Pending cannot be marked Shipped.");
    expect(transitionProblem({ ...cod, status: "Delivered" }, "Cancelled")).toBe(
      "An order that is Delivered cannot be marked Cancelled.",
    );
    expect(transitionProblem({ ...cod, status: "Cancelled" }, "Confirmed")).toBe(
      "An order that is Cancelled cannot be marked Confirmed.",
    );
    expect(transitionProblem(cod, "Confirmed")).toBeNull();
    expect(transitionProblem({ ...cod, status: "Shipped" }, "Cancelled")).toBeNull();
  });

  it("waits for a COD order's code and an online order's payment before confirming", () => {
    expect(transitionProblem({ ...cod, awaitingCode: true }, "Confirmed")).toBe(TRANSITION_MESSAGES.awaitingCode);
    const online = { ...cod, paymentMethod: "ONLINE" as const };
    expect(transitionProblem(online, "Confirmed")).toBe(TRANSITION_MESSAGES.unpaid);
    expect(transitionProblem({ ...online, paymentStatus: "paid" }, "Confirmed")).toBeNull();
  });

  it("does not cancel a paid online order without its refund", () => {
    const paid = { ...cod, paymentMethod: "ONLINE" as const, paymentStatus: "paid", status: "Confirmed" };
    expect(transitionProblem(paid, "Cancelled")).toBe(TRANSITION_MESSAGES.paidOnline);
    expect(transitionProblem(paid, "Cancelled", true)).toBeNull();
    expect(transitionProblem({ ...paid, paymentStatus: "failed" }, "Cancelled")).toBeNull();
  });
});
