import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signInCustomer } from "./helpers/account";
import { signIn } from "./helpers/console";

/**
 * Issue 57 as an owner and a shopper meet it: the owner says where the shop is told of its
 * orders and tries the webhook; a shopper signs up for the newsletter, confirms it from the
 * email, and leaves it from the same email without signing in.
 */

async function openNotifications(page: Page) {
  await signIn(page, "/admin");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Notifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
}

test("the owner sets the order address and a webhook, and sends a test delivery to it", async ({ page }, testInfo) => {
  // One project changes the demo store's settings; the two running at once would cross.
  test.skip(testInfo.project.name === "phone", "the settings are the store's; the phone layout is checked below");
  const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
  const tool: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => tool.listen(0, "127.0.0.1", resolve));
  const toolUrl = `http://127.0.0.1:${(tool.address() as AddressInfo).port}/mandi`;
  try {
    await openNotifications(page);
    await expect(page).toHaveTitle("Notifications · Console");

    // A plain-text address elsewhere is refused, with the reason.
    await page.getByLabel("Webhook address (optional)").fill("http://tools.example.in/mandi");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("Use an https address (http only to this machine).");

    await page.getByLabel("Order address").fill("orders@annapurna.example");
    await page.getByLabel("Webhook address (optional)").fill(toolUrl);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Saved. New orders are told as these settings say from now on.");
    const secret = await page.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);

    await page.getByRole("button", { name: "Send a test delivery" }).click();
    await expect(page.getByRole("status")).toContainText("A test delivery is on its way.");
    // Other tests' orders may come in too while the webhook is set: the test is the "ping".
    const pings = () => received.filter((delivery) => JSON.parse(delivery.body).type === "ping");
    await expect.poll(() => pings().length, { timeout: 15_000 }).toBe(1);
    expect(pings()[0]?.headers["webhook-signature"]).toMatch(/^v1,/);
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(/^Last test, .*: delivered$/)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });

    await page.getByRole("button", { name: "Make a new secret" }).click();
    await expect(page.getByRole("status")).toContainText("A new secret is made.");
    await expect(page.getByLabel("Signing secret")).not.toHaveValue(secret);

    await page.getByText("Templates to register with DLT and with WhatsApp").click();
    await expect(page.getByRole("row").filter({ hasText: "shipped" })).toContainText(
      "{{1}}: your order {{2}} is on its way with {{3}}, tracking number {{4}}. {{5}}",
    );
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  } finally {
    // Leave the demo store as it was for the other tests.
    await page.getByLabel("Order address").fill("");
    await page.getByLabel("Webhook address (optional)").fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Saved.");
    await new Promise((resolve) => tool.close(resolve));
  }
});

test("the Notifications page fits a phone and reads to a screen reader", async ({ page }) => {
  await openNotifications(page);
  await expect(page.getByLabel("Order address")).toBeVisible();
  await expect(page.getByText("Development outbox (nothing leaves this machine)")).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test("a shopper confirms the newsletter from its email, and leaves it from the same email", async ({
  page,
  browser,
}) => {
  const address = `cook-${Date.now()}@hotel.example`;
  await page.goto("/");
  await expect(async () => {
    await page.getByLabel("Get offers and new arrivals").fill(address);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Thanks! You're subscribed.")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // The confirmation email, as the development outbox keeps it, in the owner's Messages page.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, "/admin/messages");
  await expect(owner.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  const mail = owner.getByRole("listitem").filter({ hasText: `to ${address}` });
  await expect(async () => {
    await owner.reload();
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(mail).toContainText("Confirm your newsletter subscription");
  await mail.locator("summary").click();
  const text = (await mail.locator("pre").textContent()) ?? "";
  const confirm = /Confirm: (\S+)/.exec(text)?.[1] ?? "";
  const leave = /Never email me again: (\S+)/.exec(text)?.[1] ?? "";
  expect(confirm).toMatch(/\/newsletter\/confirm\?token=/);
  await owner.context().close();

  // Opening the link changes nothing until the button is pressed (mail scanners open links).
  // A mail program's browser may run no scripts: the button is a plain form.
  const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await plain.goto(new URL(confirm).pathname + new URL(confirm).search);
  await expect(plain.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
  await plain.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(plain.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
  await expect(plain.getByRole("status")).toContainText(`will come to ${address}`);
  await plain.context().close();
  // Again, now with scripts: it says so.
  await page.goto(new URL(confirm).pathname + new URL(confirm).search);
  await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // The mail program's own "Unsubscribe" (RFC 8058) posts to the link, without the page.
  const oneClick = await page.request.post(new URL(leave).pathname + new URL(leave).search, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(oneClick.status()).toBe(200);
  await page.goto(new URL(leave).pathname + new URL(leave).search);
  await expect(page.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(
    `${address} will get no more newsletters from Annapurna HoReCa Supplies. Messages about your orders still come.`,
  );
  // A made-up link names nobody, and changes nothing.
  await page.goto("/newsletter/unsubscribe?token=0000000000000000000000000000dead");
  await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
  const unknown = await page.request.post("/newsletter/unsubscribe?token=0000000000000000000000000000beef", {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(unknown.status()).toBe(404);
});

test("a customer chooses the newsletter in their account, and leaves it there", async ({ page }) => {
  const phone = await signInCustomer(page);
  const address = `buyer-${phone}@hotel.example`;

  const messages = page.getByRole("region", { name: "Messages" });
  await expect(messages).toContainText("We always tell you about your orders by SMS");
  // Without an email there is nowhere to send the newsletter.
  await expect(messages.getByLabel("Offers and news by email")).toBeDisabled();
  await expect(messages).toContainText("Add your email to your profile to get the newsletter.");
  // WhatsApp is not set up on this installation: no choice is offered.
  await expect(messages.getByLabel("Order updates on WhatsApp too")).toHaveCount(0);

  await page.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  await dialog.getByLabel("Email").fill(address);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await messages.getByLabel("Offers and news by email").check();
  await messages.getByRole("button", { name: "Save message choices" }).click();
  await expect(messages.getByRole("status")).toHaveText(
    `Saved. To get the newsletter, follow the link we emailed to ${address}.`,
  );
  await expect(messages).toContainText(`Waiting for you to confirm: follow the link we emailed to ${address}.`);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  // Turning it off again unsubscribes the address.
  await messages.getByLabel("Offers and news by email").uncheck();
  await messages.getByRole("button", { name: "Save message choices" }).click();
  await expect(messages.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(page.getByRole("region", { name: "Messages" }).getByLabel("Offers and news by email")).not.toBeChecked();
});
