import { data, Form, useNavigation } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { describedBy, Field, fieldErrors } from "../../components/console/field";
import { profileSchema, type StoreProfile } from "../../db/json-columns";
import { profileFormSchema, saveProfile } from "../../modules/console/profile.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { formProblems } from "../../modules/console/typed-values";
import { readFormBody } from "../../modules/http/json.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [
  { title: "Business profile · Console" },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, OWNER_ONLY);
  const store = requireStore(context);
  const row = await context.db.query.stores.findFirst({
    where: (s, { eq }) => eq(s.id, store.id),
    columns: { profile: true },
  });
  return { csrf: context.csrf, profile: profileSchema.parse(row?.profile ?? {}) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const read = await readFormBody(request, 32 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const posted = Object.fromEntries([...read.form].filter(([, value]) => typeof value === "string"));
  const parsed = profileFormSchema.safeParse(posted);
  if (!parsed.success) {
    return data(
      { error: "Check the fields marked below: nothing is saved yet.", fields: formProblems(parsed.error), posted },
      { status: 422 },
    );
  }
  await saveProfile(context.db, { member, ip: context.clientIp }, parsed.data);
  return { notice: "Saved. The store's header, footer and pages show it within a few seconds." };
}

type ProfileField = keyof StoreProfile;

const GROUPS: { legend: string; fields: { id: ProfileField; label: string; hint?: string; type?: string }[] }[] = [
  {
    legend: "Names",
    fields: [
      { id: "brandName", label: "Store name", hint: "The name shoppers know the store by." },
      { id: "companyName", label: "Company name (optional)", hint: "The legal name, shown in the footer." },
    ],
  },
  {
    legend: "Contact",
    fields: [
      { id: "email", label: "Email (optional)", type: "email" },
      { id: "contactNo", label: "Phone (optional)", type: "tel" },
      { id: "whatsapp", label: "WhatsApp number (optional)", type: "tel" },
      { id: "address", label: "Address (optional)" },
    ],
  },
  {
    legend: "Social pages",
    fields: [
      { id: "facebook", label: "Facebook (optional)", type: "url" },
      { id: "instagram", label: "Instagram (optional)", type: "url" },
      { id: "linkedin", label: "LinkedIn (optional)", type: "url" },
      { id: "youtube", label: "YouTube (optional)", type: "url" },
    ],
  },
  {
    legend: "Legal identifiers",
    fields: [
      { id: "gstNo", label: "GSTIN (optional)", hint: "15 characters; its last one is checked." },
      { id: "cin", label: "CIN (optional)", hint: "A company's 21-character number." },
      { id: "fssai", label: "FSSAI licence number (optional)", hint: "14 digits, shown on the store's pages." },
    ],
  },
];

/** /admin/profile (owners): the store's names, contact, social pages and legal identifiers (issue 56). */
export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = fieldErrors(actionData);
  const values: Record<string, string> =
    actionData && "posted" in actionData ? (actionData.posted as Record<string, string>) : loaderData.profile;
  return (
    <>
      <h1>Business profile</h1>
      <ActionMessage answer={actionData} />
      <Form method="post" className="console-step console-step--wide console-settings console-product-form" noValidate>
        <input type="hidden" name={CSRF_FIELD} value={loaderData.csrf} />
        {GROUPS.map((group) => (
          <fieldset key={group.legend}>
            <legend>{group.legend}</legend>
            {group.fields.map((entry) => (
              <Field key={entry.id} id={entry.id} label={entry.label} hint={entry.hint} error={errors[entry.id]}>
                <input
                  id={entry.id}
                  name={entry.id}
                  type={entry.type ?? "text"}
                  defaultValue={values[entry.id] ?? ""}
                  aria-invalid={errors[entry.id] ? true : undefined}
                  aria-describedby={describedBy(errors, entry.id, Boolean(entry.hint))}
                />
              </Field>
            ))}
          </fieldset>
        ))}
        <p>
          <button type="submit" className="button" disabled={busy}>
            Save profile
          </button>
        </p>
      </Form>
    </>
  );
}
