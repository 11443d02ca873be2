import { randomInt } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** A phone no other test (in any worker) uses: each gets its own codes and limits. */
export function uniquePhone(prefix: "96" | "97" = "97"): string {
  return `${prefix}${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
}

/** The last code sent to a phone, read from the development SMS outbox (order messages go there too). */
export async function codeFor(request: APIRequestContext, phone: string): Promise<string> {
  const { messages } = (await (await request.get(`/api/dev/sms-outbox?phone=${phone}`)).json()) as {
    messages: Array<{ body: string }>;
  };
  const code = messages.map((message) => /^(\d{6}) /.exec(message.body)?.[1]).find(Boolean);
  if (!code) throw new Error("no code in the outbox");
  return code;
}

/**
 * Signs a new customer in on /account with a code from the outbox (see askForCode). Returns the phone.
 */
export async function signInCustomer(page: Page, phone = uniquePhone()): Promise<string> {
  await askForCode(page, phone);
  await page.getByLabel("One-time code").fill(await codeFor(page.request, phone));
  await page.getByRole("button", { name: "Verify & Sign In" }).click();
  return phone;
}

/**
 * Opens /account and asks for a sign-in code for the phone, again if the first Send OTP came
 * before the page's scripts took it (they clear a number typed before them).
 */
export async function askForCode(page: Page, phone: string): Promise<void> {
  await page.goto("/account");
  await expect(async () => {
    await page.getByLabel("Mobile number").fill(phone);
    await page.getByRole("button", { name: "Send OTP" }).click();
    await expect(page.getByLabel("One-time code")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
