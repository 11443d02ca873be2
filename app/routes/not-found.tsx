import { data } from "react-router";

/**
 * /not-found and every unknown path. The loader always answers 404, so the page itself is the
 * root ErrorBoundary's "Page not found", the same one any other missing thing shows.
 */
export function loader() {
  throw data(null, { status: 404 });
}

// A UI route needs a component; it never renders because the loader always throws.
export default function NotFound() {
  return null;
}
