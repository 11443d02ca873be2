import { Link } from "react-router";
import { formatINR } from "../../modules/money/format";

export interface AccountQuote {
  id: string;
  reference: string;
  state: string;
  total: number | null;
  asked: string;
}

/** The account's requests for a quote (issue 59): each opens its own page, where an answered one is accepted. */
export function QuoteList({ quotes }: { quotes: AccountQuote[] | null }) {
  if (!quotes || quotes.length === 0) return null;
  return (
    <section className="panel account-quotes" aria-labelledby="quotes-heading">
      <h2 id="quotes-heading">Your quotes</h2>
      <ul className="account-quotes__list">
        {quotes.map((quote) => (
          <li key={quote.id}>
            <Link to={`/quotes/${quote.id}`}>{quote.reference}</Link>
            <span className="muted small">
              {" "}
              · asked {quote.asked} · {quote.state}
              {quote.total !== null ? ` · ${formatINR(quote.total)}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
