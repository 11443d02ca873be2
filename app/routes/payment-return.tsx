import { PagePlaceholder } from "../components/ui/placeholder";

export function meta() {
  return [{ title: "Finalizing your payment…" }];
}

export default function PaymentReturnPage() {
  return <PagePlaceholder title="Finalizing your payment…" />;
}
