import { PagePlaceholder } from "../components/ui/placeholder";

export function meta() {
  return [{ title: "My Cart" }];
}

export default function CartPage() {
  return <PagePlaceholder title="My Cart" />;
}
