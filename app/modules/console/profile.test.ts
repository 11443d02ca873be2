import { describe, expect, it } from "vitest";
import { profileFormSchema } from "./profile.server";
import { formProblems } from "./typed-values";

const problems = (input: Record<string, string>) => {
  const parsed = profileFormSchema.safeParse(input);
  return parsed.success ? {} : formProblems(parsed.error);
};

describe("the business profile form", () => {
  it("reads a profile, upper-casing the legal numbers", () => {
    expect(
      profileFormSchema.parse({
        brandName: " Annapurna HoReCa Supplies ",
        email: "orders@annapurna.example",
        contactNo: "+91 98200 12345",
        whatsapp: "https://wa.me/919820045123",
        instagram: "https://instagram.com/annapurna",
        gstNo: "27aapfu0939f1zv",
        cin: "u15400mh2019ptc123456",
        fssai: "1152 3456 7890 12",
      }),
    ).toMatchObject({
      brandName: "Annapurna HoReCa Supplies",
      contactNo: "+91 98200 12345",
      gstNo: "27AAPFU0939F1ZV",
      cin: "U15400MH2019PTC123456",
      fssai: "11523456789012",
      facebook: "",
    });
  });

  it("names each mistake at its field, the GSTIN by its check character", () => {
    expect(
      problems({
        brandName: "",
        email: "orders@",
        contactNo: "12345",
        facebook: "facebook.com/annapurna",
        gstNo: "27AAPFU0939F1ZX",
        cin: "U15400",
        fssai: "1234",
        whatsapp: "wa.me/98200",
      }),
    ).toEqual({
      brandName: "Enter the name shoppers know the store by.",
      email: "Enter an email address, like orders@yourshop.in.",
      contactNo: "Enter a phone number, like 98200 12345 or 022 2345 6789.",
      facebook: "Paste the page's link, starting with https://.",
      gstNo: "The GSTIN's last character does not match the rest: check it for a typing mistake.",
      cin: "A CIN is 21 characters, like U15400MH2019PTC123456.",
      fssai: "An FSSAI licence number is 14 digits.",
      whatsapp: "Enter the WhatsApp number, like 98200 12345, or its link, like https://wa.me/919820012345.",
    });
    expect(problems({ brandName: "A", gstNo: "99AAPFU0939F1ZV" })).toEqual({
      gstNo: "A GSTIN starts with a state's two-digit code, like 27 for Maharashtra.",
    });
  });
});
