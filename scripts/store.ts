/**
 * npm run store -- list
 * npm run store -- create <slug> --title "Store name" [--domain shop.example.in] [--demo [--products N]]
 * npm run store -- domain add <slug> <host>
 * npm run store -- domain remove <slug> <host>
 * npm run store -- set <slug> key=value ...   (title, any customisation or profile setting)
 *
 * One installation serves several stores: the request's host picks the store. While there is a
 * single store and no domain is mapped, it answers every host; once domains are mapped, each
 * store answers only its own hosts.
 */
import { seedDemoStore } from "../app/demo/seed.server";
import { addStaff, newPasswordLink, StaffError, staffIdByEmail } from "../app/modules/staff/staff.server";
import { customisationSchema, orderRulesSchema, profileSchema } from "../app/modules/store/settings";
import {
  addStoreDomain,
  checkHost,
  createStore,
  findStoreBySlug,
  listStores,
  removeStoreDomain,
  StoreAdminError,
  updateStoreSettings,
} from "../app/modules/store/store.server";
import { fail, openFromEnv, parseArgs, readEnv } from "./cli";

const USAGE = `Usage:
  npm run store -- list
  npm run store -- create <slug> --title "Store name" [--domain shop.example.in] [--demo [--products N]]
  npm run store -- domain add <slug> <host>
  npm run store -- domain remove <slug> <host>
  npm run store -- set <slug> key=value ...
  npm run store -- staff add <email> --role owner|staff [--name "Name"] [--store <slug>]
  npm run store -- staff link <email> [--store <slug>]
Settings for set: title, ${Object.keys(customisationSchema.shape)
  .filter((k) => k !== "banners")
  .join(", ")},
  ${Object.keys(profileSchema.shape).join(", ")},
  order rules ${Object.keys(orderRulesSchema.shape).join(", ")} (money in rupees, 0 turns a limit off)`;

const { options, positional } = parseArgs(process.argv.slice(2));
const [command, ...rest] = positional;
if (!command || options.has("help")) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(command ? 0 : 1);
}

const SLUG = /^[a-z0-9][a-z0-9-]{1,48}[a-z0-9]$/;

/** key=value pairs, each value read as its setting expects (numbers, true/false, text). */
function readSettings(pairs: string[]): Parameters<typeof updateStoreSettings>[2] {
  const customisation: Record<string, unknown> = {};
  const profile: Record<string, unknown> = {};
  const orderRules: Record<string, unknown> = {};
  let title: string | undefined;
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at < 1) fail(`"${pair}" is not key=value.\n${USAGE}`);
    const key = pair.slice(0, at);
    const raw = pair.slice(at + 1);
    if (key === "title") title = raw;
    else if (key in customisationSchema.shape && key !== "banners") {
      if (key === "roundedButtons") {
        if (raw !== "true" && raw !== "false") fail(`roundedButtons is true or false, not "${raw}".`);
        customisation[key] = raw === "true";
      } else if (key === "headingSize" || key === "bodySize") {
        if (!/^\d+$/.test(raw)) fail(`${key} is a size in px, like 28, not "${raw}".`);
        customisation[key] = Number(raw);
      } else customisation[key] = raw;
    } else if (key in profileSchema.shape) profile[key] = raw;
    else if (key in orderRulesSchema.shape) orderRules[key] = orderRuleValue(key, raw);
    else fail(`Unknown setting "${key}".\n${USAGE}`);
  }
  return { title, customisation, profile, orderRules };
}

/** An order rule's value: true/false, rupees (stored in paise) or a whole number. */
function orderRuleValue(key: string, raw: string): boolean | number {
  if (key === "codCodeEnabled") {
    if (raw !== "true" && raw !== "false") fail(`codCodeEnabled is true or false, not "${raw}".`);
    return raw === "true";
  }
  if (!/^\d+$/.test(raw))
    fail(
      `${key} is a whole number${key.endsWith("Value") || key.endsWith("Above") ? " of rupees" : ""}, not "${raw}".`,
    );
  return key === "guestMaxOrderValue" || key === "codCodeAbove" || key === "quoteAbove"
    ? Number(raw) * 100
    : Number(raw);
}

const env = readEnv();
const database = await openFromEnv(env);
const db = database.db;
const needStore = async (slug: string | undefined) => {
  const store = slug ? await findStoreBySlug(db, slug) : null;
  if (!store) {
    const known = (await listStores(db)).map((s) => s.slug).join(", ") || "none yet";
    fail(`No store "${slug ?? ""}". Stores: ${known}.`);
  }
  return store;
};

