import { InstallationFrame } from "../components/installation-frame";
import type { Route } from "./+types/create-store";

/**
 * /create-store (issue 60): what a business needs to open its own store on this installation,
 * and how to reach the installation's operator (OPERATOR_NAME, OPERATOR_EMAIL, OPERATOR_PHONE).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const { OPERATOR_NAME, OPERATOR_EMAIL, OPERATOR_PHONE } = context.env;
  return {
    host: new URL(request.url).host,
    operator: {
      name: OPERATOR_NAME ?? null,
      email: OPERATOR_EMAIL ?? null,
      phone: OPERATOR_PHONE ?? null,
    },
  };
}

export default function CreateStore({ loaderData }: Route.ComponentProps) {
  const { operator, host } = loaderData;
  const reachable = operator.email || operator.phone;
  const subject = encodeURIComponent(`A store on ${host}`);
  return (
    <InstallationFrame title="Open your own store">
      <h1>Open your own store</h1>
      <p className="lead">
        This installation of Mandi runs online stores for wholesale grocery and catering suppliers: a store of your own,
        at its own address, with your catalogue, prices and brand, taking orders with cash on delivery or online
        payment.
      </p>
      <section aria-labelledby="create-store-needs">
        <h2 id="create-store-needs">What you need</h2>
        <ul>
          <li>Your business's legal name and address, and a phone number and email address for orders.</li>
          <li>
            Your GSTIN, for the tax invoices your buyers claim credit with (a business not registered for GST can start
            without one), and your FSSAI licence or registration number if you sell food.
          </li>
          <li>
            Your catalogue: a spreadsheet of products with their prices, pack sizes and stock, imported in one go, or
            added one by one from the store's console.
          </li>
          <li>
            For online payment, a Juspay merchant account and a bank account; cash on delivery works without them.
          </li>
          <li>If you like, your own web address (such as shop.example.in), pointed at this installation.</li>
        </ul>
      </section>
      <section aria-labelledby="create-store-contact">
        <h2 id="create-store-contact">Ask for a store</h2>
        {reachable ? (
          <>
            <p>
              Write to {operator.name ?? "the operator of this installation"}, who sets up the store and sends you the
              link to its console.
            </p>
            <address className="policy__address">
              {operator.name ? <strong>{operator.name}</strong> : null}
              {operator.email ? (
                <>
                  {operator.name ? <br /> : null}
                  Email: <a href={`mailto:${operator.email}?subject=${subject}`}>{operator.email}</a>
                </>
              ) : null}
              {operator.phone ? (
                <>
                  <br />
                  Phone: <a href={`tel:${operator.phone.replace(/[\s-]/g, "")}`}>{operator.phone}</a>
                </>
              ) : null}
            </address>
          </>
        ) : (
          <p>
            The operator of this installation has not published a way to reach them yet. Ask whoever gave you this
            address.
          </p>
        )}
      </section>
      <p>
        <a href="/updates">News from this installation</a>
      </p>
    </InstallationFrame>
  );
}
