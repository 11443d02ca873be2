import { data } from "react-router";
import { BrandingEditor } from "../../components/console/branding-editor";
import {
  readBranding,
  SAVED_MEANWHILE,
  saveBranding,
  storedBrandingFields,
} from "../../modules/console/branding.server";
import {
  addBanner,
  brandingStep,
  MAX_BANNERS,
  parseBrandingForm,
  postedBrandingFields,
  postedBrandingSchema,
} from "../../modules/console/branding-form";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { MAX_UPLOAD_BYTES, storePhoto } from "../../modules/media/upload.server";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import { storeView } from "../../modules/store/settings";
import type { Route } from "./+types/branding";

export const meta: Route.MetaFunction = () => [{ title: "Branding · Console" }, { name: "robots", content: "noindex" }];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;
/** A logo, a favicon and a banner picture in one post, and the form around them. */
const MAX_FORM_BYTES = 3 * MAX_UPLOAD_BYTES + 128 * 1024;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, OWNER_ONLY);
  const store = requireStore(context);
  const customisation = await readBranding(context.db, store.id);
  return {
    csrf: context.csrf,
    title: storeView(store.title, store.customisation, store.profile).title,
    fields: storedBrandingFields(customisation),
  };
}

/** The uploaded file of a field, or null when none was chosen. */
function chosenFile(form: FormData, name: string): File | null {
  const file = form.get(name);
  return typeof file === "string" || file === null || file.size === 0 ? null : file;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const store = requireStore(context);
  const read = await readFormBody(request, MAX_FORM_BYTES);
  if (!read.ok) throw read.response;
  const form = read.form;
  if (context.antiForgery.checkForm(request, form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const posted = postedBrandingSchema.safeParse(postedBrandingFields(form));
  if (!posted.success) {
    return data({ error: "The form could not be read: open the page again." }, { status: 400 });
  }
  const fields = posted.data;
  const intent = String(form.get("intent") ?? "save").slice(0, 40);

  // Pictures first: an upload is kept in the form even when another field needs fixing.
  const problems: Record<string, string> = {};
  for (const name of ["logo", "favicon"] as const) {
    const file = chosenFile(form, `${name}Upload`);
    if (!file) continue;
    const stored = await storePhoto(context.db, store.id, file, "branding");
    if (stored.ok) fields[name] = stored.url;
    else problems[`${name}Upload`] = stored.error;
  }
  const bannerFile = chosenFile(form, "bannerUpload");
  if (bannerFile) {
    if (fields.bannerImage.length >= MAX_BANNERS) {
      problems.bannerUpload = `A store shows at most ${MAX_BANNERS} banners: remove one first.`;
    } else {
      const stored = await storePhoto(context.db, store.id, bannerFile, "banners");
      if (stored.ok) addBanner(fields, stored.url);
      else problems.bannerUpload = stored.error;
    }
  } else if (intent === "banner-add") {
    problems.bannerUpload = "Choose a picture for the banner, then press Add banner.";
  }

  if (intent !== "save") {
    brandingStep(fields, intent);
    if (Object.keys(problems).length > 0) {
      return data({ error: "A picture was not added.", fields: problems, posted: fields }, { status: 422 });
    }
    const notice =
      intent === "banner-add" ? "Banner added: describe it, then save." : "Changed here: save to show it in the store.";
    return { notice, posted: fields };
  }

  const parsed = parseBrandingForm(fields);
  if (!parsed.ok || Object.keys(problems).length > 0) {
    return data(
      {
        error: "Check the fields marked below: nothing is saved yet.",
        fields: { ...problems, ...(parsed.ok ? {} : parsed.fields) },
        posted: fields,
      },
      { status: 422 },
    );
  }
  const saved = await saveBranding(context.db, { member, ip: context.clientIp }, parsed.value, fields.version);
  if (!saved) return data({ error: SAVED_MEANWHILE, posted: fields }, { status: 409 });
  return { notice: "Saved. The store shows it now.", posted: storedBrandingFields(saved) };
}

/** /admin/branding (owners): the store's logo, colours, font, sizes and banners (issue 56). */
export default function Branding({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BrandingEditor csrf={loaderData.csrf} title={loaderData.title} stored={loaderData.fields} answer={actionData} />
  );
}
