import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.server";
import type { AddressSnapshot } from "../../db/json-columns";
import { type CompiledStatement, compileStatement } from "../../db/prepared.server";
import {
  categories,
  customers,
  idempotencyKeys,
  jobs,
  orderItems,
  orders,
  productSizes,
  products,
  stockMovements,
} from "../../db/schema";
import { uuidArrayLiteral } from "../../db/uuid-array.server";
import type { AddressForm } from "../checkout/schema";
import type { Paise } from "../money/types";
import { orderPlacedJobs } from "../notifications/order-messages.server";
import type { StockTake } from "./stock.server";

/**
 * Recording an order in one SQL statement (ARCHITECTURE.md section 5, ADR 0011).
 *
 * A COD order used to be a transaction of six round trips (BEGIN, the idempotency key, the
 * stock, the order, its items, COMMIT). On a machine where each round trip costs a system call
 * on both sides and a process wake-up, that was most of an order's cost. Here the same work is
 * one statement, so one round trip and one implicit transaction:
 *
 * 1. `locked`/`sizes_locked` lock the products (in id order) and then their sizes (in label
 *    order) with FOR UPDATE, the order takeStock uses, so two orders never wait on each other.
 *    Under READ COMMITTED a row that another order changed is read again at its newest version
 *    once that order commits.
 * 2. `ok` is true when every locked product is on sale with the units asked, and every size row
 *    exists with its units (an uncounted size always has them).
 * 3. `claim` records the idempotency key with its answer, only when `ok`. A key that another
 *    request recorded first makes `claim` empty (ON CONFLICT waits for that request to commit).
 * 4. Every change after that (stock and its ledger, customer, order, items) happens only when `claim` has its
 *    row. So the statement either does all of it or none of it, and it never raises an error
 *    for a shortage: the caller reads `ok` and `claimed` and answers.
 *
 * The data-modifying parts of one statement see one snapshot and cannot see each other's
 * changes; none of them needs to, because each is gated on what the locks and `claim` return.
 */

export interface OrderRecord {
  storeId: string;
  orderId: string;
  orderNumber: string;
  /** With a key, the answer a repeat of this request gets (the key's response). */
  idempotency: { scope: string; key: string; requestHash: string; response: unknown } | null;
  take: StockTake;
  /**
   * Whose order it is: a signed-in customer's (their 'Save address' updates their record), or a
   * guest's, linked to the customer of its phone if there is one and changing nothing of theirs.
   */
  customer: { kind: "signed-in"; customerId: string; save: CustomerFields | null } | { kind: "by-phone" };
  order: {
    phone: string;
    email: string | null;
    paymentMethod: "COD" | "ONLINE";
    subtotal: Paise;
    discount: Paise;
    shipping: Paise;
    grandTotal: Paise;
    shippingType: string;
    couponCode: string | null;
    customerAddress: AddressSnapshot;
    accessTokenHash: string;
    /** A COD order confirmed by a code to its phone holds its stock until then; else null. */
    codeConfirmBy: Date | null;
  };
  items: ReadonlyArray<{
    productId: string;
    name: string;
    photo: string | null;
    sku: string | null;
    selectedSize: string | null;
    setSizes: string[] | null;
    quantity: number;
    unitPrice: Paise;
    total: Paise;
  }>;
}

export type CustomerFields = Pick<
  AddressSnapshot,
  "firstName" | "lastName" | "address" | "apartment" | "city" | "state" | "pin" | "landmark" | "companyName" | "phone"
> & { email: string | null; gstNumber: AddressForm["gstNumber"] };

export interface RecordOutcome {
  /** Every product and size had the units asked, and each product was still on sale. */
  stockOk: boolean;
  /** The order was recorded (false with stockOk: the key was recorded first by another request). */
  placed: boolean;
}

/** A column's bare name, for the target lists of INSERT and UPDATE. */
const name = (column: AnyPgColumn) => sql.identifier(column.name);
const names = (...columns: AnyPgColumn[]) =>
  sql.join(
    columns.map((c) => name(c)),
    sql`, `,
  );

/** A JSON array of rows (the placeholder `name`) as a relation (jsonb_to_recordset), typed by `columns`. */
const rowsOf = (name: "demand" | "sizeTotals" | "sizeDemand" | "items", columns: string) =>
  sql`jsonb_to_recordset(${sql.placeholder(name)}::jsonb) as ${sql.raw(columns)}`;

/**
 * What makes one order's statement differ from another's in its text: whether a key comes with
 * it, and whose order it is. Everything else is a value, so there are 6 statements in all, each
 * compiled once per process and prepared once per connection.
 */
