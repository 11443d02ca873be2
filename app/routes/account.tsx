import { useRevalidator } from "react-router";
import { MessageChoices } from "../components/account/message-choices";
import { OrderHistory } from "../components/account/order-history";
import { ProfilePanel } from "../components/account/profile-panel";
import { QuoteList } from "../components/account/quote-list";
import { SavedLists } from "../components/account/saved-lists";
import { SignIn } from "../components/account/sign-in";
import { listOrders, loadProfile } from "../modules/accounts/account.server";
import { humanCheck } from "../modules/accounts/human-check.server";
import { loadChoices } from "../modules/accounts/preferences.server";
import { signedInCustomer } from "../modules/accounts/request.server";
import { listLists } from "../modules/lists/lists.server";
import { customerQuotes } from "../modules/quotes/accept.server";
import { dayText, QUOTE_STATE_LABELS, quoteState } from "../modules/quotes/rules";
import { requireStore } from "../modules/store/require-store.server";
import type { Route } from "./+types/account";

export function meta() {
  return [{ title: "My Account" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = requireStore(context);
  const customer = await signedInCustomer(request, context, store);
  if (!customer) {
    const check = humanCheck(context.env, context.log);
    return {
      signedIn: false as const,
      humanCheck: check.kind !== "off" && check.siteKey ? { kind: check.kind, siteKey: check.siteKey } : null,
    };
  }
  const [profile, orders, choices, lists, quotes] = await Promise.all([
    loadProfile(context.db, store.id, customer.id).catch(() => null),
    listOrders(context.db, store.id, customer).catch(() => null),
    loadChoices(context.db, store.id, customer.id).catch(() => null),
    listLists(context.db, store.id, customer.id).catch(() => null),
    customerQuotes(context.db, store.id, customer)
      .then((rows) =>
        rows.map((row) => ({
          id: row.id,
          reference: row.reference,
          state: QUOTE_STATE_LABELS[quoteState(row)],
          total: row.grandTotal,
          asked: dayText(row.createdAt),
        })),
      )
      .catch(() => null),
  ]);
  const whatsapp = Boolean(context.env.WHATSAPP_TOKEN && context.env.WHATSAPP_PHONE_NUMBER_ID);
  return { signedIn: true as const, profile, orders, choices, whatsapp, lists, quotes };
}

/**
 * /account (spec sections 2, 4 and 5): sign in with a one-time code (phone stage, code stage),
 * then the profile with its saved details, the messages they chose (issue 57), and the order
 * history with reorder.
 */
export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  if (!loaderData.signedIn)
    return <SignIn humanCheck={loaderData.humanCheck} onSignedIn={() => revalidator.revalidate()} />;
  return (
    <section className="account">
      <h1>My Account</h1>
      <div className="account__grid">
        <div className="account__side">
          <ProfilePanel profile={loaderData.profile} />
          <MessageChoices choices={loaderData.choices} whatsapp={loaderData.whatsapp} />
          <QuoteList quotes={loaderData.quotes} />
        </div>
        <div className="account__main">
          <SavedLists lists={loaderData.lists} />
          <OrderHistory orders={loaderData.orders} />
        </div>
      </div>
    </section>
  );
}