try {
  switch (command) {
    case "list": {
      const all = await listStores(db);
      if (all.length === 0) process.stdout.write("No stores yet.\n");
      for (const s of all) {
        const hosts = s.domains.length > 0 ? s.domains.join(", ") : all.length === 1 ? "every host" : "no host";
        process.stdout.write(`${s.slug}\t${s.title}\t${hosts}\n`);
      }
      break;
    }
    case "create": {
      const [slug] = rest;
      const title = options.get("title");
      if (!slug || !SLUG.test(slug)) fail(`Give a slug of 3-50 lowercase letters, digits and hyphens.\n${USAGE}`);
      if (typeof title !== "string" || title.trim() === "") fail(`Give the store's name with --title.\n${USAGE}`);
      if (await findStoreBySlug(db, slug)) fail(`A store "${slug}" already exists.`);
      const domain = options.get("domain");
      const domains = typeof domain === "string" ? [checkHost(domain)] : [];
      const products = options.get("products");
      if (options.has("demo")) {
        const result = await seedDemoStore(db, {
          slug,
          title: title.trim(),
          domains,
          products: typeof products === "string" ? Number(products) : undefined,
        });
        process.stdout.write(
          `Created store "${title.trim()}" (${slug}) with the demo catalogue: ${result.summary.productsCreated} products.\n`,
        );
      } else {
        await createStore(db, { slug, title: title.trim(), domains });
        process.stdout.write(
          `Created store "${title.trim()}" (${slug}). Load its catalogue with: npm run import -- products.csv --store ${slug}\n`,
        );
      }
      if (domains.length > 0) process.stdout.write(`It answers at ${domains.join(", ")}.\n`);
      break;
    }
    case "domain": {
      const [action, slug, host] = rest;
      if ((action !== "add" && action !== "remove") || !host) fail(USAGE);
      const store = await needStore(slug);
      if (action === "add") {
        await addStoreDomain(db, store.id, host);
        process.stdout.write(`${checkHost(host)} now opens "${store.title}".\n`);
      } else if (await removeStoreDomain(db, store.id, host)) {
        process.stdout.write(`${checkHost(host)} no longer opens "${store.title}".\n`);
      } else fail(`${host} is not a domain of "${store.title}".`);
      break;
    }
    case "set": {
      const [slug, ...pairs] = rest;
      const store = await needStore(slug);
      if (pairs.length === 0) fail(USAGE);
      const updated = await updateStoreSettings(db, store.id, readSettings(pairs));
      process.stdout.write(`Saved the settings of "${updated.title}".\n`);
      break;
    }
    case "staff": {
      // npm run store -- staff add owner@shop.in --role owner [--name "Asha"] [--store slug]
      // npm run store -- staff link owner@shop.in [--store slug]   (a new one-time link)
      const [action, email] = rest;
      if ((action !== "add" && action !== "link") || !email) fail(USAGE);
      const storeSlug = options.get("store");
      const all = await listStores(db);
      const store =
        typeof storeSlug === "string"
          ? await needStore(storeSlug)
          : all.length === 1
            ? await needStore(all[0]?.slug)
            : null;
      if (!store) fail(`Say which store with --store. Stores: ${all.map((s) => s.slug).join(", ")}.`);
      let token: string;
      if (action === "add") {
        const role = options.get("role") ?? "staff";
        if (role !== "owner" && role !== "staff") fail(`--role is owner or staff, not "${String(role)}".`);
        const name = options.get("name");
        ({ token } = await addStaff(db, store.id, { email, role, name: typeof name === "string" ? name : "" }));
      } else {
        const staffId = await staffIdByEmail(db, store.id, email);
        if (!staffId) fail(`"${store.title}" has no staff account for ${email}.`);
        token = await newPasswordLink(db, staffId);
      }
      const domain = all.find((s) => s.slug === store.slug)?.domains[0];
      const base = env.PUBLIC_URL ?? (domain ? `https://${domain}` : `http://localhost:${env.PORT}`);
      process.stdout.write(
        `Open this link within 24 hours to choose a password (it works once):\n${base.replace(/\/$/, "")}/admin/welcome?token=${token}\n`,
      );
      break;
    }
    default:
      fail(`Unknown command "${command}".\n${USAGE}`);
  }
} catch (error) {
  if (error instanceof StoreAdminError || error instanceof StaffError) fail(error.message);
  throw error;
} finally {
  await database.close();
}
