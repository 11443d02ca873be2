import { describe, expect, it } from "vitest";
import { REFUND_MESSAGES, refundedTotal, refundProblem } from "./refund-rules";

describe("what may be refunded", () => {
  it("takes any amount up to what was paid less what is refunded", () => {
    expect(refundProblem({ paid: 4_849_00, refunded: 0, amount: 4_849_00 })).toBeNull();
    expect(refundProblem({ paid: 4_849_00, refunded: 1_000_00, amount: 3_849_00 })).toBeNull();
  });

  it("refuses more, saying how much is left", () => {
    expect(refundProblem({ paid: 4_849_00, refunded: 1_000_00, amount: 3_849_01 })).toBe(
      "You can refund at most ₹3,849: ₹1,000 of ₹4,849 is refunded already.",
    );
    expect(refundProblem({ paid: 4_849_00, refunded: 4_849_00, amount: 1_00 })).toBe(REFUND_MESSAGES.nothingLeft);
    expect(refundProblem({ paid: 4_849_00, refunded: 0, amount: 0 })).toBe(REFUND_MESSAGES.amount);
  });

  it("counts every refund but the failed ones", () => {
    expect(
      refundedTotal([
        { amount: 1_000_00, status: "done" },
        { amount: 500_00, status: "failed" },
        { amount: 200_00, status: "pending" },
      ]),
    ).toBe(1_200_00);
  });
});
