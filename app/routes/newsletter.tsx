import { data, Form, Link } from "react-router";
import { readFormBody } from "../modules/http/json.server";
import { confirmSubscription, subscriberByToken, unsubscribe } from "../modules/store/newsletter.server";
import { requireStore } from "../modules/store/require-store.server";
import type { Route } from "./+types/newsletter";

/**
 * /newsletter/confirm and /newsletter/unsubscribe?token=... (issue 57): the links of the
 * newsletter's emails, which work without signing in. Opening one shows a button and changes
 * nothing, because mail scanners open links on their own; pressing it (or a mail program's
 * one-click unsubscribe, RFC 8058, which posts "List-Unsubscribe=One-Click" to the same
 * address) does it. The token is the only key: it has no anti-forgery pair, since whoever
 * holds the link may use it, and nobody else can name the address.
 */

type Step = "confirm" | "unsubscribe";

const stepOf = (value: string | undefined): Step | null =>
  value === "confirm" || value === "unsubscribe" ? value : null;

export function meta() {
  return [{ title: "Newsletter" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  // same-origin, not no-referrer: with no-referrer Chromium posts the form with "Origin: null",
  // which React Router refuses as a forged action. Other sites still never see the token.
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const step = stepOf(params.step);
  if (!step) throw data(null, { status: 404 });
  const store = requireStore(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const subscriber = await subscriberByToken(context.db, store.id, token);
  return {
    step,
    token,
    store: store.title,
    email: subscriber?.email ?? null,
    state: subscriber ? (subscriber.unsubscribed ? "off" : subscriber.confirmed ? "on" : "waiting") : null,
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const step = stepOf(params.step);
  if (!step) throw data(null, { status: 404 });
  const store = requireStore(context);
  const read = await readFormBody(request, 1024);
  if (!read.ok) throw read.response;
  const fromForm = read.form.get("token");
  const token = new URL(request.url).searchParams.get("token") ?? (typeof fromForm === "string" ? fromForm : "");
  const subscriber = await subscriberByToken(context.db, store.id, token);
  if (!subscriber) return data({ done: null }, { status: 404 });
  if (step === "confirm") await confirmSubscription(context.db, subscriber);
  else await unsubscribe(context.db, subscriber);
  context.log.info(step === "confirm" ? "newsletter subscription confirmed" : "newsletter unsubscribed");
  return { done: step };
}

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { step, token, store, email, state } = loaderData;
  const done = actionData?.done ?? null;
  if (!email) {
    return (
      <section className="narrow">
        <h1>This link does not work</h1>
        <p>It may be cut short, or from another store. Copy the whole link from the email, or sign up again below.</p>
        <p>
          <Link className="button" to="/">
            Continue Shopping
          </Link>
        </p>
      </section>
    );
  }
  if (done === "unsubscribe" || (step === "unsubscribe" && state === "off")) {
    return (
      <section className="narrow">
        <h1>You're unsubscribed</h1>
        <p role="status">
          {email} will get no more newsletters from {store}. Messages about your orders still come.
        </p>
      </section>
    );
  }
  if (done === "confirm" || (step === "confirm" && state === "on")) {
    return (
      <section className="narrow">
        <h1>You're subscribed</h1>
        <p role="status">
          Offers and news from {store} will come to {email}. Every newsletter has a link to stop it.
        </p>
        <p>
          <Link className="button" to="/products">
            Continue Shopping
          </Link>
        </p>
      </section>
    );
  }
  if (step === "confirm" && state === "off") {
    return (
      <section className="narrow">
        <h1>This address unsubscribed</h1>
        <p>
          {email} asked for no more newsletters from {store}. To get them again, sign up at the foot of any page.
        </p>
      </section>
    );
  }
  return (
    <section className="narrow">
      <h1>{step === "confirm" ? "Confirm your subscription" : "Unsubscribe from the newsletter"}</h1>
      <p>
        {step === "confirm"
          ? `Get offers and news from ${store} at ${email}.`
          : `${email} will get no more newsletters from ${store}.`}
      </p>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button">
          {step === "confirm" ? "Confirm my subscription" : "Unsubscribe"}
        </button>
      </Form>
    </section>
  );
}
