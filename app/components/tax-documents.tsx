import { formatINR } from "../modules/money/format";

/**
 * An order's tax invoice and credit notes for its customer (issue 58): each to download as a
 * PDF or to read and print as a page.
 */
export function TaxDocuments({
  orderId,
  invoiceNumber,
  creditNotes,
}: {
  orderId: string;
  invoiceNumber: string;
  creditNotes: ReadonlyArray<{ id: string; number: string; total: number }>;
}) {
  return (
    <span className="tax-documents">
      <span>
        <a href={`/api/orders/${orderId}/invoice`} download>
          Download invoice {invoiceNumber}
        </a>
        {" · "}
        <a href={`/orders/${orderId}/invoice`}>View and print</a>
      </span>
      {creditNotes.map((note) => (
        <span key={note.id}>
          <a href={`/api/orders/${orderId}/invoice?document=${note.id}`} download>
            Download credit note {note.number}
          </a>{" "}
          ({formatINR(note.total)}){" · "}
          <a href={`/orders/${orderId}/invoice?document=${note.id}`}>View</a>
        </span>
      ))}
    </span>
  );
}
