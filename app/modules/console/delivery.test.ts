import { describe, expect, it } from "vitest";
import { shippingFormSchema } from "./delivery.server";

describe("the shipping form", () => {
  it("reads rupees and the ticks", () => {
    expect(
      shippingFormSchema.parse({
        enabled: "on",
        freeShippingThreshold: "₹7,500",
        defaultRate: "199",
        intent: "shipping",
      }),
    ).toEqual({ enabled: true, freeShippingThreshold: 7500_00, defaultRate: 199_00, applyDefaultIfNoZone: false });
    expect(shippingFormSchema.parse({})).toEqual({
      enabled: false,
      freeShippingThreshold: 0,
      defaultRate: 0,
      applyDefaultIfNoZone: false,
    });
  });

  it("names a wrong amount at its field", () => {
    const parsed = shippingFormSchema.safeParse({ freeShippingThreshold: "free", defaultRate: "-5" });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["freeShippingThreshold", "Enter the amount from which delivery is free in rupees, like 99, or 0."],
      ["defaultRate", "Enter the default rate in rupees, like 99, or 0."],
    ]);
  });
});
