import { Link } from "react-router";
import type { StoreView } from "../modules/store/settings";

export const GST_NOTE = "Product prices are inclusive of GST.";

export const POLICY_LINKS = [
  { to: "/policy/terms-and-condition", label: "Terms & Conditions" },
  { to: "/policy/terms-of-use", label: "Terms of Use" },
  { to: "/policy/privacy-policy", label: "Privacy Policy" },
  { to: "/policy/return-refund", label: "Return and Refund Policy" },
  { to: "/policy/shipping-policy", label: "Shipping Policy" },
] as const;

export function SiteFooter({ store }: { store: StoreView }) {
  const { legal, contact } = store;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-store">
          <h2 id="footer-store">{store.title}</h2>
          {store.tagline ? <p>{store.tagline}</p> : null}
          <p className="gst-note">{GST_NOTE}</p>
        </section>
        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies">Policies</h2>
          <ul className="link-list">
            {POLICY_LINKS.map((p) => (
              <li key={p.to}>
                <Link to={p.to}>{p.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <address>
            {contact.address ? <p>{contact.address}</p> : null}
            {contact.phone ? (
              <p>
                <a href={`tel:${contact.phone.replace(/\s/g, "")}`}>{contact.phone}</a>
              </p>
            ) : null}
            {contact.email ? (
              <p>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </p>
            ) : null}
          </address>
        </section>
        <section aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <dl className="legal">
            {legal.companyName ? (
              <div>
                <dt>Company</dt>
                <dd>{legal.companyName}</dd>
              </div>
            ) : null}
            {legal.gstNo ? (
              <div>
                <dt>GSTIN</dt>
                <dd>{legal.gstNo}</dd>
              </div>
            ) : null}
            {legal.cin ? (
              <div>
                <dt>CIN</dt>
                <dd>{legal.cin}</dd>
              </div>
            ) : null}
            {legal.fssai ? (
              <div>
                <dt>FSSAI</dt>
                <dd>{legal.fssai}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      </div>
    </footer>
  );
}
