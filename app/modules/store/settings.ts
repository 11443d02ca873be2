// The settings documents' schemas are the store row's JSON columns: they live in app/db.

export type { Banner, StoreCustomisation, StoreOrderRules, StoreProfile, StoreShipping } from "../../db/json-columns";
export {
  bannerSchema,
  customisationSchema,
  orderRulesSchema,
  profileSchema,
  shippingSchema,
} from "../../db/json-columns";

import type { StoreCustomisation, StoreProfile } from "../../db/json-columns";

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
