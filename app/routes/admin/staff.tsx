import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { ActionMessage } from "../../components/console/action-message";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import {
  inviteStaff,
  listStaff,
  newLinkFor,
  resetSecondFactor,
  setActive,
  setRole,
} from "../../modules/console/staff-admin.server";
import { readFormBody } from "../../modules/http/json.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { STAFF_MESSAGES } from "../../modules/staff/messages";
import { StaffError } from "../../modules/staff/staff.server";
import { siteOrigin } from "../../modules/store/origin.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = () => [{ title: "Staff · Console" }, { name: "robots", content: "noindex" }];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  return { staff: await listStaff(context.db, requireStore(context).id), me: member.id, csrf: context.csrf };
}

const staffActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("invite"),
    email: z.string().trim().email(STAFF_MESSAGES.email),
    name: z.string().trim().max(80, "Keep the name under 81 characters.").default(""),
    role: z.enum(["owner", "staff"], { message: "Choose Owner or Staff." }),
  }),
  z.object({
    intent: z.enum(["link", "deactivate", "activate", "reset-two-step"]),
    staffId: z.string().uuid("Reload the page."),
  }),
  z.object({
    intent: z.literal("role"),
    staffId: z.string().uuid("Reload the page."),
    role: z.enum(["owner", "staff"], { message: "Choose Owner or Staff." }),
  }),
]);

/**
 * Owners only: invite by one-time link, a new link, switch an account off or on, change its
 * role, turn off its two-step sign-in.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const read = await readFormBody(request, 4 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const parsed = staffActionSchema.safeParse(Object.fromEntries(read.form));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Check the form." }, { status: 422 });
  const actor = { member, ip: context.clientIp };
  const input = parsed.data;
  const linkOf = (token: string) => `${siteOrigin(request, context.env)}/admin/welcome?token=${token}`;
  if (input.intent === "invite") {
    try {
      const token = await inviteStaff(context.db, actor, { email: input.email, name: input.name, role: input.role });
      return { link: linkOf(token), email: input.email.toLowerCase() };
    } catch (error) {
      if (error instanceof StaffError) return data({ error: error.message }, { status: 422 });
      throw error;
    }
  }
  if (input.intent === "link") {
    const token = await newLinkFor(context.db, actor, input.staffId);
    if (!token) return data({ error: "No such account." }, { status: 404 });
    return { link: linkOf(token), email: null };
  }
  if (input.intent === "role") {
    const problem = await setRole(context.db, actor, input.staffId, input.role);
    if (problem) return data({ error: problem }, { status: 422 });
    return {
      notice:
        input.role === "owner"
          ? "The account is an owner now: it can open every page of the console."
          : "The account is staff now: it works on orders and customers, not the store's settings.",
    };
  }
  if (input.intent === "reset-two-step") {
    const problem = await resetSecondFactor(context.db, actor, input.staffId);
    if (problem) return data({ error: problem }, { status: 422 });
    return { notice: "Two-step sign-in is off for the account, and it is signed out. It signs in with its password." };
  }
  const problem = await setActive(context.db, actor, input.staffId, input.intent === "activate");
  if (problem) return data({ error: problem }, { status: 422 });
  return {
    notice:
      input.intent === "activate" ? "The account can sign in again." : "The account is switched off and signed out.",
  };
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** /admin/staff: the store's staff, for its owners. */
export default function ConsoleStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, me, csrf } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <h1>Staff</h1>
      <ActionMessage answer={actionData} />
      {actionData && "link" in actionData ? (
        <div className="alert alert--success" role="status">
          <p>
            Send this link{actionData.email ? ` to ${actionData.email}` : ""}. It works once, within 24 hours, and is
            shown only now:
          </p>
          <p>
            <code className="console-link">{actionData.link}</code>
          </p>
        </div>
      ) : null}
      <div className="console-table-wrap">
        <table className="console-table">
          <caption className="visually-hidden">The store's staff</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">State</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((s) => (
              <tr key={s.id}>
                <td data-label="Name">{s.name || "—"}</td>
                <td data-label="Email">{s.email}</td>
                <td data-label="Role">{s.role === "owner" ? "Owner" : "Staff"}</td>
                <td data-label="State">
                  {!s.active ? "Switched off" : s.invited ? "Invited" : "Active"}
                  {s.twoStep ? <span className="muted"> · two-step sign-in</span> : null}
                </td>
                <td data-label="Last sign-in">{s.lastSignInAt ? when.format(new Date(s.lastSignInAt)) : "Never"}</td>
                <td data-label="Actions">
                  {s.id === me ? (
                    <span className="muted">You</span>
                  ) : (
                    <div className="console-actions">
                      <Form method="post">
                        <input type="hidden" name={CSRF_FIELD} value={csrf} />
                        <input type="hidden" name="intent" value="link" />
                        <input type="hidden" name="staffId" value={s.id} />
                        <button type="submit" className="text-button" disabled={busy}>
                          New link for {s.email}
                        </button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name={CSRF_FIELD} value={csrf} />
                        <input type="hidden" name="intent" value={s.active ? "deactivate" : "activate"} />
                        <input type="hidden" name="staffId" value={s.id} />
                        <button type="submit" className="text-button" disabled={busy}>
                          {s.active ? `Switch off ${s.email}` : `Switch on ${s.email}`}
                        </button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name={CSRF_FIELD} value={csrf} />
                        <input type="hidden" name="intent" value="role" />
                        <input type="hidden" name="staffId" value={s.id} />
                        <input type="hidden" name="role" value={s.role === "owner" ? "staff" : "owner"} />
                        <button type="submit" className="text-button" disabled={busy}>
                          {s.role === "owner" ? `Make ${s.email} staff` : `Make ${s.email} an owner`}
                        </button>
                      </Form>
                      {s.twoStep ? (
                        <Form method="post">
                          <input type="hidden" name={CSRF_FIELD} value={csrf} />
                          <input type="hidden" name="intent" value="reset-two-step" />
                          <input type="hidden" name="staffId" value={s.id} />
                          <button type="submit" className="text-button" disabled={busy}>
                            Turn off two-step sign-in for {s.email}
                          </button>
                        </Form>
                      ) : null}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite someone</h2>
        <Form method="post" className="console-step console-step--wide">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="intent" value="invite" />
          <label htmlFor="invite-email">Email</label>
          <input id="invite-email" name="email" type="email" required />
          <label htmlFor="invite-name">Name (optional)</label>
          <input id="invite-name" name="name" maxLength={80} />
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" name="role" defaultValue="staff">
            <option value="staff">Staff: orders, customers, stock</option>
            <option value="owner">Owner: everything, staff and settings too</option>
          </select>
          <button type="submit" className="button" disabled={busy}>
            Invite
          </button>
        </Form>
      </section>
    </>
  );
}
