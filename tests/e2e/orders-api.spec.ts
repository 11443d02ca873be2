import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";

/**
 * The order endpoint at the HTTP boundary: what a tampering client sends is refused with a
 * 4xx and a clear message, and nothing is created (the stock it would have taken is intact).
 */

const address = {
  fullName: "Asha Rani Patil",
  phone: "9820012345",
  email: "",
  addressLine1: "Shop 4, Sector 17",
  addressLine2: "",
  city: "Navi Mumbai",
  state: "Maharashtra",
  pincode: "400703",
  landmark: "",
  companyName: "",
  gstNumber: "",
};

interface ListedProduct {
  id: string;
  name: string;
  price: number;
  maxQty: number;
  hasSizes: boolean;
  stock: { kind: string };
}

/**
 * A tracked product in stock from the end of the first two pages. The other journeys, running
 * at the same time, buy the first one; each test here that orders takes a product of its own
 * (`slot` per test here, and one for each of its phone and desktop runs), so that a unit another one
 * takes never reads as one it took.
 */
async function trackedProduct(request: APIRequestContext, slot: 0 | 1): Promise<ListedProduct> {
  const { products } = (await (await request.get("/api/products?limit=48")).json()) as { products: ListedProduct[] };
  const tracked = products.filter((p) => !p.hasSizes && p.stock.kind === "in-stock");
  const fromEnd = slot * 2 + (test.info().project.name === "phone" ? 1 : 0);
  const product = tracked[tracked.length - 1 - fromEnd];
  if (!product) throw new Error("no tracked product in stock");
  return product;
}

async function stockLeft(request: APIRequestContext, productId: string): Promise<number | null> {
  const quote = await request.post("/api/cart/quote", {
    data: { lines: [{ productId, qty: 1 }], coupon: "", pincode: "" },
  });
  const body = (await quote.json()) as { lines: Array<{ maxQty: number | null }> };
  return body.lines[0]?.maxQty ?? null;
}

async function antiForgery(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get("/");
  const state = await request.storageState();
  const token = state.cookies.find((c) => c.name === "mandi_csrf")?.value;
  if (!token) throw new Error("no anti-forgery cookie");
  return { "X-CSRF-Token": token, "X-Requested-With": "XMLHttpRequest" };
}

test.describe("POST /api/orders refuses tampered requests", () => {
  test("each tampering gets a 4xx with a clear message and creates nothing", async ({ request }) => {
    const product = await trackedProduct(request, 0);
    const headers = await antiForgery(request);
    const before = await stockLeft(request, product.id);
    const line = { productId: product.id, qty: 1 };
    const post = (data: unknown, extra: Record<string, string> = {}) =>
      request.post("/api/orders", { data: data as Record<string, unknown>, headers: { ...headers, ...extra } });
    const order = (lines: unknown[], more: Record<string, unknown> = {}) =>
      post({ lines, address, paymentMethod: "COD", saveAddress: false, coupon: "", ...more });

    const cases: Array<[string, Promise<import("@playwright/test").APIResponse>, number, RegExp]> = [
      ["a unit price", order([{ ...line, unitPrice: 1 }]), 422, /Unexpected field "unitPrice"/],
      ["a total", order([line], { grandTotal: 1 }), 422, /Unexpected field "grandTotal"/],
      [
        "a price the shopper never saw",
        order([{ ...line, expectedUnitPrice: 1 }]),
        409,
        new RegExp(`The price of ${product.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} has changed`),
      ],
      ["a negative quantity", order([{ ...line, qty: -5 }]), 422, /Quantities must be whole numbers of at least 1/],
      ["a fractional quantity", order([{ ...line, qty: 1.5 }]), 422, /Quantities must be whole numbers of at least 1/],
      ["an unknown product", order([{ productId: randomUUID(), qty: 1 }]), 409, /no longer sold/],
      ["a product id that is not one", order([{ productId: "'; drop table orders;--", qty: 1 }]), 422, /not a product/],
      [
        "a coupon whose conditions fail",
        order([line], { coupon: "FLAT100" }),
        422,
        /Invalid coupon or conditions not met/,
      ],
      [
        "10,000 lines",
        order(Array.from({ length: 10_000 }, () => line)),
        413,
        /A cart can hold at most 200 different items/,
      ],
      ["a 1 MB field", order([line], { address: { ...address, landmark: "x".repeat(1_000_000) } }), 413, /too large/],
      ["an empty cart", order([]), 422, /Your cart is empty/],
      [
        "a bad form",
        order([line], { address: { ...address, phone: "12" } }),
        422,
        /Enter a valid 10-digit phone number/,
      ],
      [
        "no anti-forgery token",
        request.post("/api/orders", { data: { lines: [line], address } }),
        403,
        /did not come from/,
      ],
      [
        "another site's origin",
        post({ lines: [line], address }, { Origin: "https://evil.example" }),
        403,
        /did not come from/,
      ],
      [
        "a malformed idempotency key",
        order([line]).then(() => post({ lines: [line], address }, { "Idempotency-Key": "x" })),
        400,
        /Idempotency-Key/,
      ],
    ];
    for (const [what, pending, status, message] of cases) {
      const response = await pending;
      expect(response.status(), what).toBe(status);
      const body = (await response.json()) as { error: string };
      expect(body.error, what).toMatch(message);
    }
    // The one valid request above (before the bad key) placed one unit; nothing else did.
    expect(await stockLeft(request, product.id)).toBe((before ?? 0) - 1);
  });

  test("reading the order and quote addresses says how to use them", async ({ request }) => {
    for (const [path, message] of [
      ["/api/orders", "/api/orders answers POST, not GET."],
      ["/api/cart/quote", "/api/cart/quote answers POST, not GET."],
    ] as const) {
      const response = await request.get(path);
      expect(response.status()).toBe(405);
      expect(await response.json()).toEqual({ error: message });
    }
  });

  test("a repeated idempotency key returns the first order", async ({ request }) => {
    const product = await trackedProduct(request, 1);
    const headers = { ...(await antiForgery(request)), "Idempotency-Key": `api-test-${randomUUID()}` };
    const data = {
      lines: [{ productId: product.id, qty: 1 }],
      address,
      paymentMethod: "COD",
      saveAddress: false,
      coupon: "",
    };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => request.post("/api/orders", { data, headers })),
    );
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<{ orderId: string }>));
    expect(new Set(bodies.map((b) => b.orderId)).size).toBe(1);
    expect(responses.filter((r) => r.status() === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status() === 200)).toHaveLength(9);
  });
});
