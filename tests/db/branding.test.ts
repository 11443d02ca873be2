import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { auditLog } from "../../app/db/schema";
import { readBranding, saveBranding, storedBrandingFields } from "../../app/modules/console/branding.server";
import { parseBrandingForm } from "../../app/modules/console/branding-form";
import type { Actor } from "../../app/modules/console/fulfilment.server";
import { CATALOGUE_CHANNEL } from "../../server/page-cache";
import { createOrderFixture, type OrderFixture, staffActor } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/** The store's branding saved from the console (issue 56): audited, and announced to every process. */
describe.each(databaseKinds)("branding on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  let owner: Actor;
  const heard: string[] = [];
  let stop: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `branding-${kind}`);
    owner = await staffActor(database.db, fx.store.id, `branding-${kind}@shop.in`);
    const listening = await database.listen(CATALOGUE_CHANNEL, {
      onNotify: (payload) => heard.push(payload),
      onHearing: () => {},
    });
    stop = listening.stop;
  });
  afterAll(async () => {
    await stop();
    await database.close();
  });

  it("saves the whole form, keeps the before and after in the audit log, and tells every process", async () => {
    const before = await readBranding(database.db, fx.store.id);
    const fields = storedBrandingFields(before);
    fields.primaryColor = "#7c2d12";
    fields.font = "Mukta";
    fields.tagline = "Kitchens stocked since 1998";
    fields.roundedButtons = "";
    fields.bannerImage = ["/media/banners/diwali.webp"];
    fields.bannerAlt = ["Diwali sweets and dry fruit, 10% off"];
    fields.bannerHeading = ["Diwali orders open"];
    fields.bannerText = [""];
    fields.bannerButton = ["Order for Diwali"];
    fields.bannerHref = ["/products?category=dry-fruits"];
    fields.bannerFrom = ["2026-10-20"];
    fields.bannerTo = ["2026-11-08"];
    const parsed = parseBrandingForm(fields);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fields));

    const heardBefore = heard.length;
    expect(await saveBranding(database.db, owner, parsed.value, fields.version)).not.toBeNull();
    for (let waited = 0; heard.length === heardBefore && waited < 1_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // An empty payload is "anything may have changed": every process drops its store and pages.
    expect(heard.slice(heardBefore)).toContain("");

    const saved = await readBranding(database.db, fx.store.id);
    expect(saved).toMatchObject({ primaryColor: "#7c2d12", font: "Mukta", roundedButtons: false });
    expect(saved.banners).toEqual([
      {
        image: "/media/banners/diwali.webp",
        alt: "Diwali sweets and dry fruit, 10% off",
        heading: "Diwali orders open",
        text: "",
        button: "Order for Diwali",
        href: "/products?category=dry-fruits",
        from: "2026-10-20",
        to: "2026-11-08",
      },
    ]);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.storeId, fx.store.id), eq(auditLog.action, "settings.branding")));
    expect(entry?.staffEmail).toBe(`branding-${kind}@shop.in`);
    expect(entry?.before).toMatchObject({ primaryColor: before.primaryColor });
    expect(entry?.after).toMatchObject({ primaryColor: "#7c2d12", tagline: "Kitchens stocked since 1998" });
  });

  it("refuses a form opened before a colleague's save, writing nothing", async () => {
    const opened = storedBrandingFields(await readBranding(database.db, fx.store.id));
    const theirs = parseBrandingForm({ ...opened, tagline: "Their tagline" });
    const mine = parseBrandingForm({ ...opened, tagline: "My tagline" });
    if (!theirs.ok || !mine.ok) throw new Error("the forms should be right");
    const saved = await saveBranding(database.db, owner, theirs.value, opened.version);
    if (!saved) throw new Error("the first save should be written");
    expect(saved.tagline).toBe("Their tagline");
    expect(await saveBranding(database.db, owner, mine.value, opened.version)).toBeNull();
    expect((await readBranding(database.db, fx.store.id)).tagline).toBe("Their tagline");
    // The answer of a save carries the new version: saving again from it works.
    const next = storedBrandingFields(saved);
    expect(await saveBranding(database.db, owner, mine.value, next.version)).not.toBeNull();
  });
});
