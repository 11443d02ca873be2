import { z } from "zod";

/**
 * The shapes of the JSON columns (app/db/schema.ts): the store's settings documents (spec
 * section 3: customisation, profile, shipping, order rules) and an order's address snapshot.
 * They live beside the schema so that it imports nothing from the modules above it
 * (docs/architecture.md). A settings document is always read through its zod schema here, so
 * one written by an older version or by hand still yields complete, typed settings.
 */

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #1a7f37.");

export const bannerSchema = z.object({
  image: z.string().min(1),
  alt: z.string().default(""),
  /** Where the banner leads, e.g. /products?category=dairy. */
  href: z.string().default("/products"),
  /** Drawn as real text over the picture (issue 60): legible on a phone, read by screen readers. */
  heading: z.string().default(""),
  text: z.string().default(""),
  /** The call to action's words, like "Shop the offer"; empty: none. */
  button: z.string().default(""),
  /** The first and last days it shows, in India ("2026-12-01"); empty is no bound. */
  from: z.string().default(""),
  to: z.string().default(""),
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

/**
 * Limits on orders (issue 53), so that nobody can buy out the stock with orders that prove
 * nothing. Money in paise; 0 turns a limit off.
 */
export const orderRulesSchema = z.object({
  /** Orders a client address may place an hour (every order, signed in or not). */
  ordersPerIpPerHour: z.number().int().min(0).max(100_000).default(20),
  /** Orders a phone may receive an hour. */
  ordersPerPhonePerHour: z.number().int().min(0).max(100_000).default(10),
  /** The most a guest's order may come to (₹1,00,000); signed-in customers are not limited. */
  guestMaxOrderValue: z.number().int().min(0).default(1_00_000_00),
  /** The most units of one line a guest may order. */
  guestMaxLineQuantity: z.number().int().min(0).max(1_000_000).default(200),
  /**
   * A COD order above this (₹3,000) is confirmed by a one-time code sent to its phone, unless a
   * signed-in customer orders to the phone they proved. 0: every COD order.
   */
  codCodeAbove: z.number().int().min(0).default(3_000_00),
  /** Whether COD orders are confirmed by code at all. */
  codCodeEnabled: z.boolean().default(true),
  /** How long an unconfirmed COD order holds its stock before it is cancelled. */
  codCodeMinutes: z
    .number()
    .int()
    .min(2)
    .max(24 * 60)
    .default(15),
  /**
   * A counted product at or below this many units is "low" in the console's products list, stock
   * page and dashboard (issue 56). Shoppers keep the spec's badge, "Low stock (n)" from 10 down.
   */
  lowStockAt: z.number().int().min(0).max(100_000).default(10),
  /**
   * A cart from this amount (₹50,000) may be sent to the shop as a request for a quote instead
   * of ordered (issue 59); a pincode the store does not serve may always ask. 0: only those.
   */
  quoteAbove: z.number().int().min(0).default(50_000_00),
});
export type StoreOrderRules = z.output<typeof orderRulesSchema>;

/**
 * Who the store itself tells of its orders (issue 57): an email address for new orders and
 * failed payments, and an optional webhook for the shop's own tools, signed with its secret.
 * Kept out of the storefront's cached store: the secret never leaves the server.
 */
export const notificationsSchema = z.object({
  /** Where new orders and failed payments are emailed; "" for nobody. */
  orderEmail: z.string().default(""),
  /** An https address the store's events are posted to; "" for none. */
  webhookUrl: z.string().default(""),
  /** "whsec_" and base64: the Standard Webhooks signing secret. */
  webhookSecret: z.string().default(""),
});
export type StoreNotifications = z.output<typeof notificationsSchema>;

/**
 * The store's GST registration and how it invoices (issue 58). Checked where the owner saves it
 * (GSTIN check digit, state code, prefix); read through this schema so a store that never set
 * it gets empty values and issues no invoice.
 */
/**
 * The GST rates in force since 22 September 2025, in percent (the 12% and 28% slabs ended then):
 * a store's list of rates until its owner changes it.
 */
export const GST_RATES_IN_FORCE: readonly number[] = [0, 0.25, 3, 5, 18, 40];

export const gstSettingsSchema = z.object({
  /** The registered (legal) name, as on the GST certificate. */
  legalName: z.string().default(""),
  gstin: z.string().default(""),
  /** The registered address, lines as written. */
  address: z.string().default(""),
  /** The GST state code of the registered place of business: "27". */
  stateCode: z.string().default(""),
  /** 1 to 4 capital letters or digits: "ANN" gives ANN/26-27/000123. */
  invoicePrefix: z.string().default("INV"),
  /** When an order's invoice is issued: on confirmation, or on delivery. */
  issueOn: z.enum(["confirmed", "delivered"]).default("confirmed"),
  /** The shipping line's SAC and GST rate (percent). */
  shippingSac: z.string().default("9965"),
  shippingRate: z.number().default(18),
  /** The rate and HSN of a product whose product and category name none. */
  defaultRate: z.number().default(18),
  defaultHsn: z.string().default(""),
  /** The rates its products, categories and shipping may have, in percent, lowest first. */
  rates: z.array(z.number()).default([...GST_RATES_IN_FORCE]),
});
export type GstSettings = z.output<typeof gstSettingsSchema>;

/** What a customer chose to be told, besides the messages about their orders that always go. */
export const messagePreferencesSchema = z.object({
  /** Order updates on WhatsApp too (WhatsApp asks for the customer's consent first). */
  whatsapp: z.boolean().default(false),
});
export type MessagePreferences = z.output<typeof messagePreferencesSchema>;

/** The address as recorded on an order (spec section 3, customerAddress). */
export interface AddressSnapshot {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  pin: string;
  landmark: string;
  companyName: string;
  gstNumber: string;
}
