import { type APIRequestContext, type APIResponse, expect, request as playwrightRequest, test } from "@playwright/test";
import { codeFor, uniquePhone } from "./helpers/account";

/**
 * The account endpoints at the HTTP boundary, with two signed-in customers side by side: each
 * tries every id-bearing endpoint with the other's ids and gets nothing of theirs; the session
 * cookie carries its flags; a mutating request without the anti-forgery pair is refused; the
 * session token changes at every sign-in and the old one stops working.
 * (HTTP only, no page: it runs once, in the desktop project.)
 */

/** HTTP only: once (in the desktop project) is enough. */
const onlyOnce = () => test.skip(test.info().project.name !== "desktop", "HTTP only; runs in the desktop project");

/** The pair from the token the browser holds now, without asking for a page. */
async function currentPair(request: APIRequestContext): Promise<Record<string, string>> {
  const token = (await request.storageState()).cookies.find((c) => c.name === "mandi_csrf")?.value;
  if (!token) throw new Error("no anti-forgery cookie");
  return { "X-CSRF-Token": token, "X-Requested-With": "XMLHttpRequest" };
}

async function antiForgery(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get("/");
  const token = (await request.storageState()).cookies.find((c) => c.name === "mandi_csrf")?.value;
  if (!token) throw new Error("no anti-forgery cookie");
  return { "X-CSRF-Token": token, "X-Requested-With": "XMLHttpRequest" };
}

interface Shopper {
  request: APIRequestContext;
  headers: Record<string, string>;
  phone: string;
  orderId: string;
  customerName: string;
  /** The Set-Cookie header of the sign-in answer. */
  setCookie: string;
}

async function inStockProductId(request: APIRequestContext): Promise<string> {
  const { products } = (await (await request.get("/api/products?limit=48")).json()) as {
    products: Array<{ id: string; hasSizes: boolean; stock: { kind: string } }>;
  };
  const product = products.find((p) => !p.hasSizes && p.stock.kind === "in-stock");
  if (!product) throw new Error("no product in stock");
  return product.id;
}

