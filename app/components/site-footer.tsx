import type { StoreView } from "../modules/store/settings";
import { CachedPart } from "../platform/cached-part";
import { useSearchParams } from "../platform/navigation/navigation";
import { StaticPart, writtenOnce } from "../platform/static-part";
import { NewsletterForm } from "./newsletter-form";
import { AppLink } from "./ui/app-link";

export const GST_NOTE = "Product prices are inclusive of GST.";

export const POLICY_LINKS = [
  { to: "/policy/terms-and-condition", label: "Terms & Conditions" },
  { to: "/policy/terms-of-use", label: "Terms of Use" },
  { to: "/policy/privacy-policy", label: "Privacy Policy" },
  { to: "/policy/return-refund", label: "Return and Refund Policy" },
  { to: "/policy/shipping-policy", label: "Shipping Policy" },
] as const;

type Social = keyof StoreView["contact"]["socials"];

const SOCIAL_LABELS: Record<Social, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  whatsapp: "WhatsApp",
};

/** A social setting as a link: a full https URL as it is, a WhatsApp number as a wa.me link. */
export function socialHref(kind: Social, value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (kind === "whatsapp" && /^\+?[\d\s-]{10,15}$/.test(v)) {
    const digits = v.replace(/\D/g, "");
    return `https://wa.me/${digits.length === 10 ? `91${digits}` : digits}`;
  }
  try {
    const url = new URL(v);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export const PAYMENT_BADGES = ["UPI", "Cards", "Net Banking", "Cash on Delivery"] as const;

/** How the footer starts in a page (ADR 0030). */
const FOOTER_START = '<footer class="site-footer">';

/**
 * The footer: the same for every page of a store in a year, but for the newsletter's answer
 * (?newsletter=) and the anti-forgery token in its form, which a cached footer gets put back. A
 * page rendered whole takes it from the cached parts (ADR 0030).
 */
export function SiteFooter({ store, csrf }: { store: StoreView; csrf: string }) {
  const [params] = useSearchParams();
  const year = new Date().getFullYear();
  return (
    <CachedPart
      keyOf={() => `footer\n${year}\n${params.get("newsletter") ?? ""}\n${JSON.stringify(store)}`}
      start={FOOTER_START}
      holds=""
    >
      <Footer store={store} csrf={csrf} year={year} />
    </CachedPart>
  );
}

/**
 * The footer's parts but the newsletter's form are static parts (ADR 0035): the browser leaves
 * them as the server wrote them while the store shows the same.
 */
function Footer({ store, csrf, year }: { store: StoreView; csrf: string; year: number }) {
  const { legal, contact } = store;
  const version = writtenOnce(() => `${year}\n${JSON.stringify(store)}`);
  const socials = (Object.keys(SOCIAL_LABELS) as Social[])
    .map((kind) => ({ kind, href: socialHref(kind, contact.socials[kind]) }))
    .filter((s): s is { kind: Social; href: string } => s.href !== null);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-newsletter" className="site-footer__newsletter">
          <h2 id="footer-newsletter">Newsletter</h2>
          <NewsletterForm csrf={csrf} />
        </section>
        <StaticPart as="section" version={version} aria-labelledby="footer-store">
          <h2 id="footer-store">{store.title}</h2>
          {store.tagline ? <p>{store.tagline}</p> : null}
          <p className="gst-note">{GST_NOTE}</p>
        </StaticPart>
        <StaticPart as="nav" version={version} aria-labelledby="footer-policies">
          <h2 id="footer-policies">Policies</h2>
          <ul className="link-list">
            {POLICY_LINKS.map((p) => (
              <li key={p.to}>
                <AppLink to={p.to}>{p.label}</AppLink>
              </li>
            ))}
          </ul>
        </StaticPart>
        <StaticPart as="section" version={version} aria-labelledby="footer-contact">
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
        </StaticPart>
        <StaticPart as="section" version={version} aria-labelledby="footer-legal">
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
        </StaticPart>
        {socials.length > 0 ? (
          <StaticPart as="nav" version={version} aria-labelledby="footer-social">
            <h2 id="footer-social">Follow us</h2>
            <ul className="link-list social-links">
              {socials.map((s) => (
                <li key={s.kind}>
                  <a href={s.href} rel="noopener noreferrer" target="_blank">
                    {SOCIAL_LABELS[s.kind]}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </StaticPart>
        ) : null}
      </div>
      <StaticPart as="div" version={version} className="site-footer__bottom">
        <ul className="payment-badges" aria-label="We accept">
          {PAYMENT_BADGES.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
        <p className="muted">{`© ${year} ${legal.companyName || store.title}`}</p>
        <a className="back-to-top" href="#top">
          Back to top
        </a>
      </StaticPart>
    </footer>
  );
}
