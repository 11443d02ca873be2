import { data, Link } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { CouponForm, NEW_COUPON } from "../../components/console/coupon-form";
import { fieldErrors } from "../../components/console/field";
import { describeCoupon } from "../../modules/checkout/coupons";
import { couponFormProblems, couponFormSchema, listCoupons, saveCoupon } from "../../modules/console/coupons.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { indianDate } from "../../modules/india/dates";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/coupons";

export const meta: Route.MetaFunction = () => [{ title: "Coupons · Console" }, { name: "robots", content: "noindex" }];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireStaff(request, context, url, OWNER_ONLY);
  const rows = await listCoupons(context.db, requireStore(context).id);
  const now = Date.now();
  return {
    csrf: context.csrf,
    coupons: rows.map((rule) => ({
      id: rule.id,
      code: rule.code,
      discount: describeCoupon(rule),
      dates:
        rule.startsAt || rule.endsAt
          ? `${rule.startsAt ? indianDate(rule.startsAt) : "now"} to ${rule.endsAt ? indianDate(new Date(rule.endsAt.getTime() - DAY_MS)) : "no end"}`
          : "Always",
      uses: rule.maxUses === null ? `${rule.uses}` : `${rule.uses} of ${rule.maxUses}`,
      perCustomer: rule.perCustomer,
      status: !rule.active
        ? "Off"
        : rule.endsAt && rule.endsAt.getTime() <= now
          ? "Ended"
          : rule.startsAt && rule.startsAt.getTime() > now
            ? "Not started"
            : rule.maxUses !== null && rule.uses >= rule.maxUses
              ? "Used up"
              : "Active",
    })),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const read = await readFormBody(request, 8 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const parsed = couponFormSchema.safeParse(Object.fromEntries(read.form));
  if (!parsed.success) {
    return data(
      { error: "Check the fields marked below: nothing is saved yet.", fields: couponFormProblems(parsed.error) },
      { status: 422 },
    );
  }
  const saved = await saveCoupon(context.db, { member, ip: context.clientIp }, null, parsed.data);
  if (!saved.ok) {
    return data(
      {
        error: "Check the fields marked below: nothing is saved yet.",
        fields: { [saved.field ?? "code"]: saved.error },
      },
      { status: 422 },
    );
  }
  return { notice: `Coupon ${parsed.data.code} is saved. Shoppers can use it at checkout now.` };
}

/** /admin/coupons (owners): the store's coupons, their uses, and a form for a new one (issue 56). */
export default function Coupons({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, coupons } = loaderData;
  return (
    <>
      <h1>Coupons</h1>
      <ActionMessage answer={actionData} />
      {coupons.length === 0 ? (
        <p className="muted">No coupons yet.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <caption className="visually-hidden">The store's coupons</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Valid</th>
                <th scope="col">Orders</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((coupon) => (
                <tr key={coupon.id}>
                  <td data-label="Code">
                    <Link to={`/admin/coupons/${coupon.id}`}>{coupon.code}</Link>
                  </td>
                  <td data-label="Discount">{coupon.discount}</td>
                  <td data-label="Valid">{coupon.dates}</td>
                  <td data-label="Orders">
                    {coupon.uses}
                    {coupon.perCustomer !== null ? (
                      <span className="muted"> · {coupon.perCustomer} per customer</span>
                    ) : null}
                  </td>
                  <td data-label="Status">{coupon.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>New coupon</h2>
      <CouponForm csrf={csrf} fields={NEW_COUPON} errors={fieldErrors(actionData)} submit="Create coupon" />
    </>
  );
}
