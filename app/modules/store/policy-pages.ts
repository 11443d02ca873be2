/** The store's policy pages (spec section 2), whose text an owner may write in the console (issue 56). */
export const POLICY_PAGES = [
  { slug: "terms-and-condition", title: "Terms & Conditions" },
  { slug: "terms-of-use", title: "Terms of Use" },
  { slug: "privacy-policy", title: "Privacy Policy" },
  { slug: "return-refund", title: "Return and Refund Policy" },
  { slug: "shipping-policy", title: "Shipping Policy" },
] as const;

export type PolicySlug = (typeof POLICY_PAGES)[number]["slug"];

export function policyPage(slug: string | undefined) {
  return POLICY_PAGES.find((page) => page.slug === slug) ?? null;
}

/** The longest text a page may hold: about 15 printed pages. */
export const MAX_POLICY_CHARACTERS = 50_000;
