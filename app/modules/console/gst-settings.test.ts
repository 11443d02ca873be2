import { describe, expect, it } from "vitest";
import { gstFormSchema } from "./gst-settings.server";

const form = {
  legalName: "Annapurna Foodservice Private Limited",
  gstin: "27aapfu0939f1zv",
  address: "Unit 14, APMC Market, Vashi",
  stateCode: "27",
  invoicePrefix: "ann",
  issueOn: "confirmed",
  rates: "0, 0.25, 3, 5, 18, 40",
  shippingSac: "9965",
  shippingRate: "18",
  defaultRate: "5",
  defaultHsn: "",
};

const messages = (input: Record<string, string>) => {
  const parsed = gstFormSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("the GST page's form", () => {
  it("takes a registration with the store's list of rates, lowest first", () => {
    expect(gstFormSchema.parse({ ...form, rates: "18 5 0.25,40;0,3" })).toMatchObject({
      gstin: "27AAPFU0939F1ZV",
      invoicePrefix: "ANN",
      rates: [0, 0.25, 3, 5, 18, 40],
      shippingRate: 18,
      defaultRate: 5,
    });
  });

  it("names each mistake at its field", () => {
    expect(messages({ ...form, rates: "5, 12%, 12" })).toEqual({ rates: "12% is listed twice." });
    expect(messages({ ...form, rates: "5, twelve" })).toEqual({
      rates: '"twelve" is not a rate: use percentages like 5 or 0.25.',
    });
    expect(messages({ ...form, rates: "" })).toEqual({ rates: "List at least one rate, like 0, 5, 18." });
    expect(messages({ ...form, rates: "0, 5, 12" })).toEqual({
      shippingRate: "Choose the shipping's GST rate from the rates listed.",
    });
    expect(messages({ ...form, rates: "0, 18", gstin: "29AAGCB7383J1Z4" })).toEqual({
      defaultRate: "Choose the GST rate for products without one from the rates listed.",
      stateCode: "Your GSTIN starts with another state's code: choose the state it was issued in.",
    });
  });
});
