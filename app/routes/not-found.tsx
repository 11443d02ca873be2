import { data, Link } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="narrow">
      <h1>Page not found</h1>
      <p>
        <Link to="/">Go to home</Link>
      </p>
    </section>
  );
}
