import type { LineProblem } from "../modules/checkout/quote";

/** 'Prices have changed' and similar news about the cart, said once at the top. */
export function CartNotices({ notices }: { notices: readonly string[] }) {
  if (notices.length === 0) return null;
  return (
    <div className="alert alert--warning" role="status">
      <p>
        <strong>Prices have changed since you added these items.</strong> Your cart now shows today's prices:
      </p>
      <ul>
        {notices.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}

/** What stops one line from being ordered as it is (stock, availability, size). */
export function CartLineProblems({ problems }: { problems: readonly LineProblem[] }) {
  const shown = problems.filter((p) => p.kind !== "price-changed");
  if (shown.length === 0) return null;
  return (
    <ul className="line-problems" role="alert">
      {shown.map((p) => (
        <li key={p.kind}>{p.message}</li>
      ))}
    </ul>
  );
}
