import { ContactBlock, EmailLink, useOperator } from "../../components/policy";

export function meta() {
  return [{ title: "Return and Refund Policy" }];
}

export default function ReturnRefund() {
  const op = useOperator();
  return (
    <>
      <h1>Return and Refund Policy</h1>
      <p>
        We want every delivery from {op.storeName} to be right. Because we sell food and kitchen supplies, returns are
        limited to the cases below.
      </p>
      <h2>What can be returned</h2>
      <ul>
        <li>Goods that arrive damaged (torn, leaking, crushed or tampered packs).</li>
        <li>Goods that are expired, or nearly expired: less than 15 days of shelf life left on delivery.</li>
        <li>A wrong item: not the product, size or pack you ordered.</li>
      </ul>
      <p>Goods that were opened, used or stored badly after delivery cannot be returned.</p>
      <h2>How to ask for a return</h2>
      <p>
        Email us at <EmailLink operator={op} /> within 24 hours of delivery with your order number and a photo of the
        product and its label. We reply within one business day and arrange a pick-up or replacement.
      </p>
      <h2>Refunds</h2>
      <ul>
        <li>Once the return is approved, the refund reaches your original payment method in 7-10 business days.</li>
        <li>Cash on delivery orders are refunded by bank transfer or UPI to an account you give us.</li>
        <li>If an online payment failed but money left your account, it comes back automatically; you need not ask.</li>
      </ul>
      <ContactBlock operator={op} />
    </>
  );
}
