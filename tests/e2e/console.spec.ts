import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { uniquePhone } from "./helpers/account";
import { addCountedProduct, addFirstCardProducts } from "./helpers/cart";
import { invitePacker, OWNER, signIn } from "./helpers/console";

/**
 * The shop's console as its staff meet it (issue 54): the owner signs in with the demo owner's
 * email and password and invites a packer; the packer sees a new COD order arrive on the desk,
 * confirms, packs, prints the slip, ships and delivers it, marks the cash collected, and sees
 * each step in the order's audit log; the shopper sees the status.
 */

test("a console page asks a visitor to sign in; a wrong password is refused with the same words as an unknown email", async ({
  page,
}) => {
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Forders/);
  await expect(page.getByRole("heading", { level: 1, name: /^Sign in to / })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  for (const email of [OWNER.email, "nobody@annapurna.example"]) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("That email and password do not match an account of this store.")).toBeVisible();
  }
});

test("a signed-in customer's session opens no console page", async ({ page, request }) => {
  // The console reads only its own cookie: a customer's session is nobody there.
  const answer = await request.get("/admin/orders", {
    headers: { Cookie: `mandi_session=${"s".repeat(43)}` },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toMatch(/^\/admin\/sign-in\?next=/);
  expect(
    (await page.request.get("/admin/orders/00000000-0000-0000-0000-000000000000", { maxRedirects: 0 })).status(),
  ).toBe(302);
});

test("a staff member sees a new COD order arrive, confirms, packs, prints the slip, ships and marks the cash collected", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { packer, email } = await invitePacker(page, browser);
  expect((await new AxeBuilder({ page: packer }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await packer.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Orders" }).click();
  await expect(packer.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(packer.getByRole("link", { name: /^Pending \d+$/ })).toBeVisible();

  // A shopper places a COD order while the desk is open.
  const shopper = await (await browser.newContext()).newPage();
  await addCountedProduct(shopper);
  const phone = uniquePhone();
  await shopper.goto("/checkout");
  await shopper.getByLabel("Full Name").fill("Nisha Desai");
  await shopper.getByLabel("Phone").fill(phone);
  await shopper.getByLabel("Address Line 1").fill("4 Hill Road, Bandra West");
  await shopper.getByLabel("Pincode").fill("400050");
  await expect(shopper.getByText("Pincode is serviceable!")).toBeVisible();
  await shopper.getByRole("button", { name: "Place Order" }).first().click();
  await expect(shopper).toHaveURL(/\/thank-you\?orderId=/);
  const number = (await shopper.locator(".lead strong").first().textContent())?.replace("#", "") ?? "";

  // The desk says so without a reload, in the page and in the tab's title.
  await expect(packer.getByText(/^\d+\+? new orders?\.\s/)).toBeVisible({ timeout: 25_000 });
  await expect(packer).toHaveTitle(/^\(\d+\+?\) Orders · Console$/);
  await packer.getByRole("button", { name: "Show new orders" }).click();
  await packer.getByRole("link", { name: `#${number}` }).click();
  await expect(packer.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();
  await expect(packer.getByText("Nisha Desai")).toBeVisible();

  await packer.getByRole("button", { name: "Confirm order" }).click();
  await expect(packer.getByText("Order Confirmed.")).toBeVisible();
  // Confirmed, the order has its tax invoice (issue 58), numbered from the store's series.
  await expect(packer.getByText(/^Invoice ANN\/\d{2}-\d{2}\/\d{6} · /)).toBeVisible();
  await packer.getByRole("button", { name: "Mark packed" }).click();
  await expect(packer.getByText("Order Packed.")).toBeVisible();

  // The packing slip opens in a tab of its own, with the order's QR code.
  const [slip] = await Promise.all([
    packer.context().waitForEvent("page"),
    packer.getByRole("link", { name: "Print packing slip" }).click(),
  ]);
  await expect(slip.getByRole("heading", { level: 2, name: `Order #${number}` })).toBeVisible();
  await expect(slip.getByRole("img", { name: `QR code of order ${number}` })).toBeVisible();
  await expect(slip.getByText("Phone +91 " + phone)).toBeVisible();
  expect((await new AxeBuilder({ page: slip }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await slip.close();

  // A note for the team, and a dented unit taken off the stock.
  await packer.getByLabel("Note for the team").fill("Deliver after 4 pm, back gate.");
  await packer.getByRole("button", { name: "Add note" }).click();
  await expect(packer.getByText("Note added.")).toBeVisible();
  await expect(
    packer.getByRole("region", { name: "Staff notes" }).getByText("Deliver after 4 pm, back gate."),
  ).toBeVisible();
  await packer.getByText("Change stock by hand").click();
  await packer.getByLabel("Units to add (negative to take away)").fill("-1");
  await packer.getByLabel("Reason").fill("1 tin dented");
  await packer.getByRole("button", { name: "Save stock change" }).click();
  await expect(packer.getByText(/^Stock changed by -1: \d+ now in stock\.$/)).toBeVisible();
  await expect(packer.getByRole("region", { name: "Stock ledger" }).getByText(/By hand · 1 tin dented/)).toBeVisible();

  await packer.getByLabel("Courier or vehicle (optional)").fill("Own van MH-04-AB-1234");
  await packer.getByRole("button", { name: "Mark shipped" }).click();
  await expect(packer.getByText("Order Shipped.")).toBeVisible();
  await expect(packer.getByText("Shipped with Own van MH-04-AB-1234.")).toBeVisible();
  await packer.getByRole("button", { name: "Mark delivered" }).click();
  await expect(packer.getByText("Order Delivered.")).toBeVisible();
  await packer.getByLabel("UPI").check();
  await packer.getByRole("button", { name: "Cash collected" }).click();
  await expect(packer.getByText("Cash collected: the order is paid.")).toBeVisible();
  const audit = packer.getByRole("region", { name: "Audit log" });
  for (const action of [
    "order.confirmed",
    "order.packed",
    "order.note",
    "order.shipped",
    "order.delivered",
    "order.cash-collected",
  ]) {
    await expect(audit.getByText(`${email}: ${action}`)).toBeVisible();
  }
  expect((await new AxeBuilder({ page: packer }).analyze()).violations.map((v) => v.id)).toEqual([]);
  // Long staff emails in the history wrap: the page is never wider than a phone's screen.
  expect(await packer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // The shopper's page shows the new status, and each step reached their phone (issue 57).
  await shopper.reload();
  await expect(shopper.getByText("Delivered with Own van MH-04-AB-1234")).toBeVisible();
  await expect(async () => {
    const { messages } = (await (await packer.request.get(`/api/dev/sms-outbox?phone=${phone}`)).json()) as {
      messages: Array<{ body: string }>;
    };
    const bodies = messages.map((message) => message.body);
    expect(bodies.some((body) => body.includes(`order ${number} is on its way with Own van MH-04-AB-1234`))).toBe(true);
    expect(bodies.some((body) => body.includes(`order ${number} is delivered.`))).toBe(true);
  }).toPass({ timeout: 10_000 });
  await packer.reload();
  await expect(packer.getByText('Customer told "delivered" by SMS')).toBeVisible();
  await shopper.context().close();

  // The phone's orders are one click away; then sign out: the console asks for the password again.
  await packer.getByRole("link", { name: `All orders from +91 ${phone}` }).click();
  await expect(packer.getByRole("link", { name: `#${number}` })).toBeVisible();
  await packer.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(packer).toHaveURL(/\/admin\/sign-in/);
  await packer.goto("/admin/orders");
  await expect(packer).toHaveURL(/\/admin\/sign-in/);
  await packer.context().close();
});

test("the dashboard and the desk's filters and export answer the owner", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Today" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Orders per day, last 30 days" })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  // No console page is wider than the screen, on a phone or a laptop.
  for (const path of [
    "/admin",
    "/admin/orders",
    "/admin/customers",
    "/admin/staff",
    "/admin/security",
    "/admin/coupons",
    "/admin/delivery",
  ]) {
    await page.goto(path);
    const [scroll, client] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scroll, path).toBeLessThanOrEqual(client);
  }
  await page.goto("/admin/orders");
  await page.getByLabel("Payment method").selectOption("ONLINE");
  await page.getByLabel("Pincode").fill("400703");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/method=ONLINE&pincode=400703/);
  const rows = page.locator("tbody tr");
  for (const text of await rows.allTextContents()) expect(text).toContain("Online");
  const exported = await page.request.get("/admin/orders/export?method=ONLINE&pincode=400703");
  expect(exported.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(exported.headers()["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/);
  const csv = (await exported.body()).toString("utf8");
  expect(csv.startsWith("\uFEFFOrder number,")).toBe(true);
  for (const line of csv.trim().split("\r\n").slice(1)) expect(line).toContain(",Online,");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});

test("the owner cancels a paid online order, which refunds it through the gateway", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const shopper = await (await browser.newContext()).newPage();
  await addFirstCardProducts(shopper);
  const phone = uniquePhone();
  await shopper.goto("/checkout");
  await shopper.getByLabel("Full Name").fill("Farhan Sheikh");
  await shopper.getByLabel("Phone").fill(phone);
  await shopper.getByLabel("Address Line 1").fill("Shop 4, Sector 17");
  await shopper.getByLabel("Pincode").fill("400703");
  await expect(shopper.getByText("Pincode is serviceable!")).toBeVisible();
  await shopper.getByRole("radio", { name: /Pay Online/ }).check();
  await shopper.getByRole("button", { name: "Place Order" }).first().click();
  await expect(shopper).toHaveURL(/\/sandbox\/pay\/ordeh_/);
  await shopper.getByRole("button", { name: /^Success\b/ }).click();
  await expect(shopper.getByRole("heading", { level: 1, name: "Payment Successful" })).toBeVisible({ timeout: 20_000 });

  await signIn(page, "/admin/orders");
  await page.getByLabel("Search orders").fill(phone);
  await page.getByRole("button", { name: "Apply" }).click();
  // The search's answer holds this shopper's order alone.
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByRole("link", { name: /^#/ })).toHaveCount(1);
  await page.getByRole("link", { name: /^#/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order #/ })).toBeVisible();
  await expect(page.getByText("Online · paid")).toBeVisible();
  const cancel = page.getByRole("button", { name: /^Cancel and refund ₹/ });
  await cancel.click();
  await expect(page.getByText(/^Order cancelled and ₹[\d,]+ refunded\.$/)).toBeVisible();
  await expect(page.getByText("Online · refunded")).toBeVisible();
  const refunds = page.getByRole("region", { name: "Refunds" });
  await expect(refunds.getByText(/by Gateway: done/)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Cancel/ })).toHaveCount(0);

  await shopper.reload();
  await expect(shopper.getByRole("heading", { level: 1, name: "Payment Refunded" })).toBeVisible();
  await shopper.context().close();
});

test("the owner invites staff by link; staff reach no owner page or action; switched off, they are signed out", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { packer, email } = await invitePacker(page, browser);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await expect(packer.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Staff" })).toHaveCount(0);
  // The server checks the role, not the menu.
  const answer = await packer.goto("/admin/staff");
  expect(answer?.status()).toBe(403);
  await expect(packer.getByText("Only the store's owner may open this page.")).toBeVisible();
  const posted = await packer.request.post("/admin/staff", {
    form: { intent: "invite", email: "x@y.in", role: "owner" },
  });
  expect(posted.status()).toBe(403);
  expect((await packer.goto("/admin/audit"))?.status()).toBe(403);
  expect((await packer.goto("/admin/jobs"))?.status()).toBe(403);
  expect((await packer.goto("/admin/messages"))?.status()).toBe(403);
  expect((await packer.goto("/admin/backups"))?.status()).toBe(403);
  expect((await packer.request.post("/admin/backups", { form: { intent: "backup" } })).status()).toBe(403);
  expect((await packer.request.get("/admin/backups/mandi-20261207-031500.tar.gz")).status()).toBe(403);
  expect(
    (await packer.request.post("/admin/jobs", { form: { intent: "retry", jobId: crypto.randomUUID() } })).status(),
  ).toBe(403);
  // The SMS outbox answers the store's owners from anywhere, staff only from this machine.
  const proxied = { "X-Forwarded-For": "198.51.100.9" };
  expect((await packer.request.get("/api/dev/sms-outbox?phone=9820012345", { headers: proxied })).status()).toBe(403);
  expect((await page.request.get("/api/dev/sms-outbox?phone=9820012345", { headers: proxied })).status()).toBe(200);

  // The owner's audit log shows the invitation.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }).click();
  await page.getByLabel("What changed").selectOption("staff");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("cell", { name: `name Ravi Packer, role staff, email ${email}` })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.goto("/admin/staff");

  // Made an owner, the packer opens the owners' pages; made staff again, not.
  await page.getByRole("button", { name: `Make ${email} an owner` }).click();
  await expect(page.getByRole("status")).toHaveText(
    "The account is an owner now: it can open every page of the console.",
  );
  expect((await packer.request.get("/admin/coupons", { maxRedirects: 0 })).status()).toBe(200);
  await page.getByRole("button", { name: `Make ${email} staff` }).click();
  await expect(page.getByRole("status")).toHaveText(
    "The account is staff now: it works on orders and customers, not the store's settings.",
  );
  expect((await packer.request.get("/admin/coupons", { maxRedirects: 0 })).status()).toBe(403);

  // The owner switches the account off: its session ends at once.
  await page.getByRole("button", { name: `Switch off ${email}` }).click();
  await expect(page.getByText("The account is switched off and signed out.")).toBeVisible();
  await packer.goto("/admin/orders");
  await expect(packer).toHaveURL(/\/admin\/sign-in/);
  await packer.context().close();
});
