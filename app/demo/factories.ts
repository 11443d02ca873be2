import { type BrandInput, type CategoryInput, type ProductInput, slugify } from "../modules/catalog/catalogue-input";
import type { AddressFormInput } from "../modules/checkout/schema";
import { rupeesToPaise } from "../modules/money/format";
import type { Banner } from "../modules/store/settings";
import type { NewStore } from "../modules/store/store.server";
import { type CategoryData, DEMO_BRANDS, DEMO_CATEGORIES, type ItemData } from "./catalogue-data";
import { bannerSvg, brandSvg, categorySvg, productSvg } from "./images";

/**
 * Factories shared by the demo seed, the tests and the benchmark catalogue. Deterministic:
 * the same seed number gives the same store, so a test can name what it expects.
 */

/** mulberry32: a small, fast, seeded generator. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface MediaFile {
  key: string;
  contentType: string;
  body: string;
  width: number;
  height: number;
}

export const DEMO_STORE_SLUG = "annapurna";

const BANNERS: ReadonlyArray<Omit<Banner, "from" | "to"> & { colour: string; accent: string }> = [
  {
    image: "/media/demo/banner-stock-up.svg",
    alt: "Stock up for the season: 10% off with code SAVE10",
    href: "/products?disc=10",
    heading: "Stock up for the season",
    text: "10% off your order with code SAVE10 (up to ₹500)",
    button: "Shop the offer",
    colour: "#1a7f37",
    accent: "#f59e0b",
  },
  {
    image: "/media/demo/banner-dairy.svg",
    alt: "Fresh paneer, cream and butter delivered every morning",
    href: "/products?category=dairy-and-eggs",
    heading: "Fresh dairy, every morning",
    text: "Paneer, cream and butter for your kitchen by 7 AM",
    button: "Shop dairy",
    colour: "#1565c0",
    accent: "#90caf9",
  },
  {
    image: "/media/demo/banner-packaging.svg",
    alt: "Takeaway packaging at wholesale prices",
    href: "/products?category=disposables-and-packaging",
    heading: "Packaging for every order",
    text: "Containers, cups and bags at case prices",
    button: "See packaging",
    colour: "#3949ab",
    accent: "#ffb74d",
  },
];

/** The demo store's settings: a Navi Mumbai wholesaler serving Mumbai, Thane and Pune. */
export function makeStore(overrides: Partial<NewStore> = {}): NewStore {
  return {
    slug: DEMO_STORE_SLUG,
    title: "Annapurna HoReCa Supplies",
    customisation: {
      logo: "/media/demo/logo.svg",
      tagline: "Wholesale kitchen supplies for hotels, restaurants and caterers",
      primaryColor: "#1a7f37",
      secondaryColor: "#f59e0b",
      font: "Inter",
      headingSize: 28,
      bodySize: 16,
      roundedButtons: true,
      banners: BANNERS.map(({ colour: _c, accent: _a, ...banner }) => ({ ...banner, from: "", to: "" })),
      favicon: "/media/demo/favicon.svg",
    },
    profile: {
      brandName: "Annapurna HoReCa Supplies",
      companyName: "Annapurna Foodservice Private Limited",
      email: "orders@annapurna-horeca.in",
      contactNo: "+91 98200 45123",
      address: "Unit 14, APMC Market Phase II, Sector 19, Vashi, Navi Mumbai, Maharashtra 400703",
      facebook: "https://www.facebook.com/annapurnahoreca",
      instagram: "https://www.instagram.com/annapurnahoreca",
      linkedin: "https://www.linkedin.com/company/annapurna-horeca",
      youtube: "",
      whatsapp: "https://wa.me/919820045123",
      gstNo: "27AAPFU0939F1ZV",
      cin: "U51909MH2019PTC325617",
      fssai: "11521999000412",
    },
    gst: {
      legalName: "Annapurna Foodservice Private Limited",
      gstin: "27AAPFU0939F1ZV",
      address: "Unit 14, APMC Market Phase II, Sector 19, Vashi, Navi Mumbai, Maharashtra 400703",
      stateCode: "27",
      invoicePrefix: "ANN",
      issueOn: "confirmed",
      // Delivery by the shop's own vans, invoiced as goods transport (ask your accountant for yours).
      shippingSac: "9965",
      shippingRate: 18,
      defaultRate: 18,
      defaultHsn: "",
    },
    shipping: {
      enabled: true,
      freeShippingThreshold: rupeesToPaise(7500),
      defaultRate: rupeesToPaise(199),
      applyDefaultIfNoZone: false,
    },
    ...overrides,
  };
}

