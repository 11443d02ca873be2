import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import type { Actor } from "../../app/modules/console/fulfilment.server";
import { listStaff, setRole } from "../../app/modules/console/staff-admin.server";
import { createOrderFixture, type OrderFixture, staffActor } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/** Owners change other members' roles (issue 56); a store is never left without an owner. */
describe.each(databaseKinds)("staff roles on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;

  const member = (email: string, role: "owner" | "staff"): Promise<Actor> =>
    staffActor(database.db, fx.store.id, email, role);
  const roleOf = async (id: string) => (await listStaff(database.db, fx.store.id)).find((s) => s.id === id)?.role;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `roles-${kind}`);
  });
  afterAll(() => database.close());

  it("makes staff an owner and back, never one's own role, and keeps an owner", async () => {
    const asha = await member(`asha-${kind}@shop.in`, "owner");
    const ravi = await member(`ravi-${kind}@shop.in`, "staff");
    expect(await setRole(database.db, asha, ravi.member.id, "owner")).toBeNull();
    expect(await roleOf(ravi.member.id)).toBe("owner");
    expect(await setRole(database.db, asha, asha.member.id, "staff")).toBe(
      "You cannot change your own role: ask another owner.",
    );
    // Two owners demoting each other at once: one of them stays an owner.
    const outcomes = await Promise.all([
      setRole(database.db, asha, ravi.member.id, "staff"),
      setRole(database.db, ravi, asha.member.id, "staff"),
    ]);
    const roles = [await roleOf(asha.member.id), await roleOf(ravi.member.id)];
    expect(roles.filter((role) => role === "owner")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(1);
    expect(outcomes).toContain("A store needs an owner: make someone else an owner first.");
  });
});