/** A shopper with a browser-like cookie jar who placed one COD order with their phone, then signed in. */
async function shopper(
  baseURL: string,
  customerName: string,
  storageState?: Awaited<ReturnType<APIRequestContext["storageState"]>>,
): Promise<Shopper> {
  const request = await playwrightRequest.newContext({ baseURL, storageState });
  const headers = await antiForgery(request);
  const phone = uniquePhone("96");
  const placed = await request.post("/api/orders", {
    headers,
    data: {
      lines: [{ productId: await inStockProductId(request), qty: 1 }],
      address: {
        fullName: customerName,
        phone,
        email: `${customerName.split(" ")[0]?.toLowerCase()}@example.in`,
        addressLine1: `${customerName}'s kitchen, 4 Hill Road`,
        addressLine2: "",
        city: "Mumbai",
        state: "Maharashtra",
        pincode: "400050",
        landmark: "",
        companyName: "",
        gstNumber: "",
      },
      paymentMethod: "COD",
      saveAddress: true,
      coupon: "",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  const sent = await request.post("/api/account/code", { headers, data: { phone } });
  expect(sent.status(), await sent.text()).toBe(200);
  const signedIn = await request.post("/api/account/session", {
    headers,
    data: { phone, code: await codeFor(request, phone) },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  // The anti-forgery token is bound to the session: sign-in handed the browser a new one.
  const signedInHeaders = await currentPair(request);
  expect(signedInHeaders["X-CSRF-Token"]).not.toBe(headers["X-CSRF-Token"]);
  // A guest's order saves nothing of the customer's (issue 53): signed in, they save their name.
  const saved = await request.put("/api/account/profile", { headers: signedInHeaders, data: { name: customerName } });
  expect(saved.status(), await saved.text()).toBe(200);
  return {
    request,
    headers: signedInHeaders,
    phone,
    orderId,
    customerName,
    setCookie: signedIn.headers()["set-cookie"] ?? "",
  };
}

test("no endpoint hands one customer another's profile or orders", async ({ baseURL }) => {
  onlyOnce();
  const asha = await shopper(baseURL ?? "", "Asha Patil");
  const ravi = await shopper(baseURL ?? "", "Ravi Menon");

  // Each sees their own.
  const own = (await (await asha.request.get("/api/account/orders")).json()) as { orders: Array<{ id: string }> };
  expect(own.orders.map((o) => o.id)).toContain(asha.orderId);
  expect(own.orders.map((o) => o.id)).not.toContain(ravi.orderId);
  expect((await asha.request.get(`/api/account/orders/${asha.orderId}`)).status()).toBe(200);

  // Asha tries every id-bearing endpoint with Ravi's order id.
  const detail = await asha.request.get(`/api/account/orders/${ravi.orderId}`);
  expect(detail.status()).toBe(404);
  expect(await detail.text()).not.toContain("Ravi");
  const reorder = await asha.request.post("/api/account/reorder", {
    headers: asha.headers,
    data: { orderId: ravi.orderId },
  });
  expect(reorder.status()).toBe(404);
  // The order page's API shows anyone with the id only the status, never the customer.
  const status = await asha.request.get(`/api/orders/${ravi.orderId}`);
  expect(status.status()).toBe(200);
  expect((await status.json()) as { access: string }).toMatchObject({ access: "status" });
  const statusText = await status.text();
  for (const secret of ["Ravi", ravi.phone, "Hill Road", "ravi@example.in"]) expect(statusText).not.toContain(secret);
  const page = await asha.request.get(`/thank-you?orderId=${ravi.orderId}`);
  const pageText = await page.text();
  for (const secret of ["Ravi Menon", ravi.phone, "Hill Road", "ravi@example.in"])
    expect(pageText).not.toContain(secret);

  // The profile has no id to pass: an id in the body is ignored (refused), never followed.
  const profile = (await (await asha.request.get("/api/account/profile")).json()) as { profile: { name: string } };
  expect(profile.profile.name).toBe("Asha Patil");
  const sneaky = await asha.request.put("/api/account/profile", {
    headers: asha.headers,
    data: { customerId: ravi.orderId, phone: ravi.phone, name: "Not Ravi" },
  });
  expect(sneaky.status()).toBeGreaterThanOrEqual(400);
  const ravisProfile = (await (await ravi.request.get("/api/account/profile")).json()) as {
    profile: { name: string; phone: string };
  };
  expect(ravisProfile.profile).toMatchObject({ name: "Ravi Menon", phone: ravi.phone });

  // A signed-out browser gets nothing at all.
  const stranger = await playwrightRequest.newContext({ baseURL });
  for (const path of ["/api/account/profile", "/api/account/orders", `/api/account/orders/${asha.orderId}`]) {
    expect((await stranger.get(path)).status(), path).toBe(401);
  }
  await Promise.all([asha.request.dispose(), ravi.request.dispose(), stranger.dispose()]);
});

test("the session cookie's flags, rotation at sign-in, revocation at sign-out", async ({ baseURL }) => {
  onlyOnce();
  const meena = await shopper(baseURL ?? "", "Meena Shah");
  const jar = async () => (await meena.request.storageState()).cookies.find((c) => c.name === "mandi_session");
  const first = await jar();
  expect(first).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: false });
  expect(first?.value).toMatch(/^[\w-]{43}$/);
  expect(meena.setCookie.split("\n")[0]).toMatch(
    /^mandi_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
  );

  // Someone signs in on a browser that already holds a session (a shared computer, or a token
  // planted by an attacker): the browser gets a new token, and the one it held stops working.
  const next = await shopper(baseURL ?? "", "Meena Desai", await meena.request.storageState());
  const cookies = (await next.request.storageState()).cookies.filter((c) => c.name === "mandi_session");
  expect(cookies).toHaveLength(1);
  const second = cookies[0];
  expect(second?.value).toMatch(/^[\w-]{43}$/);
  expect(second?.value).not.toBe(first?.value);
  const old = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `mandi_session=${first?.value}` },
  });
  expect((await old.get("/api/account/profile")).status()).toBe(401);
  const profile = (await (await next.request.get("/api/account/profile")).json()) as { profile: { name: string } };
  expect(profile.profile.name).toBe("Meena Desai");

  const out = await next.request.delete("/api/account/session", { headers: next.headers });
  expect(out.headers()["set-cookie"]).toMatch(/^mandi_session=; .*Max-Age=0/);
  const revoked = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `mandi_session=${second?.value}` },
  });
  expect((await revoked.get("/api/account/profile")).status()).toBe(401);
  await Promise.all([meena.request.dispose(), next.request.dispose(), old.dispose(), revoked.dispose()]);
});

test("a mutating account request without the anti-forgery pair is refused", async ({ baseURL }) => {
  onlyOnce();
  const kiran = await shopper(baseURL ?? "", "Kiran Rao");
  const attempts: Array<[string, () => Promise<APIResponse>]> = [
    ["send a code", () => kiran.request.post("/api/account/code", { data: { phone: kiran.phone } })],
    ["sign in", () => kiran.request.post("/api/account/session", { data: { phone: kiran.phone, code: "123456" } })],
    ["sign out", () => kiran.request.delete("/api/account/session")],
    ["save the profile", () => kiran.request.put("/api/account/profile", { data: { name: "Someone Else" } })],
    ["reorder", () => kiran.request.post("/api/account/reorder", { data: { orderId: kiran.orderId } })],
    // A token that is not the cookie's is no better than none.
    [
      "with a forged token",
      () =>
        kiran.request.put("/api/account/profile", {
          data: { name: "Someone Else" },
          headers: { "X-CSRF-Token": "forged", "X-Requested-With": "XMLHttpRequest" },
        }),
    ],
  ];
  for (const [what, attempt] of attempts) {
    const response = await attempt();
    expect(response.status(), what).toBe(403);
  }
  // Still signed in, profile untouched.
  const profile = (await (await kiran.request.get("/api/account/profile")).json()) as { profile: { name: string } };
  expect(profile.profile.name).toBe("Kiran Rao");
  await kiran.request.dispose();
});
