import { readFormBody } from "../../modules/http/json.server";
import { formatINR } from "../../modules/money/format";
import {
  isOpenForPayment,
  SIM_CHOICES,
  type SimChoice,
  type SimOrder,
} from "../../modules/payments/juspay/simulator.server";
import { isPayersBrowser } from "../../modules/payments/sandbox-access.server";
import { paymentSetup } from "../../modules/payments/setup.server";
import { secureCookies } from "../../modules/security/cookies.server";
import { siteOrigin } from "../../modules/store/origin.server";
import type { Route } from "./+types/pay";

/**
 * /sandbox/pay/{id} — the sandbox gateway's payment page (PAYMENT_GATEWAY=sandbox, the
 * default). It shows the amount and lets the tester choose what the bank does; the shopper then
 * returns through the same signed return URL, status check and webhook as with Juspay.
 */

const CHOICES: Record<SimChoice, { label: string; hint: string }> = {
  success: { label: "Success", hint: "The bank takes the payment." },
  failure: { label: "Failure", hint: "The bank declines the payment." },
  pending: { label: "Pending", hint: "The bank has not answered yet; settle it later from this page." },
  cancel: { label: "Cancel", hint: "The shopper gives up on the payment page." },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f4f1ea; color: #1d1d1b; }
  .banner { background: #8a1c1c; color: #fff; padding: 0.75rem 1rem; text-align: center; font-weight: 700; letter-spacing: 0.02em; }
  main { max-width: 32rem; margin: 1.5rem auto; padding: 0 1rem; }
  .card { background: #fff; border-radius: 12px; padding: 1.25rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.35rem; margin: 0 0 0.25rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0 0 1rem; }
  dt { color: #5b5b57; }
  dd { margin: 0; font-family: ui-monospace, monospace; word-break: break-all; }
  form { display: grid; gap: 0.6rem; }
  button { display: grid; gap: 0.1rem; text-align: left; width: 100%; padding: 0.75rem 1rem; border-radius: 8px;
    border: 1px solid #c9c4b8; background: #fff; font: inherit; cursor: pointer; min-height: 44px; }
  button:hover, button:focus-visible { border-color: #1d1d1b; outline: 2px solid #1d1d1b; outline-offset: 1px; }
  button strong { font-size: 1.05rem; }
  button span { color: #5b5b57; font-size: 0.9rem; }
  button[value="success"] { border-color: #1f7a3d; }
  .note { color: #5b5b57; font-size: 0.9rem; margin-top: 1rem; }
  a { color: #1d4ed8; }
</style></head>
<body><header class="banner">TEST GATEWAY — Mandi sandbox. No real money moves.</header>
<main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}

function sandboxOf(context: Route.LoaderArgs["context"], request: Request) {
  return paymentSetup(context, siteOrigin(request, context.env))?.sandbox ?? null;
}

const notFound = () =>
  page(
    "Payment not found",
    `<div class="card"><h1>Payment not found</h1><p>This payment link is not known to the test gateway, or belongs to an order placed in another browser.</p></div>`,
    404,
  );

/** The sandbox payment, when this request comes from the browser of the order it pays (else null). */
async function payersOrder(
  context: Route.LoaderArgs["context"],
  request: Request,
  id: string,
): Promise<SimOrder | null> {
  const sandbox = sandboxOf(context, request);
  if (!sandbox || !context.store || !/^[\w-]{1,64}$/.test(id)) return null;
  const order = await sandbox.find(id);
  if (!order) return null;
  const own = await isPayersBrowser(
    context.db,
    context.store.id,
    order.order_id,
    request.headers.get("cookie"),
    secureCookies(context.env),
  );
  return own ? order : null;
}

function orderFacts(order: SimOrder): string {
  return `<dl>
  <dt>Order</dt><dd>${escapeHtml(order.order_id)}</dd>
  <dt>Payment</dt><dd>${escapeHtml(order.id)}</dd>
  <dt>Status</dt><dd>${escapeHtml(order.status)}</dd>
</dl>`;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const sandbox = sandboxOf(context, request);
  if (!sandbox)
    return page(
      "Not found",
      `<div class="card"><h1>No sandbox here</h1><p>This store uses a real payment gateway.</p></div>`,
      404,
    );
  const order = await payersOrder(context, request, params.id);
  if (!order) return notFound();
  const amount = formatINR(Math.round(order.amount * 100));
  if (!isOpenForPayment(order)) {
    // A payment is refunded by the shop (the console, or the sandbox's merchant side), never
    // from the payer's page: a payer who could refund would get the goods and the money.
    return page(
      "Payment closed",
      `<div class="card"><h1>This payment is closed</h1><p class="amount">${escapeHtml(amount)}</p>${orderFacts(order)}
<p><a href="${escapeHtml(sandbox.returnUrl(order))}">Return to the store</a></p></div>`,
    );
  }
  const voidButton =
    order.status === "PENDING_VBV"
      ? `<button type="submit" name="choice" value="void"><strong>Void</strong><span>The bank lets go of the held amount; nothing is taken.</span></button>`
      : "";
  const buttons = SIM_CHOICES.map(
    (choice) =>
      `<button type="submit" name="choice" value="${choice}"><strong>${CHOICES[choice].label}</strong><span>${escapeHtml(CHOICES[choice].hint)}</span></button>`,
  ).join("\n");
  return page(
    "Test payment",
    `<div class="card">
<h1>Test payment</h1>
<p>Amount to pay</p>
<p class="amount">${escapeHtml(amount)}</p>
${orderFacts(order)}
<form method="post" aria-label="Choose the payment's outcome">
${buttons}
${voidButton}
</form>
<p class="note">This page stands in for the bank's payment page while PAYMENT_GATEWAY=sandbox. Choose what happens; you will be sent back to the store, which then asks the gateway for the status.</p>
</div>`,
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const setup = paymentSetup(context, siteOrigin(request, context.env));
  const sandbox = setup?.sandbox;
  if (!setup || !sandbox) return new Response("Not found", { status: 404 });
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return new Response("Forbidden", { status: 403 });
  const read = await readFormBody(request, 4 * 1024);
  if (!read.ok) return read.response;
  const choice = String(read.form.get("choice") ?? "") as SimChoice | "void";
  if (!(await payersOrder(context, request, params.id))) return notFound();
  if (choice === "void") {
    const voided = await sandbox.voidPayment(params.id);
    if (!voided) return new Response("Only a pending payment can be voided.", { status: 409 });
    return new Response(null, { status: 303, headers: { Location: voided.returnUrl, "Cache-Control": "no-store" } });
  }
  if (!SIM_CHOICES.includes(choice)) {
    return new Response("Choose success, failure, pending or cancel.", { status: 400 });
  }
  const paid = await sandbox.pay(params.id, choice);
  if (!paid) return new Response("Payment not found", { status: 404 });
  return new Response(null, { status: 303, headers: { Location: paid.returnUrl, "Cache-Control": "no-store" } });
}
