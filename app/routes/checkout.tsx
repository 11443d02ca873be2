import { PagePlaceholder } from "../components/ui/placeholder";

export function meta() {
  return [{ title: "Checkout" }];
}

export default function CheckoutPage() {
  return <PagePlaceholder title="Checkout" />;
}
