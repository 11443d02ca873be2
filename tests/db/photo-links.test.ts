import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { jobs, media, products } from "../../app/db/schema";
import { createLogger } from "../../app/logger.server";
import { readCatalogueCsv } from "../../app/modules/catalog/catalogue-file";
import { writeCatalogue } from "../../app/modules/catalog/catalogue-writer.server";
import { createWorker } from "../../app/modules/jobs/worker.server";
import { fetchPhotoLink, PHOTO_FETCH_JOB } from "../../app/modules/media/photo-links.server";
import { createStore, type Store } from "../../app/modules/store/store.server";
import { createTestDatabase, databaseKinds } from "./test-database";

/**
 * Photos an import names by link (issue 56): fetched once by a job, cleaned as uploads are, and
 * put in place of the link; a link that cannot be fetched is a dead job that says why.
 */
describe.each(databaseKinds)("photos an import names by link on %s", (kind) => {
  let database: Database;
  let shop: Store;
  let server: Server;
  let origin: string;
  const asked: string[] = [];
  let flaky = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    shop = await createStore(database.db, { slug: `links-${kind}`, title: "Link Traders" });
    const jpeg = await sharp({ create: { width: 2600, height: 1300, channels: 3, background: "#d4a017" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Make: "PhoneMaker" } } })
      .toBuffer();
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: "#2a6f3e" } })
      .png()
      .toBuffer();
    server = createServer((request, response) => {
      const path = new URL(request.url ?? "/", "http://fake").pathname;
      asked.push(path);
      if (path === "/haldi.jpg") return response.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
      // The type a server claims is not believed: this PNG is sent as text.
      if (path === "/brand.png") return response.writeHead(200, { "content-type": "text/plain" }).end(png);
      if (path === "/moved.jpg") return response.writeHead(301, { location: "/haldi.jpg?again" }).end();
      if (path === "/page.html")
        return response.writeHead(200, { "content-type": "image/jpeg" }).end("<html>hi</html>");
      if (path === "/busy.jpg") {
        flaky++;
        if (flaky === 1) return response.writeHead(503).end();
        return response.writeHead(200).end(jpeg);
      }
      response.writeHead(404).end("not here");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database?.close();
  });

  const worker = () =>
    createWorker({ db: database.db, log: createLogger("silent"), handlers: { [PHOTO_FETCH_JOB]: fetchPhotoLink } });

  const csv = (rows: string[]) =>
    readCatalogueCsv({
      products: { name: "products.csv", text: ["name,category,brand,sku,mrp,photos", ...rows].join("\n") },
    });

  const photosOf = async (sku: string) => {
    const [row] = await database.db
      .select({ photos: products.photos })
      .from(products)
      .where(and(eq(products.storeId, shop.id), eq(products.sku, sku)));
    return row?.photos ?? [];
  };

  it("fetches each new link once, cleans it and puts the copy in place of the link", async () => {
    const summary = await writeCatalogue(
      database.db,
      shop.id,
      csv([
        `Haldi 1 kg,Spices,,L-1,240,${origin}/haldi.jpg|${origin}/moved.jpg`,
        `Haldi 500 g,Spices,,L-2,130,${origin}/haldi.jpg`,
        `Cups,Disposables,,L-3,90,${origin}/brand.png`,
      ]),
    );
    expect(summary.photosToFetch).toBe(3);
    // Shown from the link until the job has run.
    expect(await photosOf("L-2")).toEqual([`${origin}/haldi.jpg`]);

    const run = worker();
    expect(await run.drain()).toBe(3);
    const [first, second] = await photosOf("L-1");
    expect(first).toMatch(/^\/media\/imported\/[0-9a-f-]{36}\.webp$/);
    expect(second).toMatch(/^\/media\/imported\/[0-9a-f-]{36}\.webp$/);
    expect(second).not.toBe(first);
    expect(await photosOf("L-2")).toEqual([first]);
    expect((await photosOf("L-3"))[0]).toMatch(/^\/media\/imported\//);

    const key = first?.replace("/media/", "") ?? "";
    const [stored] = await database.db
      .select({ bytes: media.bytes, width: media.width, height: media.height, sourceUrl: media.sourceUrl })
      .from(media)
      .where(and(eq(media.storeId, shop.id), eq(media.key, key)));
    expect(stored).toMatchObject({ width: 2000, height: 1000, sourceUrl: `${origin}/haldi.jpg` });
    const meta = await sharp(stored?.bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
  });

  it("uses the copy at once when a link is imported again, without fetching it", async () => {
    const before = asked.length;
    const summary = await writeCatalogue(database.db, shop.id, csv([`Haldi 200 g,Spices,,L-4,60,${origin}/haldi.jpg`]));
    expect(summary.photosToFetch).toBe(0);
    expect(await photosOf("L-4")).toEqual(await photosOf("L-2"));
    expect(await worker().drain()).toBe(0);
    expect(asked.length).toBe(before);
  });

  it("tries an outage again, and gives up at once on a link that cannot work, saying why", async () => {
    await writeCatalogue(
      database.db,
      shop.id,
      csv([`Jeera,Spices,,L-5,90,${origin}/gone.jpg|${origin}/page.html|${origin}/busy.jpg`]),
    );
    const run = worker();
    await run.drain();
    const states = await database.db
      .select({ payload: jobs.payload, state: jobs.state, lastError: jobs.lastError })
      .from(jobs)
      .where(and(eq(jobs.kind, PHOTO_FETCH_JOB), eq(jobs.storeId, shop.id), isNotNull(jobs.lastError)));
    const byLink = new Map(states.map((job) => [(job.payload as { link: string }).link, job]));
    expect(byLink.get(`${origin}/gone.jpg`)).toMatchObject({
      state: "dead",
      lastError: `${origin}/gone.jpg answered 404 Not Found. Check the link in the products file and import it again.`,
    });
    expect(byLink.get(`${origin}/page.html`)?.state).toBe("dead");
    expect(byLink.get(`${origin}/page.html`)?.lastError).toContain("is not a photo the store can read");
    expect(byLink.get(`${origin}/busy.jpg`)).toMatchObject({
      state: "queued",
      lastError: `${origin}/busy.jpg answered 503 Service Unavailable.`,
    });
    // The failed links stay as they were; nothing else of the product changed.
    expect(await photosOf("L-5")).toEqual([`${origin}/gone.jpg`, `${origin}/page.html`, `${origin}/busy.jpg`]);

    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.state, "queued"));
    expect(await run.drain()).toBe(1);
    const photos = await photosOf("L-5");
    expect(photos.slice(0, 2)).toEqual([`${origin}/gone.jpg`, `${origin}/page.html`]);
    // The same picture as haldi.jpg, but a link is its own source: a copy of its own.
    expect(photos[2]).toMatch(/^\/media\/imported\//);
  });

  it("refuses a plain-http link to another machine without asking it", async () => {
    await writeCatalogue(database.db, shop.id, csv(["Rai,Spices,,L-6,50,http://photos.example.in/rai.jpg"]));
    await worker().drain();
    const all = await database.db
      .select({ lastError: jobs.lastError })
      .from(jobs)
      .where(and(eq(jobs.kind, PHOTO_FETCH_JOB), eq(jobs.storeId, shop.id), eq(jobs.state, "dead")));
    expect(all.map((row) => row.lastError)).toContain(
      "http://photos.example.in/rai.jpg: Use an https address (http only to this machine).",
    );
  });
});
