import { z } from "zod";

/**
 * The store's settings documents (spec section 3): customisation, profile, shipping.
 * Stored as JSON on the store row and always read through these schemas, so a document
 * written by an older version or by hand still yields complete, typed settings.
 */

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #1a7f37.");

export const bannerSchema = z.object({
  image: z.string().min(1),
  alt: z.string().default(""),
  /** Where the banner leads, e.g. /products?category=dairy. */
  href: z.string().default("/products"),
  heading: z.string().default(""),
  text: z.string().default(""),
});
export type Banner = z.output<typeof bannerSchema>;

export const customisationSchema = z.object({
  logo: z.string().default(""),
  tagline: z.string().default(""),
  primaryColor: hexColour.default("#1a7f37"),
  secondaryColor: hexColour.default("#f59e0b"),
  font: z.string().default("Inter"),
  /** Base sizes in px. */
  headingSize: z.number().int().min(12).max(64).default(28),
  bodySize: z.number().int().min(12).max(24).default(16),
  roundedButtons: z.boolean().default(true),
  banners: z.array(bannerSchema).default([]),
  favicon: z.string().default(""),
});
export type StoreCustomisation = z.output<typeof customisationSchema>;

export const profileSchema = z.object({
  brandName: z.string().default(""),
  companyName: z.string().default(""),
  email: z.string().default(""),
  contactNo: z.string().default(""),
  address: z.string().default(""),
  facebook: z.string().default(""),
  instagram: z.string().default(""),
  linkedin: z.string().default(""),
  youtube: z.string().default(""),
  whatsapp: z.string().default(""),
  gstNo: z.string().default(""),
  cin: z.string().default(""),
  fssai: z.string().default(""),
});
export type StoreProfile = z.output<typeof profileSchema>;

/**
 * Shipping settings. Per-pincode rates live in their own table (pincode_rates), one row
 * per serviceable pincode; the spec's validPincodes are exactly those pincodes.
 */
export const shippingSchema = z.object({
  enabled: z.boolean().default(true),
  /** Paise; 0 means no free-shipping threshold. */
  freeShippingThreshold: z.number().int().min(0).default(0),
  /** Paise. */
  defaultRate: z.number().int().min(0).default(0),
  applyDefaultIfNoZone: z.boolean().default(false),
});
export type StoreShipping = z.output<typeof shippingSchema>;

/** The store as the header, footer and policy pages use it (spec section 3). */
export interface StoreView {
  title: string;
  logo: string;
  tagline: string;
  contact: {
    email: string;
    phone: string;
    address: string;
    socials: { facebook: string; instagram: string; linkedin: string; youtube: string; whatsapp: string };
  };
  legal: { companyName: string; cin: string; fssai: string; gstNo: string };
}

/** Default title is the brand title (spec section 9). */
export function storeView(title: string, customisation: StoreCustomisation, profile: StoreProfile): StoreView {
  return {
    title: profile.brandName.trim() || title,
    logo: customisation.logo,
    tagline: customisation.tagline,
    contact: {
      email: profile.email,
      phone: profile.contactNo,
      address: profile.address,
      socials: {
        facebook: profile.facebook,
        instagram: profile.instagram,
        linkedin: profile.linkedin,
        youtube: profile.youtube,
        whatsapp: profile.whatsapp,
      },
    },
    legal: {
      companyName: profile.companyName,
      cin: profile.cin,
      fssai: profile.fssai,
      gstNo: profile.gstNo,
    },
  };
}