/** Delivery zones: pincode prefix, rates for the three bands in rupees. */
const ZONES: ReadonlyArray<{ prefix: string; rates: [number, number, number] }> = [
  { prefix: "4000", rates: [120, 60, 30] }, // Mumbai city and suburbs
  { prefix: "4006", rates: [150, 80, 40] }, // Thane
  { prefix: "4007", rates: [99, 49, 0] }, // Navi Mumbai, next to the warehouse
  { prefix: "4101", rates: [180, 100, 60] }, // Panvel, Raigad
  { prefix: "4110", rates: [250, 150, 90] }, // Pune
];

/** Per-pincode rates for every real pincode of the delivery zones. */
export function makePincodeRates(pincodes: Iterable<string>) {
  const rates = [];
  for (const pincode of pincodes) {
    const zone = ZONES.find((z) => pincode.startsWith(z.prefix));
    if (!zone) continue;
    rates.push({
      pincode,
      rateUpTo999: rupeesToPaise(zone.rates[0]),
      rate1000To4999: rupeesToPaise(zone.rates[1]),
      rateFrom5000: rupeesToPaise(zone.rates[2]),
    });
  }
  return rates;
}

/** A caterer's delivery details as the checkout form takes them (Vashi, next to the warehouse). */
export function makeCheckoutAddress(overrides: Partial<AddressFormInput> = {}): AddressFormInput {
  return {
    fullName: "Asha Rani Patil",
    phone: "9820012345",
    email: "asha@spiceroute-caterers.in",
    addressLine1: "Shop 4, Sai Darshan CHS, Plot 21, Sector 17",
    addressLine2: "Near Vashi Railway Station",
    city: "Navi Mumbai",
    state: "Maharashtra",
    pincode: "400703",
    landmark: "Opposite Inorbit Mall",
    companyName: "Spice Route Caterers",
    gstNumber: "",
    ...overrides,
  };
}

/** One believable product; every field can be overridden. Prices in paise. */
export function makeProduct(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: "Amul Pasteurised Table Butter 500 g",
    description: "Salted table butter for pav bhaji, parathas, toast and baking.",
    photos: [],
    photoAlts: [],
    mrp: 285_00,
    salePrice1: 268_00,
    salePrice2: 262_00,
    saleQty2: 6,
    salePrice3: 255_00,
    saleQty3: 12,
    vegType: "green",
    packSize: { value: 500, unit: "g" },
    inventory: 120,
    trackInventory: true,
    sizes: [],
    category: "Dairy & Eggs",
    subCategory: "Butter & Cream",
    brand: "Amul",
    sku: null,
    hsnCode: "0405",
    gstRate: 5,
    active: true,
    ...overrides,
  };
}

interface Shelf {
  category: CategoryData;
  sub: string;
  item: ItemData;
  brand: string;
  pack: { label: string; value: number; unit: "g" | "kg" | "ml" | "L" | "pc" | "m"; mrp: number };
}

function parsePack(entry: string): Shelf["pack"] {
  const [value = "1", unit = "pc", mrp = "0"] = entry.split(" ");
  return { label: `${value} ${unit}`, value: Number(value), unit: unit as Shelf["pack"]["unit"], mrp: Number(mrp) };
}

/** Every item x brand x pack of the demo catalogue, in shelf order. */
function shelves(): Shelf[] {
  const out: Shelf[] = [];
  for (const category of DEMO_CATEGORIES) {
    for (const sub of category.subs) {
      for (const item of sub.items) {
        for (const brand of item.brands) {
          for (const packEntry of item.packs)
            out.push({ category, sub: sub.name, item, brand, pack: parsePack(packEntry) });
        }
      }
    }
  }
  return out;
}

