import { data, Form, Link, redirect } from "react-router";
import { ActionMessage } from "../../components/console/action-message";
import { CouponForm } from "../../components/console/coupon-form";
import { fieldErrors } from "../../components/console/field";
import { describeCoupon } from "../../modules/checkout/coupons";
import {
  couponFields,
  couponFormProblems,
  couponFormSchema,
  deleteCoupon,
  readCoupon,
  saveCoupon,
} from "../../modules/console/coupons.server";
import { CONSOLE_HEADERS, requireStaff } from "../../modules/console/request.server";
import { readFormBody } from "../../modules/http/json.server";
import { CSRF_FIELD } from "../../modules/security/csrf";
import { FORBIDDEN_MESSAGE } from "../../modules/security/csrf.server";
import { requireStore } from "../../modules/store/require-store.server";
import type { Route } from "./+types/coupon";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.coupon.code ?? "Coupon"} · Coupons · Console` },
  { name: "robots", content: "noindex" },
];
export const headers = () => CONSOLE_HEADERS;

const OWNER_ONLY = ["owner"] as const;

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  await requireStaff(request, context, url, OWNER_ONLY);
  const rule = await readCoupon(context.db, requireStore(context).id, params.id);
  if (!rule) throw new Response("That coupon is not in this store.", { status: 404 });
  return {
    csrf: context.csrf,
    coupon: { id: rule.id, code: rule.code, discount: describeCoupon(rule), uses: rule.uses },
    fields: couponFields(rule),
  };
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const member = await requireStaff(request, context, url, OWNER_ONLY);
  const read = await readFormBody(request, 8 * 1024);
  if (!read.ok) throw read.response;
  if (context.antiForgery.checkForm(request, read.form)) return data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  const actor = { member, ip: context.clientIp };
  if (read.form.get("intent") === "delete") {
    const deleted = await deleteCoupon(context.db, actor, params.id);
    if (!deleted.ok) return data({ error: deleted.error ?? "Not deleted." }, { status: 409 });
    return redirect("/admin/coupons");
  }
  const parsed = couponFormSchema.safeParse(Object.fromEntries(read.form));
  if (!parsed.success) {
    return data(
      { error: "Check the fields marked below: nothing is saved yet.", fields: couponFormProblems(parsed.error) },
      { status: 422 },
    );
  }
  const saved = await saveCoupon(context.db, actor, params.id, parsed.data);
  if (!saved.ok) {
    return data(
      {
        error: "Check the fields marked below: nothing is saved yet.",
        fields: { [saved.field ?? "code"]: saved.error },
      },
      { status: saved.field ? 422 : 404 },
    );
  }
  return { notice: "Saved. Orders placed from now on use these rules." };
}

/** /admin/coupons/{id} (owners): one coupon's rules, changed or deleted (issue 56). */
export default function Coupon({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, coupon, fields } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/coupons">← Coupons</Link>
      </p>
      <h1>Coupon {coupon.code}</h1>
      <p className="muted">
        {coupon.discount} · used on {coupon.uses} {coupon.uses === 1 ? "order" : "orders"}
      </p>
      <ActionMessage answer={actionData} />
      <CouponForm csrf={csrf} fields={fields} errors={fieldErrors(actionData)} submit="Save" />
      {coupon.uses === 0 ? (
        <Form method="post" className="console-step">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="button danger">
            Delete coupon
          </button>
        </Form>
      ) : (
        <p className="muted">A coupon used on orders is kept with them: untick Active to stop it.</p>
      )}
    </>
  );
}
