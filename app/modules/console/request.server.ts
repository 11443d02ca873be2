import { redirect } from "react-router";
import type { MandiContext } from "../../context";
import { secureCookies } from "../security/cookies.server";
import { readStaffSession, readStaffToken, type StaffMember, type StaffRole } from "../staff/staff.server";
import { requireStore } from "../store/require-store.server";

/**
 * The console's door (issue 54): every console loader and action asks for the signed-in staff
 * member here, with the roles it allows, so that the server checks the role on every request
 * and not only in the menu. A visitor who is not signed in is sent to the sign-in page and back.
 */
export async function requireStaff(
  request: Request,
  context: MandiContext,
  url: URL,
  roles: readonly StaffRole[] = ["owner", "staff"],
): Promise<StaffMember> {
  const member = await staffOf(request, context);
  if (!member) {
    const next = `${url.pathname}${url.search}`;
    throw redirect(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  }
  if (!roles.includes(member.role)) throw new Response("Only the store's owner may open this page.", { status: 403 });
  return member;
}

/**
 * The staff member of a console request, or null, looked up once per request as the store's
 * customer session is (accounts/request.server.ts): the layout's loader and the page's both
 * ask, in parallel. A request without the console's cookie costs no query.
 */
const staffByRequest = new WeakMap<MandiContext, Promise<StaffMember | null>>();

export function staffOf(request: Request, context: MandiContext): Promise<StaffMember | null> {
  let member = staffByRequest.get(context);
  if (!member) {
    const store = requireStore(context);
    const token = readStaffToken(request.headers.get("cookie"), secureCookies(context.env));
    member = token ? readStaffSession(context.db, store.id, token) : Promise.resolve(null);
    staffByRequest.set(context, member);
  }
  return member;
}

/** Console answers are never kept, by a browser, a proxy or the service worker. */
export const CONSOLE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;
