import { type ChildProcessByStdio, spawn } from "node:child_process";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { invoices } from "../../app/db/schema";
import { makeCheckoutAddress } from "../../app/demo/factories";
import type { Actor } from "../../app/modules/console/fulfilment.server";
import { financialYear } from "../../app/modules/invoices/numbering";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { createFreshDatabase } from "../../scripts/fresh-postgres.mjs";
import { createOrderFixture, orderRequest, staffActor } from "./order-fixtures";

/**
 * Invoice numbers on two processes sharing one PostgreSQL database (issue 58): 100 orders
 * confirmed at once, half by each process, get 100 distinct, consecutive numbers. (PGlite is
 * one process's database; invoices.test.ts confirms 100 at once there.)
 */
describe.skipIf(!process.env.DATABASE_URL)("invoice numbers on two processes", () => {
  it("are consecutive and distinct for 100 orders confirmed at once", { timeout: 120_000 }, async () => {
    const fresh = await createFreshDatabase(process.env.DATABASE_URL ?? "", "mandi_test");
    const database = await openDatabase({ kind: "postgres", url: fresh.url });
    try {
      const fx = await createOrderFixture(database.db, "invoice-processes");
      const { member } = await staffActor(database.db, fx.store.id, "two@shop.in");
      // What the child process needs of the member, as JSON.
      const actor: Actor = {
        member: { id: member.id, email: member.email, storeId: member.storeId },
        ip: "203.0.113.9",
      };
      const orderIds: string[] = [];
      for (let n = 0; n < 100; n++) {
        const outcome = await placeOrder(
          database.db,
          fx.store,
          orderRequest({ lines: [{ productId: fx.ids.salt, qty: 1 }], address: makeCheckoutAddress() }),
        );
        if (!outcome.ok) throw new Error(outcome.error);
        orderIds.push(outcome.order.orderId);
      }

      const spawnConfirmer = (ids: string[]) =>
        spawn(
          process.execPath,
          [
            "--import",
            "tsx",
            path.join(import.meta.dirname, "processes/confirm-orders.ts"),
            fresh.url,
            JSON.stringify(actor),
            ids.join(","),
          ],
          { stdio: ["pipe", "pipe", "inherit"] },
        );
      const said = (child: ChildProcessByStdio<Writable, Readable, null>, pattern: RegExp) =>
        new Promise<string>((resolve, reject) => {
          let output = "";
          child.stdout.on("data", (chunk: Buffer) => {
            output += chunk.toString();
            const match = pattern.exec(output);
            if (match) resolve(match[1] ?? match[0]);
          });
          child.once("exit", (code) => reject(new Error(`a confirmer exited (${code}): ${output}`)));
        });
      // Interleaved, so that neither process has a run of its own.
      const children = [
        spawnConfirmer(orderIds.filter((_, index) => index % 2 === 0)),
        spawnConfirmer(orderIds.filter((_, index) => index % 2 === 1)),
      ];
      await Promise.all(children.map((child) => said(child, /ready/)));
      const confirmed = children.map((child) => said(child, /confirmed (\d+)/));
      for (const child of children) child.stdin.write("go\n");
      expect(await Promise.all(confirmed)).toEqual(["50", "50"]);

      const rows = await database.db
        .select({ sequence: invoices.sequence, number: invoices.number, orderId: invoices.orderId })
        .from(invoices)
        .where(and(eq(invoices.storeId, fx.store.id), eq(invoices.kind, "invoice")))
        .orderBy(invoices.sequence);
      expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
      expect(new Set(rows.map((row) => row.number)).size).toBe(100);
      expect(new Set(rows.map((row) => row.orderId))).toEqual(new Set(orderIds));
      expect(rows.at(-1)?.number).toBe(`ANN/${financialYear(new Date()).label}/000100`);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});
