import { data, redirect } from "react-router";
import { ProductEditor } from "../../components/console/product-editor";
import { readGstSettings } from "../../modules/console/gst-settings.server";
import { EMPTY_PRODUCT, parseProductForm, postedFields, postedProductSchema } from "../../modules/console/product-form";
import { bulkChange, shelves } from "../../modules/console/product-list.server";
import { photoStep } from "../../modules/console/product-photos";
import { readProductForEditing, saveProduct, shownCountsSchema } from "../../modules/console/product-save.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { storePhoto } from "../../modules/media/upload.server";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.product?.name ?? "New product"} · Products · Console` },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

/** Twelve photos of 10 MB each and the form around them. */
const MAX_FORM_BYTES = 12 * 10 * 1024 * 1024 + 256 * 1024;

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  await requireStaff(request, context, url);
  const store = requireStore(context);
  const [product, picks, gst] = await Promise.all([
    params.id ? readProductForEditing(context.db, store.id, params.id) : null,
    shelves(context.db, store.id),
    readGstSettings(context.db, store.id),
  ]);
  if (params.id && !product) throw new Response("That product is not in this store.", { status: 404 });
  return {
    csrf: context.csrf,
    product: product ? { id: product.id, name: product.name, slug: product.slug, active: product.active } : null,
    fields: product?.fields ?? EMPTY_PRODUCT,
    version: product?.version ?? "",
    shown: JSON.stringify(product?.shown ?? {}),
    saved: url.searchParams.has("saved"),
    rates: gst.rates,
    ...picks,
  };
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url);
  const store = requireStore(context);
  const read = await readFormBody(request, MAX_FORM_BYTES);
  if (!read.ok) throw read.response;
  const form = read.form;
  if (context.antiForgery.checkForm(request, form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const actor = { member, ip: context.clientIp };
  const intent = String(form.get("intent") ?? "save");

  if (intent === "delete" && params.id) {
    const deleted = await bulkChange(context.db, actor, [params.id], { kind: "delete" });
    if (!deleted.ok || deleted.changed === 0)
      return data({ error: "That product is not in this store." }, { status: 404 });
    return redirect("/admin/products");
  }

  const posted = postedProductSchema.safeParse(postedFields(form));
  const shown = shownCountsSchema.safeParse(String(form.get("shown") ?? "{}"));
  if (!posted.success || !shown.success) {
    return data({ error: "The form could not be read: open the product again." }, { status: 400 });
  }
  const fields = posted.data;
  const version = String(form.get("version") ?? "").slice(0, 40);
  const echo = { posted: fields, version, shown: JSON.stringify(shown.data) };

  // Photos first: an upload is kept even when the rest of the form needs fixing, so nothing is lost.
  const problems: Record<string, string> = {};
  const uploads = form.getAll("upload").filter((file): file is File => typeof file !== "string" && file.size > 0);
  for (const file of uploads.slice(0, 12)) {
    const stored = await storePhoto(context.db, store.id, file, "products");
    if (stored.ok) {
      fields.photo.push(stored.url);
      fields.photoAlt.push("");
    } else problems.upload ??= stored.error;
  }
  const link = String(form.get("photoLink") ?? "").trim();
  if (link !== "") {
    if (/^https:\/\/[^\s"<>]{1,1990}$/.test(link)) {
      fields.photo.push(link);
      fields.photoAlt.push("");
    } else problems.photoLink = "Paste a link that starts with https://.";
  }
  if (intent !== "save") {
    photoStep(fields, intent);
    if (Object.keys(problems).length > 0)
      return data({ error: "A photo was not added.", fields: problems, ...echo }, { status: 422 });
    const added = uploads.length + (link === "" ? 0 : 1);
    const notice =
      added === 0
        ? undefined
        : added === 1
          ? "Photo added: describe it, then save."
          : `${added} photos added: describe them, then save.`;
    return { notice, ...echo };
  }

  const { rates } = await readGstSettings(context.db, store.id);
  const parsed = parseProductForm(fields, rates);
  if (!parsed.ok || Object.keys(problems).length > 0) {
    return data(
      {
        error: "Check the fields marked below: nothing is saved yet.",
        fields: { ...problems, ...(parsed.ok ? {} : parsed.fields) },
        ...echo,
      },
      { status: 422 },
    );
  }
  const saved = await saveProduct(
    context.db,
    actor,
    params.id ?? null,
    parsed.value,
    params.id ? { version, shown: shown.data } : null,
  );
  if (!saved.ok) return data({ error: saved.error, fields: saved.fields ?? {}, ...echo }, { status: saved.status });
  return redirect(`/admin/products/${saved.id}?saved`);
}

/** /admin/products/new and /admin/products/{id}: a product's every field, with a live preview (issue 56). */
export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductEditor {...loaderData} answer={actionData} />;
}
