import { redirect } from "react-router";
import { CONSOLE_HEADERS, staffOf } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { secureCookies } from "../../modules/security/cookies.server";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { clearedStaffCookie, revokeAllSessions, revokeSession } from "../../modules/staff/staff.server";
import type { Route } from "./+types/sign-out";

/** POST /admin/sign-out: ends this console session, or with `everywhere`, every one of the account's. */
export async function action({ request, context }: Route.ActionArgs) {
  const read = await readFormBody(request, 1024);
  if (!read.ok) return read.response;
  if (context.antiForgery.checkForm(request, read.form)) return new Response(FORBIDDEN_MESSAGE, { status: 403 });
  const member = await staffOf(request, context);
  if (member) {
    if (read.form.get("everywhere")) await revokeAllSessions(context.db, member.id);
    else await revokeSession(context.db, member.sessionId);
  }
  return redirect("/admin/sign-in", {
    headers: { "Set-Cookie": clearedStaffCookie(secureCookies(context.env)), ...CONSOLE_HEADERS },
  });
}

export function loader() {
  return redirect("/admin");
}
