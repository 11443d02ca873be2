import { describe, expect, it } from "vitest";
import { isNewsletterEmail } from "../store/newsletter";
import { newsletterSchema } from "../store/newsletter.server";
import { phoneFieldValue, profilePhone, sendCodeSchema, shortOrderId, verifyCodeSchema } from "./schema";

describe("sign-in fields", () => {
  it("keeps digits only, at most 10", () => {
    expect(phoneFieldValue("98a76-54 321099")).toBe("9876543210");
  });
  it("requires exactly 10 digits to send a code", () => {
    expect(sendCodeSchema.safeParse({ phone: "987654321" }).error?.issues[0]?.message).toBe(
      "Enter a valid 10-digit mobile number.",
    );
    expect(sendCodeSchema.safeParse({ phone: "9876543210" }).success).toBe(true);
  });
  it("accepts a code of at least 4 characters after trimming, at most 6", () => {
    const msg = "Enter the 6-digit code you received.";
    expect(verifyCodeSchema.safeParse({ phone: "9876543210", code: " 123 " }).error?.issues[0]?.message).toBe(msg);
    expect(verifyCodeSchema.safeParse({ phone: "9876543210", code: "1234" }).success).toBe(true);
    expect(verifyCodeSchema.safeParse({ phone: "9876543210", code: "1234567" }).success).toBe(false);
  });
  it("normalises profile phones to the last 10 digits", () => {
    expect(profilePhone("+91 98765 43210")).toBe("9876543210");
  });
  it("shows the last 6 characters of an order id", () => {
    expect(shortOrderId("MND24K7QX9Z3")).toBe("7QX9Z3");
  });
});

describe("newsletter email", () => {
  it("matches a simple pattern, trimmed, of at most 254 characters, in the form and on the server alike", () => {
    expect(newsletterSchema.safeParse({ email: "chef@hotel.in" }).success).toBe(true);
    expect(newsletterSchema.safeParse({ email: "  chef@hotel.in " }).data).toEqual({ email: "chef@hotel.in" });
    expect(newsletterSchema.safeParse({ email: 42 }).success).toBe(false);
    expect(newsletterSchema.safeParse({}).success).toBe(false);
    const longest = `${"a".repeat(245)}@hotel.in`;
    expect(longest).toHaveLength(254);
    expect(isNewsletterEmail(` ${longest} `)).toBe(true);
    expect(isNewsletterEmail(`a${longest}`)).toBe(false);
    expect(newsletterSchema.safeParse({ email: `a${longest}` }).error?.issues[0]?.message).toBe(
      "Please enter a valid email.",
    );
    expect(isNewsletterEmail("chef @hotel.in")).toBe(false);
    expect(newsletterSchema.safeParse({ email: "chef@hotel" }).error?.issues[0]?.message).toBe(
      "Please enter a valid email.",
    );
  });
});