function itemImageKey(item: ItemData, brand: string, view: number): string {
  return `demo/p/${slugify(`${brand} ${item.name}`)}-${view + 1}.svg`;
}

/** Rounds to a price a shop would print: whole rupees, ending in 0 or 5 above ₹100. */
function shopPrice(rupees: number): number {
  if (rupees >= 100) return Math.max(5, Math.round(rupees / 5) * 5);
  return Math.max(1, Math.round(rupees));
}

function tierQuantities(mrp: number, pack: Shelf["pack"]): [number, number] {
  if (mrp >= 2000) return [3, 5];
  if (mrp >= 500) return [5, 10];
  if (pack.unit === "pc" && pack.value === 1) return [6, 12];
  return [10, 25];
}

function productFromShelf(shelf: Shelf, random: () => number, index: number, variant = ""): ProductInput {
  const { item, brand, pack } = shelf;
  const name = `${brand} ${item.name}${variant ? ` ${variant}` : ""} ${pack.label}`;
  const mrp = pack.mrp;
  const roll = random();
  // Most products sell below MRP; about one in ten at MRP.
  const sale1 = roll < 0.1 ? mrp : shopPrice(mrp * (0.8 + random() * 0.16));
  const tiers = random();
  const [q2, q3] = tierQuantities(mrp, pack);
  // A tier is kept only when it is really cheaper than the price below it (cheap items round
  // to the same rupee); tier 3 only on top of tier 2.
  const price2 = shopPrice(sale1 * 0.96);
  const price3 = shopPrice(sale1 * 0.92);
  const sale2 = tiers < 0.7 && price2 < sale1 ? price2 : null;
  const sale3 = tiers < 0.45 && sale2 !== null && price3 < sale2 ? price3 : null;
  const stock = random();
  const sizes = (item.sizes ?? []).map((label) => ({ label, inventory: Math.floor(random() * 80) }));
  let inventory: number | null;
  let trackInventory = true;
  if (sizes.length > 0) inventory = sizes.reduce((s, z) => s + (z.inventory ?? 0), 0);
  else if (stock < 0.55) inventory = 11 + Math.floor(random() * 400);
  else if (stock < 0.7) inventory = 1 + Math.floor(random() * 10);
  else if (stock < 0.8) inventory = 0;
  else {
    inventory = null;
    trackInventory = false;
  }
  const art = [0, 1, 2].map((view) => itemImageKey(item, brand, view));
  const daysAgo = (index * 7919) % 240;
  return {
    name,
    description: item.about,
    photos: art.map((key) => `/media/${key}`),
    photoAlts: [`${name}, front of pack`, `${name}, pack size ${pack.label}`, `${name}, wholesale case`],
    mrp: rupeesToPaise(mrp),
    salePrice1: rupeesToPaise(sale1),
    salePrice2: sale2 === null ? null : rupeesToPaise(sale2),
    saleQty2: sale2 === null ? null : q2,
    salePrice3: sale3 === null ? null : rupeesToPaise(sale3),
    saleQty3: sale3 === null ? null : q3,
    vegType: item.veg,
    packSize: { value: pack.value, unit: pack.unit },
    inventory,
    trackInventory,
    sizes,
    category: shelf.category.name,
    subCategory: shelf.sub,
    brand,
    sku: `${slugify(brand).slice(0, 3).toUpperCase()}-${String(index + 1).padStart(6, "0")}`,
    hsnCode: item.hsn,
    gstRate: item.gst,
    // A few products are switched off by the shop, as in any real catalogue.
    active: random() > 0.02,
    createdAt: new Date(Date.UTC(2026, 10, 1) - daysAgo * 86_400_000 - (index % 1440) * 60_000),
  };
}

const VARIANTS = [
  "",
  "Premium",
  "Classic",
  "Gold",
  "Select",
  "Value Pack",
  "Chef's Choice",
  "Export Quality",
  "Hotel Special",
  "Economy",
];

export interface DemoCatalogue {
  categories: CategoryInput[];
  brands: BrandInput[];
  products: ProductInput[];
  media: MediaFile[];
}

