import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers/console";

/** The business profile (issue 56): the owner's legal identifiers are checked at their fields. */
test("the owner's business profile names a mistyped GSTIN and saves a right one", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "phone", "one project saves the demo store's profile");
  await signIn(page, "/admin");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Business profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Business profile" })).toBeVisible();
  const gstin = page.getByLabel("GSTIN (optional)");
  const saved = await gstin.inputValue();
  await gstin.fill("27AAPFU0939F1ZX");
  await page.getByLabel("FSSAI licence number (optional)").fill("1234");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("alert")).toHaveText("Check the fields marked below: nothing is saved yet.");
  await expect(gstin).toHaveAccessibleDescription(
    "15 characters; its last one is checked. The GSTIN's last character does not match the rest: check it for a typing mistake.",
  );
  await expect(page.getByLabel("FSSAI licence number (optional)")).toHaveAccessibleDescription(
    "14 digits, shown on the store's pages. An FSSAI licence number is 14 digits.",
  );
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.reload();
  await expect(gstin).toHaveValue(saved);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Saved. The store's header, footer and pages show it within a few seconds.",
  );
});
