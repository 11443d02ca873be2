import { Form, Link } from "react-router";
import { describeChange, when } from "../../components/console/order-records";
import { listAudit } from "../../modules/console/audit.server";
import { AUDIT_ENTITIES, readAuditFilters } from "../../modules/console/audit-filters";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [
  { title: "Audit log · Console" },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, ["owner"]);
  const filters = readAuditFilters(url.searchParams);
  return { filters, ...(await listAudit(context.db, requireStore(context).id, filters)) };
}

const ENTITY_LABELS: Record<(typeof AUDIT_ENTITIES)[number], string> = {
  order: "Orders",
  product: "Products and stock",
  setting: "Settings",
  staff: "Staff",
  job: "Jobs",
  quote: "Quotes",
  backup: "Backups",
};

/** /admin/audit (owners): who did what in the console, when, from where, with the values before and after. */
export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filters, rows, next } = loaderData;
  const nextPage = new URLSearchParams();
  if (filters.entity) nextPage.set("entity", filters.entity);
  if (filters.who) nextPage.set("who", filters.who);
  if (next) nextPage.set("after", next);
  return (
    <>
      <h1>Audit log</h1>
      <Form method="get" className="console-filters" aria-label="Filter the audit log">
        <div>
          <label htmlFor="audit-entity">What changed</label>
          <select id="audit-entity" name="entity" defaultValue={filters.entity ?? ""}>
            <option value="">Anything</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {ENTITY_LABELS[e]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-who">Staff email</label>
          <input id="audit-who" name="who" type="email" defaultValue={filters.who} />
        </div>
        <div className="console-filters__buttons">
          <button type="submit" className="button">
            Show
          </button>
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="muted">
          Nothing has been changed in the console{filters.entity || filters.who ? " that matches" : ""}.
        </p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">Changes made in the console, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Change</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <td data-label="When">
                    <time dateTime={a.at}>{when.format(new Date(a.at))}</time>
                  </td>
                  <td data-label="Who">{a.who}</td>
                  <td data-label="What">
                    {a.entity === "order" ? <Link to={`/admin/orders/${a.entityId}`}>{a.action}</Link> : a.action}
                  </td>
                  <td data-label="Change" className="console-long-text">
                    {describeChange(a.before, a.after)}
                  </td>
                  <td data-label="From">{a.ip || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <p>
          <Link className="button secondary" to={`/admin/audit?${nextPage}`}>
            Older changes
          </Link>
        </p>
      ) : null}
    </>
  );
}
