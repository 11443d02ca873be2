import { Form, isRouteErrorResponse, NavLink, Outlet, useRouteError } from "react-router";
import { pendingCount } from "../../modules/console/orders.server";
import { openQuoteCount } from "../../modules/console/quotes.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { requireStore } from "../../modules/store/require-store.server";
import consoleStyles from "../../styles/console.css?url";
import catalogueStyles from "../../styles/console-catalogue.css?url";
import type { Route } from "./+types/layout";

export const handle = { console: true };
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: consoleStyles },
  { rel: "stylesheet", href: catalogueStyles },
];
export const headers = () => CONSOLE_HEADERS;

/** Every console page's frame: who is signed in, the menu, sign-out. Staff or owner. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const member = await requireStaff(request, context, url);
  const store = requireStore(context);
  const [pending, quotes] = await Promise.all([
    pendingCount(context.db, store.id),
    openQuoteCount(context.db, store.id),
  ]);
  return {
    store: store.title,
    pending,
    quotes,
    member: { name: member.name || member.email, email: member.email, role: member.role },
    csrf: context.csrf,
  };
}

/** A labelled group of the console's links: what they are for, said before them. */
function NavGroup({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="console-nav__group">
      <span className="console-nav__label">{label}</span>
      {children}
    </div>
  );
}

export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { store, member, csrf, pending, quotes } = loaderData;
  return (
    <div className="console">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-bar">
        <p className="console-bar__store">
          <strong>{store}</strong> <span className="muted">Console</span>
        </p>
        <nav aria-label="Console" className="console-nav">
          <NavGroup label="Sell">
            <NavLink to="/admin" end>
              Dashboard
            </NavLink>
            <NavLink to="/admin/orders">
              Orders
              {pending > 0 ? (
                <span className="console-badge">
                  {pending > 99 ? "99+" : pending}
                  <span className="visually-hidden"> waiting to be confirmed</span>
                </span>
              ) : null}
            </NavLink>
            <NavLink to="/admin/quotes">
              Quotes
              {quotes > 0 ? (
                <span className="console-badge">
                  {quotes > 99 ? "99+" : quotes}
                  <span className="visually-hidden"> waiting for an answer</span>
                </span>
              ) : null}
            </NavLink>
            <NavLink to="/admin/products">Products</NavLink>
            <NavLink to="/admin/stock">Stock</NavLink>
            <NavLink to="/admin/categories">Categories</NavLink>
            <NavLink to="/admin/customers">Customers</NavLink>
          </NavGroup>
          {member.role === "owner" ? (
            <NavGroup label="Store">
              <NavLink to="/admin/profile">Business profile</NavLink>
              <NavLink to="/admin/branding">Branding</NavLink>
              <NavLink to="/admin/pages">Policy pages</NavLink>
              <NavLink to="/admin/coupons">Coupons</NavLink>
              <NavLink to="/admin/delivery">Delivery</NavLink>
              <NavLink to="/admin/invoicing">GST and invoices</NavLink>
              <NavLink to="/admin/notifications">Notifications</NavLink>
            </NavGroup>
          ) : null}
          <NavGroup label="Team">
            {member.role === "owner" ? (
              <>
                <NavLink to="/admin/staff">Staff</NavLink>
                <NavLink to="/admin/audit">Audit log</NavLink>
              </>
            ) : null}
            <NavLink to="/admin/security">Security</NavLink>
          </NavGroup>
          {member.role === "owner" ? (
            <NavGroup label="System">
              <NavLink to="/admin/jobs">Jobs</NavLink>
              <NavLink to="/admin/messages">Messages</NavLink>
              <NavLink to="/admin/backups">Backups</NavLink>
            </NavGroup>
          ) : null}
        </nav>
        <div className="console-bar__who">
          <a href="/">View the store</a>
          <span>
            {member.name} <span className="muted">({member.role === "owner" ? "Owner" : "Staff"})</span>
          </span>
          <Form method="post" action="/admin/sign-out">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <button type="submit" className="button secondary small">
              Sign out
            </button>
          </Form>
          <Form method="post" action="/admin/sign-out">
            <input type="hidden" name={CSRF_FIELD} value={csrf} />
            <input type="hidden" name="everywhere" value="1" />
            <button type="submit" className="text-button">
              Sign out everywhere
            </button>
          </Form>
        </div>
      </header>
      <main id="main" className="console-main">
        <Outlet />
      </main>
    </div>
  );
}

/** A console page that answered with an error (a missing permission, an unknown order) says why, in the console's frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : "Something went wrong on our side. Please try again.";
  return (
    <div className="console">
      <main id="main" className="console-main">
        <title>{status === 403 ? "Not allowed · Console" : "Console"}</title>
        <h1>{status === 403 ? "Not allowed" : status === 404 ? "Not found" : "Something went wrong"}</h1>
        <p>{message}</p>
        <p>
          <a className="button secondary" href="/admin/orders">
            Back to the orders
          </a>
        </p>
      </main>
    </div>
  );
}
