import { documentFacts, type InvoiceDocument } from "../../modules/invoices/document";
import { invoiceAmount } from "../../modules/invoices/money";
import { rateLabel } from "../../modules/invoices/tax";

/**
 * An issued invoice or credit note as a web page to read and print (issue 58): the same
 * contents as its PDF, from the same stored document, laid out for A4 when printed.
 */
export function InvoiceView({ document }: { document: InvoiceDocument }) {
  const credit = document.kind === "credit-note";
  const intra = document.supply.kind === "intra";
  const stateShare = document.supply.kind === "intra" ? document.supply.stateShare : "SGST";
  const s = document.supplier;
  const r = document.recipient;
  const f = document.figures;
  const facts = documentFacts(document);
  return (
    <article className="invoice" aria-label={`${credit ? "Credit note" : "Tax invoice"} ${document.number}`}>
      <header className="invoice-head">
        <div>
          <p className="invoice-supplier">{s.name}</p>
          {s.tradeName && s.tradeName !== s.name ? <p>Trading as {s.tradeName}</p> : null}
          <p className="invoice-lines">{s.address}</p>
          <p>
            <strong>GSTIN {s.gstin}</strong>
          </p>
          <p>
            State: {s.state.name} ({s.state.code})
          </p>
          {[s.phone, s.email].some(Boolean) ? <p>{[s.phone, s.email].filter(Boolean).join(" · ")}</p> : null}
        </div>
        <div className="invoice-facts">
          <h1>{credit ? "Credit note" : "Tax invoice"}</h1>
          <dl>
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </header>
      <section className="invoice-parties">
        <div>
          <h2>Bill to</h2>
          {r.company ? <p className="invoice-strong">{r.company}</p> : null}
          <p className="invoice-strong">{r.name}</p>
          <p className="invoice-lines">{r.billingAddress}</p>
          <p>
            <strong>GSTIN: {r.gstin ?? "Unregistered"}</strong>
          </p>
          <p>Phone +91 {r.phone}</p>
        </div>
        <div>
          <h2>Ship to</h2>
          <p className="invoice-strong">{r.name || r.company}</p>
          <p className="invoice-lines">{r.shippingAddress}</p>
        </div>
      </section>
      <div className="invoice-table-wrap">
        <table className="invoice-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Description</th>
              <th scope="col">HSN/SAC</th>
              <th scope="col" className="number">
                Qty
              </th>
              <th scope="col" className="number">
                Rate
              </th>
              <th scope="col" className="number">
                Taxable value
              </th>
              {intra ? (
                <>
                  <th scope="col" className="number">
                    CGST
                  </th>
                  <th scope="col" className="number">
                    {stateShare}
                  </th>
                </>
              ) : (
                <th scope="col" className="number">
                  IGST
                </th>
              )}
              <th scope="col" className="number">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {f.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an issued document's lines are fixed; the position is the line's number.
              <tr key={index}>
                <td>{index + 1}</td>
                <td>
                  {line.description}
                  {line.kind === "goods" && line.discount > 0 ? (
                    <span className="invoice-muted">
                      Discount {invoiceAmount(line.discount)} on {invoiceAmount(line.total)}
                    </span>
                  ) : null}
                </td>
                <td>{line.code}</td>
                <td className="number">{line.quantity > 0 ? `${line.quantity} ${line.unit}` : "—"}</td>
                <td className="number">{rateLabel(line.rateBasisPoints)}</td>
                <td className="number">{invoiceAmount(line.taxable)}</td>
                {intra ? (
                  <>
                    <td className="number">{invoiceAmount(line.cgst)}</td>
                    <td className="number">{invoiceAmount(line.sgst)}</td>
                  </>
                ) : (
                  <td className="number">{invoiceAmount(line.igst)}</td>
                )}
                <td className="number">{invoiceAmount(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="invoice-sums">
        <div>
          <h2>Summary by HSN/SAC and rate</h2>
          <ul>
            {f.summary.map((entry) => (
              <li key={`${entry.code}@${entry.rateBasisPoints}`}>
                {entry.code || "—"} at {rateLabel(entry.rateBasisPoints)}: taxable {invoiceAmount(entry.taxable)},{" "}
                {intra
                  ? `CGST ${invoiceAmount(entry.cgst)} + ${stateShare} ${invoiceAmount(entry.sgst)}`
                  : `IGST ${invoiceAmount(entry.igst)}`}
              </li>
            ))}
          </ul>
        </div>
        <dl className="invoice-totals">
          <div>
            <dt>Total taxable value</dt>
            <dd>{invoiceAmount(f.totals.taxable)}</dd>
          </div>
          {intra ? (
            <>
              <div>
                <dt>CGST</dt>
                <dd>{invoiceAmount(f.totals.cgst)}</dd>
              </div>
              <div>
                <dt>{stateShare}</dt>
                <dd>{invoiceAmount(f.totals.sgst)}</dd>
              </div>
            </>
          ) : (
            <div>
              <dt>IGST</dt>
              <dd>{invoiceAmount(f.totals.igst)}</dd>
            </div>
          )}
          <div>
            <dt>Total tax</dt>
            <dd>{invoiceAmount(f.totals.tax)}</dd>
          </div>
          <div className="invoice-grand">
            <dt>{credit ? "Credit note total (₹)" : "Invoice total (₹)"}</dt>
            <dd>{invoiceAmount(f.totals.total)}</dd>
          </div>
        </dl>
      </section>
      <p className="invoice-strong">Amount in words: {f.words}</p>
      <p className="invoice-muted">Prices include GST; the tax above is the part of each price that is tax.</p>
      <footer className="invoice-foot">
        <p className="invoice-muted">This is a computer-generated {credit ? "credit note" : "invoice"}.</p>
        <p>
          <strong>For {s.name}</strong>
          <br />
          <br />
          Authorised signatory
        </p>
      </footer>
    </article>
  );
}
