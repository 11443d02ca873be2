import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn } from "./helpers/console";

/** Policy pages written by the owner in Markdown (issue 56); HTML typed into them stays text. */
test("the owner writes the shipping policy, previews it, and goes back to the built-in text", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === "phone", "one project changes the demo store's pages");
  await signIn(page, "/admin");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Policy pages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Policy pages" })).toBeVisible();
  await page.getByRole("link", { name: "Shipping Policy", exact: true }).click();
  await page
    .getByLabel("Text")
    .fill(
      "## Delivery days\n\nWe deliver to hotels **every morning** before 7 AM.\n\n- Navi Mumbai\n- Thane\n\n<script>alert(1)</script>\n\n[Call us](javascript:alert(1))",
    );
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Delivery days" })).toBeVisible();
  await expect(preview.getByText("<script>alert(1)</script>")).toBeVisible();
  expect(await preview.getByRole("link", { name: "Call us" }).getAttribute("href")).toBe("");
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. Shipping Policy shows your text now.");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto("/policy/shipping-policy");
  await expect(shopper.getByRole("heading", { level: 1, name: "Shipping Policy" })).toBeVisible();
  await expect(shopper.getByRole("heading", { level: 2, name: "Delivery days" })).toBeVisible();
  await expect(shopper.getByText("We deliver to hotels every morning before 7 AM.")).toBeVisible();
  await expect(shopper.getByRole("heading", { name: "Contact us" })).toBeVisible();

  await page.getByRole("button", { name: "Use the built-in text" }).click();
  await expect(page.getByRole("status")).toHaveText("Shipping Policy shows the built-in text again.");
  await shopper.reload();
  await expect(shopper.getByRole("heading", { level: 2, name: "Where we deliver" })).toBeVisible();
  await shopper.context().close();
});