interface Shape {
  keyed: boolean;
  customer: "signed-in" | "signed-in-save" | "by-phone";
}

function shapeOf(record: OrderRecord): Shape {
  const c = record.customer;
  return {
    keyed: record.idempotency !== null,
    customer: c.kind === "signed-in" ? (c.save ? "signed-in-save" : "signed-in") : c.kind,
  };
}

const statements = new Map<string, CompiledStatement>();

export async function recordOrder(db: Db | Tx, record: OrderRecord): Promise<RecordOutcome> {
  const shape = shapeOf(record);
  const key = `${shape.keyed ? "keyed" : "unkeyed"}_${shape.customer.replaceAll("-", "_")}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = compileStatement(`mandi_order_${key}`, orderStatement(shape));
    statements.set(key, statement);
  }
  const [row] = await statement.run<{ ok: boolean; placed: boolean }>(db, orderValues(record));
  if (!row) throw new Error("recording an order returned no row");
  return { stockOk: row.ok, placed: row.placed };
}

const CUSTOMER_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "address",
  "apartment",
  "city",
  "state",
  "pin",
  "landmark",
  "companyName",
  "gstNumber",
] as const satisfies readonly (keyof CustomerFields)[];

type CustomerValues = Record<`customer_${(typeof CUSTOMER_FIELDS)[number]}`, string | null | undefined>;

/** The values of `record`'s statement, by placeholder name. */
function orderValues(record: OrderRecord) {
  const { take, storeId, order: o } = record;
  const c = record.customer;
  const fields = c.kind === "signed-in" ? c.save : null;
  return {
    storeId,
    demand: JSON.stringify(take.counted.map((d) => ({ product_id: d.productId, qty: d.qty }))),
    sizeTotals: JSON.stringify(take.sizeTotals.map((d) => ({ product_id: d.productId, qty: d.qty }))),
    sizeDemand: JSON.stringify(take.sizes.map((d) => ({ product_id: d.productId, label: d.label, units: d.units }))),
    productIds: uuidArrayLiteral([...take.counted, ...take.sizeTotals].map((d) => d.productId)),
    sizedIds: uuidArrayLiteral([...new Set(take.sizes.map((d) => d.productId))]),
    countedLines: take.counted.length,
    sizeTotalLines: take.sizeTotals.length,
    sizeLines: take.sizes.length,
    keyScope: record.idempotency?.scope,
    key: record.idempotency?.key,
    requestHash: record.idempotency?.requestHash,
    keyResponse: record.idempotency ? JSON.stringify(record.idempotency.response) : undefined,
    customerId: c.kind === "signed-in" ? c.customerId : undefined,
    signedIn: c.kind === "signed-in",
    ...(Object.fromEntries(CUSTOMER_FIELDS.map((f) => [`customer_${f}`, fields?.[f]])) as CustomerValues),
    orderId: record.orderId,
    orderNumber: record.orderNumber,
    phone: o.phone,
    email: o.email,
    paymentMethod: o.paymentMethod,
    subtotal: o.subtotal,
    discount: o.discount,
    shipping: o.shipping,
    grandTotal: o.grandTotal,
    shippingType: o.shippingType,
    couponCode: o.couponCode,
    customerAddress: JSON.stringify(o.customerAddress),
    accessTokenHash: o.accessTokenHash,
    codeConfirmBy: o.codeConfirmBy?.toISOString() ?? null,
    placedJobs: JSON.stringify(
      orderPlacedJobs(storeId, record.orderId).map((job) => ({
        kind: job.kind,
        payload: job.payload,
        unique_key: job.uniqueKey,
      })),
    ),
    items: JSON.stringify(
      record.items.map((item, position) => ({
        product_id: item.productId,
        name: item.name,
        photo: item.photo,
        sku: item.sku,
        selected_size: item.selectedSize,
        set_sizes: item.setSizes,
        quantity: item.quantity,
        unit_price: item.unitPrice,
        total: item.total,
        position,
      })),
    ),
  };
}

type OrderValues = ReturnType<typeof orderValues>;

/** The statement that records an order of `shape` (see the top of this file); its values are placeholders. */
function orderStatement(shape: Shape): SQL {
  const v = (name: keyof OrderValues) => sql.placeholder(name);
  const storeId = v("storeId");
  // The products and sizes are found through their keys (= any of an array), never by joining
  // the JSON rows, whose count the planner cannot know: a join would read a store's every product.
  const anyOf = (column: AnyPgColumn, ids: "productIds" | "sizedIds") => sql`${column} = any(${v(ids)}::uuid[])`;
  const claimed = sql`exists (select 1 from claim)`;

  const claim = shape.keyed
    ? sql`insert into ${idempotencyKeys} (${names(
        idempotencyKeys.storeId,
        idempotencyKeys.scope,
        idempotencyKeys.key,
        idempotencyKeys.requestHash,
        idempotencyKeys.statusCode,
        idempotencyKeys.response,
        idempotencyKeys.completedAt,
      )})
      select ${storeId}::uuid, ${v("keyScope")}::text, ${v("key")}::text,
        ${v("requestHash")}::text, 201, ${v("keyResponse")}::jsonb, now()
      where (select ok from ok)
      on conflict do nothing
      returning 1 as one`
    : sql`select 1 as one where (select ok from ok)`;

  const customerValues = CUSTOMER_FIELDS.map((f) => v(`customer_${f}`));
  // The same fields as columns, in the same order as their values.
  const customerColumns = CUSTOMER_FIELDS.map((f) => customers[f]);
  let customerCte: SQL | null = null;
  let customerId: SQL;
  if (shape.customer === "signed-in" || shape.customer === "signed-in-save") {
    // A signed-in customer's own record is the one 'Save address' updates; an empty email
    // keeps the one on record.
    if (shape.customer === "signed-in-save") {
      const set = customerColumns.map((column, i) =>
        column === customers.email
          ? sql`${name(column)} = coalesce(${customerValues[i]}::text, ${customers}.${name(column)})`
          : sql`${name(column)} = ${customerValues[i]}::text`,
      );
      customerCte = sql`customer as (
        update ${customers} set ${sql.join(set, sql`, `)}, ${name(customers.updatedAt)} = now()
        where ${customers.id} = ${v("customerId")}::uuid and ${customers.storeId} = ${storeId}::uuid and ${claimed}
        returning ${name(customers.id)} as id
      )`;
    }
    customerId = sql`${v("customerId")}::uuid`;
  } else {
    // Without 'Save address', an order by a known phone is still linked to its customer.
    customerId = sql`(select ${customers.id} from ${customers}
      where ${customers.storeId} = ${storeId}::uuid and ${customers.phone} = ${v("phone")}::text)`;
  }

  return sql`
    with demand as (
      select * from ${rowsOf("demand", "d(product_id uuid, qty integer)")}
    ), size_totals as (
      select * from ${rowsOf("sizeTotals", "d(product_id uuid, qty integer)")}
    ), size_demand as (
      select * from ${rowsOf("sizeDemand", "d(product_id uuid, label text, units integer)")}
    ), locked as (
      select ${products.id} as id, ${products.inventory} as inventory, ${products.active} as active
      from ${products}
      where ${anyOf(products.id, "productIds")} and ${products.storeId} = ${storeId}::uuid
      order by ${products.id}
      for update
    ), sizes_locked as (
      select s.${name(productSizes.productId)} as product_id, s.${name(productSizes.label)} as label,
        s.${name(productSizes.inventory)} as inventory
      from ${productSizes} s
      join size_demand d on d.product_id = s.${name(productSizes.productId)} and d.label = s.${name(productSizes.label)}
      where s.${name(productSizes.productId)} = any(${v("sizedIds")}::uuid[])
        and s.${name(productSizes.productId)} in (select id from locked)
      order by 1, 2
      for update of s
    ), ok as (
      select
        (select count(*) from locked l join demand d on d.product_id = l.id
          where l.active and l.inventory >= d.qty) = ${v("countedLines")}::integer
        and (select count(*) from locked l join size_totals d on d.product_id = l.id
          where l.active) = ${v("sizeTotalLines")}::integer
        and (select count(*) from sizes_locked l join size_demand d using (product_id, label)
          where l.inventory is null or l.inventory >= d.units) = ${v("sizeLines")}::integer
        as ok
    ), claim as (
      ${claim}
    ), taken as (
      update ${products} set ${name(products.inventory)} = ${products.inventory} - d.qty, ${name(products.updatedAt)} = now()
      from demand d
      where ${anyOf(products.id, "productIds")} and ${products.id} = d.product_id
        and ${products.storeId} = ${storeId}::uuid and ${claimed}
      returning 1
    ), totals_followed as (
      update ${products}
      set ${name(products.inventory)} = greatest(${products.inventory} - d.qty, 0), ${name(products.updatedAt)} = now()
      from size_totals d
      where ${anyOf(products.id, "productIds")} and ${products.id} = d.product_id and ${products.storeId} = ${storeId}::uuid
        and ${products.inventory} is not null and ${claimed}
      returning 1
    ), sizes_taken as (
      update ${productSizes} set ${name(productSizes.inventory)} = ${productSizes.inventory} - d.units
      from size_demand d
      where ${anyOf(productSizes.productId, "sizedIds")} and ${productSizes.productId} = d.product_id and ${productSizes.label} = d.label
        and ${productSizes.inventory} is not null and ${claimed}
      returning 1
    ), moved as (
      -- The stock ledger's rows for what this order took: counted products, then counted sizes.
      insert into ${stockMovements} (${names(
        stockMovements.storeId,
        stockMovements.productId,
        stockMovements.size,
        stockMovements.change,
        stockMovements.reason,
        stockMovements.orderId,
      )})
      select ${storeId}::uuid, d.product_id, null, -d.qty, 'order', ${v("orderId")}::uuid from demand d where ${claimed}
      union all
      select ${storeId}::uuid, l.product_id, l.label, -d.units, 'order', ${v("orderId")}::uuid
      from sizes_locked l join size_demand d using (product_id, label)
      where l.inventory is not null and ${claimed}
      returning 1
    ), ${customerCte ? sql`${customerCte},` : sql``} placed as (
      insert into ${orders} (${names(
        orders.id,
        orders.storeId,
        orders.orderNumber,
        orders.customerId,
        orders.phone,
        orders.email,
        orders.paymentMethod,
        orders.status,
        orders.paymentStatus,
        orders.channel,
        orders.subtotal,
        orders.discount,
        orders.shipping,
        orders.grandTotal,
        orders.shippingType,
        orders.couponCode,
        orders.customerAddress,
        orders.accessTokenHash,
        orders.signedIn,
        orders.codeConfirmBy,
      )})
      select ${v("orderId")}::uuid, ${storeId}::uuid, ${v("orderNumber")}::text, ${customerId},
        ${v("phone")}::text, ${v("email")}::text, ${v("paymentMethod")}::text, 'Pending', 'pending', 'Online Store',
        ${v("subtotal")}::bigint, ${v("discount")}::bigint, ${v("shipping")}::bigint, ${v("grandTotal")}::bigint,
        ${v("shippingType")}::text, ${v("couponCode")}::text, ${v("customerAddress")}::jsonb,
        ${v("accessTokenHash")}::text, ${v("signedIn")}::boolean,
        ${v("codeConfirmBy")}::timestamptz
      where ${claimed}
      returning 1
    ), items as (
      insert into ${orderItems} (${names(
        orderItems.orderId,
        orderItems.productId,
        orderItems.name,
        orderItems.photo,
        orderItems.sku,
        orderItems.selectedSize,
        orderItems.setSizes,
        orderItems.quantity,
        orderItems.unitPrice,
        orderItems.total,
        orderItems.position,
        orderItems.hsnCode,
        orderItems.gstRate,
      )})
      -- Each line keeps the HSN code and GST rate it is sold with (issue 58): its product's, else
      -- its sub-category's, else its category's.
      select ${v("orderId")}::uuid, i.product_id, i.name, i.photo, i.sku, i.selected_size, i.set_sizes,
        i.quantity, i.unit_price, i.total, i.position,
        coalesce(p.${name(products.hsnCode)}, sub.${name(categories.hsnCode)}, cat.${name(categories.hsnCode)}),
        coalesce(p.${name(products.gstRate)}, sub.${name(categories.gstRate)}, cat.${name(categories.gstRate)})
      from ${rowsOf(
        "items",
        "i(product_id uuid, name text, photo text, sku text, selected_size text, set_sizes text[], quantity integer, unit_price bigint, total bigint, position smallint)",
      )}
      left join ${products} p on p.${name(products.id)} = i.product_id
      left join ${categories} sub on sub.${name(categories.id)} = p.${name(products.subCategoryId)}
      left join ${categories} cat on cat.${name(categories.id)} = p.${name(products.categoryId)}
      where exists (select 1 from placed)
      returning 1
    ), told as (
      -- A COD order that needs no code is placed now: the customer's "order placed" messages and
      -- the shop's "new order" are jobs of this same statement (the outbox, ADR 0059). placeOrder
      -- wakes this process's worker; a pg_notify here cost the embedded database a sixth of its
      -- orders a second.
      insert into ${jobs} (${names(jobs.storeId, jobs.kind, jobs.payload, jobs.uniqueKey)})
      select ${storeId}::uuid, j.kind, j.payload, j.unique_key
      from jsonb_to_recordset(${v("placedJobs")}::jsonb) as j(kind text, payload jsonb, unique_key text)
      where exists (select 1 from placed) and ${v("paymentMethod")}::text = 'COD'
        and ${v("codeConfirmBy")}::timestamptz is null
      on conflict do nothing
      returning 1
    )
    select (select ok from ok) as ok, exists (select 1 from placed) as placed`;
}
