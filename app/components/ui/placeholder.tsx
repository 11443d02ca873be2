import type { ReactNode } from "react";
import { Link } from "../../platform/navigation/navigation";

/** A page whose features are still being built: its heading, a sentence, and a way on. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="narrow placeholder">
      <h1>{title}</h1>
      {children ?? <p>This page is on its way. Meanwhile, browse the catalogue.</p>}
      <p className="actions">
        <Link className="button" to="/products">
          Browse Products
        </Link>
      </p>
    </section>
  );
}
