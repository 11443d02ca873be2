import { jsonError, readFormBody, readJsonBody } from "../../modules/http/json.server";
import { refererPath } from "../../modules/http/redirect";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { NEWSLETTER_MESSAGES } from "../../modules/store/newsletter";
import { newsletterSchema, subscribe } from "../../modules/store/newsletter.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/newsletter";

/**
 * POST /api/newsletter — the footer's signup. JSON { email } (with the anti-forgery pair)
 * answers 200 { message } / 422 { error } / 500 { error }. A plain form post (no scripts) is
 * answered with a redirect back to the page it came from, the outcome in ?newsletter=.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const store = requireStore(context);
  const isForm = (request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded");
  if (isForm) {
    const read = await readFormBody(request, 2 * 1024);
    if (!read.ok) return read.response;
    const form = read.form;
    if (context.antiForgery.checkForm(request, form)) return jsonError(403, FORBIDDEN_MESSAGE);
    const outcome = await signUp(context, store.id, form.get("email"));
    return backToPage(request, outcome.ok ? "subscribed" : outcome.status === 422 ? "invalid" : "failed");
  }
  if (context.antiForgery.check(request)) return jsonError(403, FORBIDDEN_MESSAGE);
  const body = await readJsonBody(request, 2 * 1024);
  if (!body.ok) return body.response;
  const value = body.value;
  const email = typeof value === "object" && value !== null ? (value as { email?: unknown }).email : undefined;
  const outcome = await signUp(context, store.id, email);
  return outcome.ok
    ? Response.json({ message: NEWSLETTER_MESSAGES.subscribed }, { headers: { "Cache-Control": "no-store" } })
    : jsonError(outcome.status, outcome.error);
}

type Outcome = { ok: true } | { ok: false; status: 422 | 500; error: string };

async function signUp(context: Route.ActionArgs["context"], storeId: string, email: unknown): Promise<Outcome> {
  const parsed = newsletterSchema.safeParse({ email });
  if (!parsed.success) return { ok: false, status: 422, error: NEWSLETTER_MESSAGES.invalid };
  try {
    const result = await subscribe(context.db, storeId, parsed.data.email);
    if (result === "subscribed") context.log.info("newsletter subscriber added");
    return { ok: true };
  } catch (error) {
    context.log.error("newsletter signup failed", { error });
    return { ok: false, status: 500, error: NEWSLETTER_MESSAGES.failed };
  }
}

/** Back to the same-origin page the form was on (else home), at the footer, with the outcome. */
function backToPage(request: Request, outcome: "subscribed" | "invalid" | "failed"): Response {
  const self = new URL(request.url);
  // Only a path of this site that begins with a single slash: '//attacker.example' is another site (issue 53).
  const path = refererPath(request.headers.get("referer"), self.host) ?? "/";
  const back = new URL(path, self);
  back.searchParams.set("newsletter", outcome);
  return new Response(null, {
    status: 303,
    headers: { Location: `${back.pathname}${back.search}#newsletter`, "Cache-Control": "no-store" },
  });
}
