import type { ReactNode } from "react";
import type { StoreView } from "../modules/store/settings";
import { useRouteLoaderData } from "../platform/navigation/navigation";
import type { loader as rootLoader } from "../root";

/**
 * What the policy pages say about the operator: the company's name, address and contact
 * details from the store's profile settings, with the store's title standing in for a company
 * name the owner has not entered yet.
 */

export interface Operator {
  storeName: string;
  companyName: string;
  address: string;
  email: string;
  phone: string;
}

export function operatorOf(store: StoreView): Operator {
  return {
    storeName: store.title,
    companyName: store.legal.companyName || store.title,
    address: store.contact.address,
    email: store.contact.email,
    phone: store.contact.phone,
  };
}

const FALLBACK: Operator = {
  storeName: "this store",
  companyName: "the store's operator",
  address: "",
  email: "",
  phone: "",
};

export function useOperator(): Operator {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return root ? operatorOf(root.store) : FALLBACK;
}

/** The email address to write to, as a link, or a plain phrase when none is set. */
export function EmailLink({ operator }: { operator: Operator }) {
  return operator.email ? <a href={`mailto:${operator.email}`}>{operator.email}</a> : <>our customer care email</>;
}

/** The operator's contact block that closes every policy page. */
export function ContactBlock({ operator, children }: { operator: Operator; children?: ReactNode }) {
  return (
    <section aria-labelledby="policy-contact">
      <h2 id="policy-contact">Contact us</h2>
      {children}
      <address className="policy__address">
        <strong>{operator.companyName}</strong>
        {operator.address ? (
          <>
            <br />
            {operator.address}
          </>
        ) : null}
        {operator.email ? (
          <>
            <br />
            Email: <a href={`mailto:${operator.email}`}>{operator.email}</a>
          </>
        ) : null}
        {operator.phone ? (
          <>
            <br />
            Phone: <a href={`tel:${operator.phone.replace(/\s/g, "")}`}>{operator.phone}</a>
          </>
        ) : null}
      </address>
    </section>
  );
}
