import { QuickOrder } from "../components/quick-order";

export function meta() {
  return [{ title: "Quick order" }, { name: "robots", content: "noindex" }];
}

/** /quick-order (issue 59): many products at once, by SKU or name, into the cart. */
export default function QuickOrderPage() {
  return <QuickOrder />;
}
