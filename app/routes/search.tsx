import { PagePlaceholder } from "../components/ui/placeholder";

export function meta() {
  return [{ title: "Search" }];
}

/** A placeholder with no function, as the spec describes this page. */
export default function SearchPage() {
  return (
    <PagePlaceholder title="Search">
      <p>Use the search box in the header, or browse all products.</p>
    </PagePlaceholder>
  );
}
