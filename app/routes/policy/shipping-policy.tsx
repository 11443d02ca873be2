import { ContactBlock, useOperator } from "../../components/policy";

export function meta() {
  return [{ title: "Shipping Policy" }];
}

export default function ShippingPolicy() {
  const op = useOperator();
  return (
    <>
      <h1>Shipping Policy</h1>
      <h2>Where we deliver</h2>
      <p>
        {op.storeName} delivers to the pincodes its checkout accepts. Type your pincode at checkout: it tells you at
        once whether we deliver there.
      </p>
      <h2>When</h2>
      <ul>
        <li>Orders are processed in 1-2 business days.</li>
        <li>Orders placed after 2:00 PM are handled the next business day.</li>
        <li>Business days are Monday to Saturday, except public holidays.</li>
      </ul>
      <h2>Charges</h2>
      <p>
        Shipping depends on your pincode and your order value, and is shown at checkout before you place the order. All
        amounts are in Indian Rupees (INR).
      </p>
      <h2>At delivery</h2>
      <p>
        Please check the packs when they arrive. If anything is damaged, expired or wrong, tell us within 24 hours as
        our Return and Refund Policy describes.
      </p>
      <ContactBlock operator={op} />
    </>
  );
}
