import { describe, expect, it } from "vitest";
import { ADDRESS_FIELDS, addressFormFromSaved, SAVED_DETAILS_FIELDS } from "./address-fields";

describe("the address's fields, listed once", () => {
  it("fills the checkout from saved details, each field under its own name", () => {
    expect(
      addressFormFromSaved({
        name: "Asha Rani Patil",
        phone: "9820012345",
        email: "asha@example.in",
        address: "12 MG Road",
        apartment: "Flat 4B",
        city: "Pune",
        state: "Maharashtra",
        pin: "411001",
        landmark: "Near the temple",
        companyName: "Asha Caterers",
        gstNumber: "27AAPFU0939F1ZV",
      }),
    ).toEqual({
      fullName: "Asha Rani Patil",
      phone: "9820012345",
      email: "asha@example.in",
      addressLine1: "12 MG Road",
      addressLine2: "Flat 4B",
      city: "Pune",
      state: "Maharashtra",
      pincode: "411001",
      landmark: "Near the temple",
      companyName: "Asha Caterers",
      gstNumber: "27AAPFU0939F1ZV",
    });
  });

  it("keeps the checkout's labels and order (spec section 5)", () => {
    expect(ADDRESS_FIELDS.map((field) => field.label)).toEqual([
      "Full Name",
      "Phone",
      "Email",
      "Address Line 1",
      "Address Line 2",
      "Pincode",
      "City",
      "State",
      "Landmark",
      "Company Name",
      "GST Number",
    ]);
  });

  it("keeps the account page's labels and order (spec section 7)", () => {
    expect(SAVED_DETAILS_FIELDS.map((field) => field.savedLabel)).toEqual([
      "Name",
      "Phone",
      "Email",
      "Address",
      "Apartment",
      "City",
      "State",
      "Pin",
      "Landmark",
      "Company",
      "GSTIN",
    ]);
  });
});
