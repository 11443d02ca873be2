import { PagePlaceholder } from "../components/ui/placeholder";

export function meta() {
  return [{ title: "Collection" }];
}

/** A placeholder with no function, as the spec describes this page. */
export default function CollectionPage() {
  return (
    <PagePlaceholder title="Collection">
      <p>The collection pages are coming soon.</p>
    </PagePlaceholder>
  );
}
