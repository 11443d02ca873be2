import { PagePlaceholder } from "../components/ui/placeholder";

export function meta() {
  return [{ title: "My Account" }];
}

export default function AccountPage() {
  return <PagePlaceholder title="My Account" />;
}
