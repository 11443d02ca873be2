import { describe, expect, it } from "vitest";
import { gstinCheckCharacter, gstinProblem } from "../india/gstin";
import { addressFormSchema, CHECKOUT_MESSAGES, fieldErrors, normaliseIndianPhone, splitFullName } from "./schema";

const valid = {
  fullName: "Asha Patil",
  phone: "9876543210",
  email: "",
  addressLine1: "12 Crawford Market",
  city: "Mumbai",
  state: "Maharashtra",
  pincode: "400001",
  gstNumber: "",
};

function errorsFor(input: Record<string, unknown>) {
  const result = addressFormSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe("checkout form", () => {
  it("accepts a complete address", () => {
    expect(addressFormSchema.safeParse(valid).success).toBe(true);
  });

  it("gives the spec's message for every required field", () => {
    expect(
      errorsFor({ fullName: " ", phone: "98765", email: "", addressLine1: "", city: "", state: "", pincode: "4000" }),
    ).toEqual({
      fullName: "Full name is required.",
      phone: "Enter a valid 10-digit phone number.",
      addressLine1: "Address Line 1 is required.",
      city: "City is required.",
      state: "State is required.",
      pincode: "Enter a valid 6-digit pincode.",
    });
  });

  it("checks an optional email's pattern", () => {
    expect(errorsFor({ ...valid, email: "asha@" })).toEqual({ email: "Please enter a valid email address." });
    expect(errorsFor({ ...valid, email: "asha@hotel.in" })).toEqual({});
  });

  it("accepts phones typed with +91, 0, spaces or dashes, and keeps 10 digits", () => {
    expect(normaliseIndianPhone("+91 98765-43210")).toBe("9876543210");
    expect(normaliseIndianPhone("09876543210")).toBe("9876543210");
    expect(addressFormSchema.parse({ ...valid, phone: "+91 98765 43210" }).phone).toBe("9876543210");
    expect(errorsFor({ ...valid, phone: "98765432101" })).toEqual({ phone: CHECKOUT_MESSAGES.phone });
  });

  it("upper-cases the GSTIN and checks its pattern", () => {
    expect(addressFormSchema.parse({ ...valid, gstNumber: " 27aapfu0939f1zv " }).gstNumber).toBe("27AAPFU0939F1ZV");
    expect(errorsFor({ ...valid, gstNumber: "27AAPFU0939F1Z" })).toEqual({ gstNumber: "Invalid GSTIN format." });
    expect(errorsFor({ ...valid, gstNumber: "27AAPFU0939F1ZV1" })).toEqual({ gstNumber: "Invalid GSTIN format." });
    expect(errorsFor({ ...valid, gstNumber: "27AAPFU0939F0ZV" })).toEqual({ gstNumber: "Invalid GSTIN format." });
  });

  it("tells a wrong GSTIN check digit apart as a typing mistake", () => {
    expect(errorsFor({ ...valid, gstNumber: "27AAPFU0939F1ZA" })).toEqual({
      gstNumber: CHECKOUT_MESSAGES.gstCheckDigit,
    });
  });

  it("refuses oversized fields with a clear message", () => {
    expect(errorsFor({ ...valid, addressLine1: "x".repeat(10_000) })).toEqual({
      addressLine1: "Keep this under 201 characters.",
    });
  });

  it("splits a full name at its last space", () => {
    expect(splitFullName("Asha Rani  Patil")).toEqual({ firstName: "Asha Rani", lastName: "Patil" });
    expect(splitFullName("Asha")).toEqual({ firstName: "Asha", lastName: "" });
  });
});

describe("GSTIN check digit", () => {
  it.each(["27AAPFU0939F1ZV", "29AAGCB7383J1Z4", "07AAACR5055K1Z9"])("accepts %s", (gstin) => {
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.charAt(14));
    expect(gstinProblem(gstin)).toBeNull();
  });
  it("rejects 27AAPFU0939F1ZA", () => {
    expect(gstinProblem("27AAPFU0939F1ZA")).toBe("check-digit");
  });
  it("rejects an unknown state code", () => {
    const first14 = "99AAPFU0939F1Z";
    expect(gstinProblem(first14 + gstinCheckCharacter(first14))).toBe("state-code");
  });
});
