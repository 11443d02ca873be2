import { data, Form, redirect, useNavigation } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { CONSOLE_HEADERS } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { secureCookies } from "../../modules/security/cookies.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { PASSWORD_RULES, STAFF_MESSAGES } from "../../modules/staff/messages";
import { linkFor, passwordProblem, redeemPasswordLink, staffCookie } from "../../modules/staff/staff.server";
import { requireStore } from "../../modules/store/require-store.server";
import consoleStyles from "../../styles/console.css?url";
import type { Route } from "./+types/welcome";

export const handle = { console: true };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleStyles }];
export const meta: Route.MetaFunction = () => [
  { title: "Choose your password · Console" },
  { name: "robots", content: "noindex" },
];
// same-origin, not no-referrer: with no-referrer Chromium posts the form with "Origin: null",
// which React Router refuses as a forged action (a password chosen before the page's scripts
// ran was answered 400). Other sites still never see the link's token.
export const headers = () => ({ ...CONSOLE_HEADERS, "Referrer-Policy": "same-origin" });

export async function loader({ context, url }: Route.LoaderArgs) {
  const store = requireStore(context);
  const token = url.searchParams.get("token") ?? "";
  const target = await linkFor(context.db, store.id, token);
  return { csrf: context.csrf, token, email: target?.email ?? null, store: store.title };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const store = requireStore(context);
  const read = await readFormBody(request, 4 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const password = String(read.form.get("password") ?? "");
  const problem = passwordProblem(password, String(read.form.get("again") ?? ""));
  if (problem) return data({ error: problem }, { status: 422 });
  const token = url.searchParams.get("token") ?? "";
  const used = await redeemPasswordLink(context.db, store.id, token, password, context.clientIp);
  if (!used.ok) return data({ error: used.error }, { status: 410 });
  context.log.info("console password chosen");
  return redirect("/admin", {
    headers: { "Set-Cookie": staffCookie(used.sessionToken, secureCookies(context.env)), ...CONSOLE_HEADERS },
  });
}

/** /admin/welcome?token=…: the one-time link's page, where a staff member chooses a password. */
export default function ConsoleWelcome({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (!loaderData.email) {
    return (
      <main id="main" className="console-door">
        <h1>This link no longer works</h1>
        <p>{STAFF_MESSAGES.linkInvalid}</p>
      </main>
    );
  }
  return (
    <main id="main" className="console-door">
      <h1>Choose your password</h1>
      <p className="muted">
        For {loaderData.email} at {loaderData.store}. At least {PASSWORD_RULES.minLength} characters; a few words you
        will remember are best.
      </p>
      <ActionMessage answer={actionData} />
      <Form method="post" className="console-form">
        <input type="hidden" name={CSRF_FIELD} value={loaderData.csrf} />
        <label htmlFor="welcome-password">Password</label>
        <input
          id="welcome-password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_RULES.minLength}
          required
        />
        <label htmlFor="welcome-again">Password again</label>
        <input id="welcome-again" name="again" type="password" autoComplete="new-password" required />
        <button type="submit" className="button" disabled={busy}>
          Save password
        </button>
      </Form>
    </main>
  );
}
