import { PagePlaceholder } from "../components/ui/placeholder";

export function meta() {
  return [{ title: "Thank you" }];
}

export default function ThankYouPage() {
  return <PagePlaceholder title="Thank you" />;
}
