import { ContactBlock, EmailLink, useOperator } from "../../components/policy";

export function meta() {
  return [{ title: "Terms & Conditions" }];
}

export default function TermsAndConditions() {
  const op = useOperator();
  return (
    <>
      <h1>Terms &amp; Conditions</h1>
      <p>
        These terms govern every order placed on {op.storeName}, a store operated by {op.companyName}
        {op.address ? `, ${op.address}` : ""}. By placing an order you accept them.
      </p>
      <h2>Orders and prices</h2>
      <ul>
        <li>
          All prices are in Indian Rupees (INR). Product prices shown in the store include GST unless a product says
          otherwise; shipping is shown separately at checkout.
        </li>
        <li>Quantity prices (tiers) apply automatically to the whole line once its quantity reaches the tier.</li>
        <li>
          An order is confirmed when you receive its order number. We may cancel an order we cannot fulfil (for example,
          stock that turns out to be damaged) and refund anything you paid for it in full.
        </li>
        <li>
          We accept cash on delivery and online payment (UPI, cards, net banking and wallets through our payment
          gateway).
        </li>
      </ul>
      <h2>Delivery</h2>
      <p>
        Orders are processed in 1-2 business days; orders placed after 2:00 PM are handled the next business day. We
        deliver to the pincodes our checkout accepts; the Shipping Policy has the details.
      </p>
      <h2>Returns and refunds</h2>
      <p>
        We accept returns only for goods that arrive damaged, expired or nearly expired (less than 15 days of shelf life
        left), or for a wrong item. Tell us by email at <EmailLink operator={op} /> within 24 hours of delivery.
        Approved refunds reach your original payment method in 7-10 business days. The Return and Refund Policy has the
        details.
      </p>
      <h2>Business customers</h2>
      <p>
        If you give a GSTIN at checkout, the invoice carries it. You are responsible for the GSTIN being yours and
        correct.
      </p>
      <h2>Liability</h2>
      <p>
        Product photos are for illustration; packaging may differ. Our liability for any order is limited to the amount
        paid for it. Nothing in these terms limits your rights under the Consumer Protection Act, 2019.
      </p>
      <h2>Law and disputes</h2>
      <p>
        These terms are governed by the laws of India. Please contact us first; we aim to resolve every complaint within
        7 days.
      </p>
      <ContactBlock operator={op} />
    </>
  );
}
