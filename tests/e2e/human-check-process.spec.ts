import { expect, test } from "@playwright/test";
import { type FakeServer, fakeServer } from "../fakes/http-server";
import { type ServerProcess, startServerProcess } from "./helpers/server-process";

/**
 * The sign-in form with human verification on (HUMAN_CHECK=turnstile): the widget's script is
 * allowed by the page's Content-Security-Policy and loaded, its token goes with 'Send OTP', the
 * server checks it with the provider's siteverify API (a fake here), and after a failed send the
 * widget is reset, as the spec says. Cloudflare's script is replaced by a small stand-in with
 * the same API (render, reset, remove and the onload callback), since this machine has no
 * network.
 */

const PORT = 3331;

const FAKE_TURNSTILE = `(() => {
  const widgets = [];
  window.turnstile = {
    render(element, options) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Verify you are human";
      button.onclick = () => {
        button.textContent = "Verified";
        options.callback(window.nextHumanToken || "human-ok");
      };
      element.append(button);
      widgets.push({ element, button, sitekey: options.sitekey });
      return String(widgets.length - 1);
    },
    reset(id) {
      widgets[Number(id)].button.textContent = "Verify you are human";
      window.humanResets = (window.humanResets || 0) + 1;
    },
    remove(id) {
      widgets[Number(id)].element.replaceChildren();
    },
  };
  window.renderedSiteKey = () => widgets[0] && widgets[0].sitekey;
  const ready = new URL(document.currentScript.src).searchParams.get("onload");
  if (ready && window[ready]) window[ready]();
})();`;

test("Send OTP carries the human check's token; a refused check fails the send and resets the widget", async ({
  page,
}) => {
  test.setTimeout(240_000);
  let siteverify: FakeServer | null = null;
  let server: ServerProcess | null = null;
  try {
    siteverify = await fakeServer((r) => {
      const form = new URLSearchParams(r.body);
      const ok = form.get("secret") === "sekret-1" && form.get("response") === "human-ok";
      return {
        status: 200,
        body: ok ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] },
      };
    });
    server = await startServerProcess(
      PORT,
      {
        HUMAN_CHECK: "turnstile",
        HUMAN_CHECK_SITE_KEY: "site-key-1",
        HUMAN_CHECK_SECRET: "sekret-1",
        HUMAN_CHECK_VERIFY_URL: `${siteverify.url}/siteverify`,
      },
      "mandi_human",
    );
    await page.route("https://challenges.cloudflare.com/turnstile/v0/api.js*", (route) =>
      route.fulfill({ contentType: "text/javascript", body: FAKE_TURNSTILE }),
    );
    const response = await page.goto(`${server.url}/account`);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);

    const human = page.getByRole("button", { name: "Verify you are human" });
    await expect(human).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { renderedSiteKey(): string }).renderedSiteKey())).toBe(
      "site-key-1",
    );
    await page.getByLabel("Mobile number").fill("9876501234");

    // Not verified yet: nothing is sent.
    await page.getByRole("button", { name: "Send OTP" }).click();
    await expect(page.getByText("Please complete the verification first.")).toBeVisible();
    expect(siteverify.received).toHaveLength(0);

    // A token the provider refuses: the spec's message, and the widget starts over.
    await page.evaluate(() => {
      (window as unknown as { nextHumanToken: string }).nextHumanToken = "robot";
    });
    await human.click();
    await page.getByRole("button", { name: "Send OTP" }).click();
    await expect(page.getByText("Failed to send OTP")).toBeVisible();
    await expect(page.getByRole("button", { name: "Verify you are human" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { humanResets: number }).humanResets)).toBe(1);
    expect(new URLSearchParams(siteverify.received[0]?.body).get("response")).toBe("robot");

    // A good token: the code is sent and the code stage opens.
    await page.evaluate(() => {
      (window as unknown as { nextHumanToken: string }).nextHumanToken = "human-ok";
    });
    await page.getByRole("button", { name: "Verify you are human" }).click();
    await page.getByRole("button", { name: "Send OTP" }).click();
    await expect(page.getByLabel("One-time code")).toBeVisible();
    const checked = new URLSearchParams(siteverify.received[1]?.body);
    expect(Object.fromEntries(checked)).toMatchObject({ secret: "sekret-1", response: "human-ok" });
    expect(checked.get("remoteip")).toMatch(/127\.0\.0\.1/);
  } finally {
    await server?.stop();
    await siteverify?.close();
  }
});
