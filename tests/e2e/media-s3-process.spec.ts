import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import S3rver from "s3rver";
import sharp from "sharp";
import { OWNER } from "./helpers/console";
import { type ServerProcess, startServerProcess } from "./helpers/server-process";

const PORT = 3352;

/** Every file under a folder, by its path relative to it. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/**
 * MEDIA_STORAGE=s3 (issue 56, ADR 0066): a logo uploaded in the console goes to the bucket, and
 * the store serves it from there at every width, while the demo's own pictures stay where they
 * were. s3rver stands where MinIO or AWS S3 would: it speaks the same HTTP API.
 */
test("with MEDIA_STORAGE=s3 an uploaded logo is kept in the bucket and served from it", async ({ page }) => {
  test.setTimeout(180_000);
  const folder = mkdtempSync(path.join(tmpdir(), "mandi-s3-"));
  const s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: folder,
    configureBuckets: [{ name: "shop-media", configs: [] }],
  });
  const { port } = await s3.run();
  let server: ServerProcess | null = null;
  try {
    server = await startServerProcess(
      PORT,
      {
        MEDIA_STORAGE: "s3",
        S3_BUCKET: "shop-media",
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      },
      "mandi_media_s3",
    );
    await page.goto(`${server.url}/admin/branding`);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Branding" })).toBeVisible();

    const logo = await sharp({ create: { width: 600, height: 200, channels: 3, background: "#7c2d12" } })
      .png()
      .toBuffer();
    await page.getByLabel("Upload a logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await page.getByRole("button", { name: "Save branding" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved. The store shows it now.");

    const src = (await page.getByRole("img", { name: "The logo now" }).getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/media\/branding\/[0-9a-f-]{36}\.webp\?w=160$/);
    const stored = filesUnder(path.join(folder, "shop-media"));
    expect(stored.some((file) => file.includes(src.slice("/media/".length, src.indexOf("?"))))).toBe(true);

    for (const address of [src, src.slice(0, src.indexOf("?"))]) {
      const answer = await page.request.get(`${server.url}${address}`);
      expect(answer.status(), address).toBe(200);
      expect(answer.headers()["content-type"]).toBe("image/webp");
    }
    // The demo's pictures, saved before, are still served from the database.
    const demo = await page.request.get(`${server.url}/media/demo/favicon.svg`);
    expect(demo.status()).toBe(200);
  } finally {
    await server?.stop();
    await s3.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
