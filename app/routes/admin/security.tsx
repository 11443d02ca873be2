import { eq } from "drizzle-orm";
import { data, Form, useNavigation } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { staff } from "../../db/schema";
import { writeAudit } from "../../modules/console/fulfilment.server";
import { qrPath } from "../../modules/console/qr.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import {
  confirmEnrolment,
  enrolmentUri,
  recoveryCodesLeft,
  startEnrolment,
  turnOffSecondFactor,
} from "../../modules/staff/second-factor.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = () => [
  { title: "Sign-in security · Console" },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

/** Each staff member's own page: two-step sign-in with an authenticator app, and its recovery codes. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, url);
  const [row] = await context.db
    .select({ secret: staff.totpSecret, enabledAt: staff.totpEnabledAt })
    .from(staff)
    .where(eq(staff.id, member.id));
  const on = Boolean(row?.enabledAt);
  // While enrolling, the secret is shown to its owner alone, on this page, until the first code proves it.
  const enrolling =
    !on && row?.secret
      ? {
          secret: row.secret,
          qr: qrPath(enrolmentUri(row.secret, member.email, requireStore(context).title)),
        }
      : null;
  return {
    csrf: context.csrf,
    email: member.email,
    on,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    codesLeft: on ? await recoveryCodesLeft(context.db, member.id) : 0,
    enrolling,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url);
  const read = await readFormBody(request, 2 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const intent = read.form.get("intent");
  const code = String(read.form.get("code") ?? "").slice(0, 40);
  const actor = { member, ip: context.clientIp };
  const audit = (action: string, after: Record<string, unknown>) =>
    context.db.transaction((tx) =>
      writeAudit(tx, actor, { action, entity: "staff", entityId: member.id, before: null, after }),
    );
  if (intent === "start") {
    await startEnrolment(context.db, member, requireStore(context).title);
    return { notice: "Scan the code with your authenticator app, then enter the 6 digits it shows." };
  }
  if (intent === "confirm") {
    const confirmed = await confirmEnrolment(context.db, member.id, code);
    if (!confirmed.ok) return data({ error: confirmed.error }, { status: 422 });
    await audit("staff.two-step-on", { email: member.email });
    return {
      notice: "Two-step sign-in is on. Keep these recovery codes somewhere safe: they are shown only now.",
      recoveryCodes: confirmed.recoveryCodes,
    };
  }
  if (intent === "off") {
    const off = await turnOffSecondFactor(context.db, member.id, code);
    if (!off.ok) return data({ error: off.error }, { status: 422 });
    await audit("staff.two-step-off", { email: member.email });
    return { notice: "Two-step sign-in is off." };
  }
  return data({ error: "Choose what to do." }, { status: 422 });
}

/** /admin/security: two-step sign-in for the signed-in staff member (issue 54). */
export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, on, codesLeft, enrolling, email } = loaderData;
  const busy = useNavigation().state !== "idle";
  const recoveryCodes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  return (
    <>
      <h1>Sign-in security</h1>
      <ActionMessage answer={actionData} />
      {recoveryCodes ? (
        <section aria-labelledby="recovery-codes" className="console-panel">
          <h2 id="recovery-codes">Your recovery codes</h2>
          <p>Each works once, in place of the app's code, if you lose your phone. Print them or write them down.</p>
          <ul className="recovery-codes">
            {recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="two-step">
        <h2 id="two-step">Two-step sign-in</h2>
        {on ? (
          <>
            <p>
              <strong>On</strong> for {email}: signing in asks for your password and a code from your authenticator app.{" "}
              {codesLeft} recovery code{codesLeft === 1 ? "" : "s"} left.
            </p>
            <Form method="post" className="console-form console-form--narrow">
              <input type="hidden" name={CSRF_FIELD} value={csrf} />
              <input type="hidden" name="intent" value="off" />
              <label htmlFor="off-code">Code from your app, to turn it off</label>
              <input id="off-code" name="code" autoComplete="one-time-code" required maxLength={40} />
              <button type="submit" className="button secondary" disabled={busy}>
                Turn off two-step sign-in
              </button>
            </Form>
          </>
        ) : enrolling ? (
          <>
            <p>Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 2FAS…).</p>
            <svg
              className="enrol-qr"
              viewBox={`-4 -4 ${enrolling.qr.size + 8} ${enrolling.qr.size + 8}`}
              role="img"
              aria-label="QR code to add this account to an authenticator app"
              shapeRendering="crispEdges"
            >
              <rect x={-4} y={-4} width={enrolling.qr.size + 8} height={enrolling.qr.size + 8} fill="#fff" />
              <path d={enrolling.qr.path} fill="#000" />
            </svg>
            <p>
              Or type this key into the app: <code className="console-link">{enrolling.secret}</code>
            </p>
            <Form method="post" className="console-form console-form--narrow">
              <input type="hidden" name={CSRF_FIELD} value={csrf} />
              <input type="hidden" name="intent" value="confirm" />
              <label htmlFor="confirm-code">The 6 digits the app shows</label>
              <input
                id="confirm-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
              />
              <button type="submit" className="button" disabled={busy}>
                Turn on two-step sign-in
              </button>
            </Form>
          </>
        ) : (
          <>
            <p>
              <strong>Off.</strong> With it on, a stolen password alone does not open the console: signing in also asks
              for a code from an app on your phone.
            </p>
            <Form method="post">
              <input type="hidden" name={CSRF_FIELD} value={csrf} />
              <input type="hidden" name="intent" value="start" />
              <button type="submit" className="button" disabled={busy}>
                Set up two-step sign-in
              </button>
            </Form>
          </>
        )}
      </section>
    </>
  );
}