/**
 * The demo catalogue. With no count, every shelf once (the demo store). With a count, shelves
 * are repeated with trade variants ('Premium', 'Hotel Special'...) until there are that many
 * products: the benchmark catalogue, sharing the demo's images.
 */
export function demoCatalogue(options: { products?: number; seed?: number } = {}): DemoCatalogue {
  const random = randomSource(options.seed ?? 20251103);
  const all = shelves();
  const target = options.products ?? all.length;
  const products: ProductInput[] = [];
  for (let i = 0; i < target; i++) {
    const shelf = all[i % all.length];
    if (!shelf) break;
    const round = Math.floor(i / all.length);
    const variant =
      round === 0
        ? ""
        : `${VARIANTS[round % VARIANTS.length]}${round >= VARIANTS.length ? ` ${Math.floor(round / VARIANTS.length) + 1}` : ""}`.trim();
    products.push(productFromShelf(shelf, random, i, variant));
  }

  const brandColour = new Map(DEMO_BRANDS.map((b) => [b.name, b.colour]));
  const media: MediaFile[] = [];
  const seen = new Set<string>();
  for (const shelf of all) {
    for (const view of [0, 1, 2] as const) {
      const key = itemImageKey(shelf.item, shelf.brand, view);
      if (seen.has(key)) continue;
      seen.add(key);
      const body = productSvg(
        {
          brand: shelf.brand,
          name: shelf.item.name,
          pack: shelf.item.packs.map((p) => parsePack(p).label).join(" / "),
          kind: shelf.item.kind,
          brandColour: brandColour.get(shelf.brand) ?? "#455a64",
          categoryColour: shelf.category.colour,
          veg: shelf.item.veg,
        },
        view,
      );
      media.push({ key, contentType: "image/svg+xml", body, width: 800, height: 800 });
    }
  }

  const categories: CategoryInput[] = [];
  DEMO_CATEGORIES.forEach((c, position) => {
    const key = `demo/c/${slugify(c.name)}.svg`;
    media.push({
      key,
      contentType: "image/svg+xml",
      body: categorySvg(c.name, c.colour, c.icon),
      width: 400,
      height: 400,
    });
    categories.push({ name: c.name, parent: null, logo: `/media/${key}`, position });
    c.subs.forEach((s, subPosition) => {
      categories.push({ name: s.name, parent: c.name, logo: `/media/${key}`, position: subPosition });
    });
  });

  const brands: BrandInput[] = DEMO_BRANDS.map((b) => {
    const key = `demo/b/${slugify(b.name)}.svg`;
    media.push({ key, contentType: "image/svg+xml", body: brandSvg(b.name, b.colour), width: 400, height: 200 });
    return { name: b.name, logo: `/media/${key}` };
  });

  for (const banner of BANNERS) {
    media.push({
      key: banner.image.replace(/^\/media\//, ""),
      contentType: "image/svg+xml",
      body: bannerSvg({ colour: banner.colour, accent: banner.accent }),
      width: 1600,
      height: 600,
    });
  }
  media.push({
    key: "demo/logo.svg",
    contentType: "image/svg+xml",
    body: `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="Annapurna HoReCa Supplies"><circle cx="32" cy="32" r="28" fill="#1a7f37"/><path d="M18 38q14-22 28 0" stroke="#f59e0b" stroke-width="6" fill="none" stroke-linecap="round"/><circle cx="32" cy="24" r="5" fill="#fff"/><text x="70" y="30" font-family="Inter, Arial, sans-serif" font-size="22" font-weight="800" fill="#14532d">Annapurna</text><text x="70" y="52" font-family="Inter, Arial, sans-serif" font-size="14" font-weight="600" fill="#4b5563">HoReCa Supplies</text></svg>`,
    width: 240,
    height: 64,
  });
  media.push({
    key: "demo/favicon.svg",
    contentType: "image/svg+xml",
    body: `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#1a7f37"/><path d="M16 40q16-24 32 0" stroke="#f59e0b" stroke-width="7" fill="none" stroke-linecap="round"/></svg>`,
    width: 64,
    height: 64,
  });
  return { categories, brands, products, media };
}
