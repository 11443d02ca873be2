import { data, Form, redirect, useNavigation } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { CONSOLE_HEADERS, staffOf } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { sameOriginPath } from "../../modules/http/redirect";
import { secureCookies } from "../../modules/security/cookies.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { signIn, signInWithCode, staffCookie } from "../../modules/staff/staff.server";
import { requireStore } from "../../modules/store/require-store.server";
import consoleStyles from "../../styles/console.css?url";
import type { Route } from "./+types/sign-in";

export const handle = { console: true };
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: consoleStyles }];
export const meta: Route.MetaFunction = () => [{ title: "Sign in · Console" }, { name: "robots", content: "noindex" }];
export const headers = () => CONSOLE_HEADERS;

/** Where to go after signing in: a console path from ?next=, else the console's first page. */
function nextPath(url: URL): string {
  const next = sameOriginPath(url.searchParams.get("next"));
  return next?.startsWith("/admin") ? next : "/admin";
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  if (await staffOf(request, context)) throw redirect(nextPath(url));
  return { csrf: context.csrf, store: requireStore(context).title };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const store = requireStore(context);
  const read = await readFormBody(request, 4 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const email = String(read.form.get("email") ?? "").slice(0, 320);
  const challenge = read.form.get("challenge");
  const outcome =
    typeof challenge === "string"
      ? await signInWithCode(
          context.db,
          store.id,
          challenge,
          String(read.form.get("code") ?? "").slice(0, 40),
          context.clientIp,
        )
      : await signIn(context.db, store.id, email, String(read.form.get("password") ?? ""), context.clientIp);
  if (outcome.ok === "code") {
    // The password was right; the second step asks for the code, carrying the challenge instead.
    return data({ challenge: outcome.challenge, error: outcome.error, email }, { status: outcome.error ? 401 : 200 });
  }
  if (!outcome.ok) {
    context.log.warn("console sign-in refused", { status: outcome.status });
    return data({ error: outcome.error, email }, { status: outcome.status });
  }
  return redirect(nextPath(url), {
    headers: { "Set-Cookie": staffCookie(outcome.sessionToken, secureCookies(context.env)), ...CONSOLE_HEADERS },
  });
}

/** /admin/sign-in: the console's sign-in with email and password (issue 54). */
export default function ConsoleSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <main id="main" className="console-door">
      <h1>Sign in to {loaderData.store}</h1>
      <p className="muted">The shop's console, for its owner and staff.</p>
      <ActionMessage answer={actionData} />
      {actionData && "challenge" in actionData && actionData.challenge ? (
        <Form method="post" className="console-form" key={actionData.challenge}>
          <input type="hidden" name={CSRF_FIELD} value={loaderData.csrf} />
          <input type="hidden" name="challenge" value={actionData.challenge} />
          <p>Two-step sign-in is on for {String(actionData.email)}.</p>
          <label htmlFor="console-code">Code from your authenticator app</label>
          <input
            id="console-code"
            name="code"
            type="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={40}
            aria-describedby="console-code-help"
          />
          <p id="console-code-help" className="muted">
            The 6 digits the app shows now. Lost your phone? Enter one of your recovery codes instead.
          </p>
          <button type="submit" className="button" disabled={busy}>
            Continue
          </button>
        </Form>
      ) : (
        <Form method="post" className="console-form">
          <input type="hidden" name={CSRF_FIELD} value={loaderData.csrf} />
          <label htmlFor="console-email">Email</label>
          <input
            id="console-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData && "email" in actionData ? String(actionData.email) : ""}
          />
          <label htmlFor="console-password">Password</label>
          <input id="console-password" name="password" type="password" autoComplete="current-password" required />
          <button type="submit" className="button" disabled={busy}>
            Sign in
          </button>
        </Form>
      )}
    </main>
  );
}
