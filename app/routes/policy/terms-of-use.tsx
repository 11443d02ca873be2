import { ContactBlock, useOperator } from "../../components/policy";

export function meta() {
  return [{ title: "Terms of Use" }];
}

export default function TermsOfUse() {
  const op = useOperator();
  return (
    <>
      <h1>Terms of Use</h1>
      <p>
        This website is operated by {op.companyName}. By using it you agree to these terms. If you do not agree, please
        do not use the site.
      </p>
      <h2>Using the site</h2>
      <ul>
        <li>Use the site only to browse and buy for yourself or your business, and only lawfully.</li>
        <li>Do not try to break, overload or probe the site, or to reach data that is not yours.</li>
        <li>
          Keep your phone and the sign-in codes we send you to yourself; you are responsible for orders placed with your
          account.
        </li>
      </ul>
      <h2>Content</h2>
      <p>
        The store's names, logos, photos and texts belong to {op.companyName} or to the brands that own them. You may
        not copy them for commercial use without written permission.
      </p>
      <h2>Accuracy</h2>
      <p>
        We take care that prices, stock and descriptions are correct. When a mistake happens, the checkout shows the
        right price before you pay, and we contact you about any order it affected.
      </p>
      <h2>Changes</h2>
      <p>
        We may update these terms; the date below shows the latest version. Using the site after a change means you
        accept it.
      </p>
      <ContactBlock operator={op} />
    </>
  );
}
