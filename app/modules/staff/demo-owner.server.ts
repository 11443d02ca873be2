import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { staff } from "../../db/schema";
import { hashPassword, verifyPassword } from "./passwords.server";

/**
 * The demo store's owner, so that a fresh `npm start` opens the console at once (README). For
 * local use only: a public deployment refuses to start while this password is unchanged.
 */
export const DEMO_OWNER = { email: "owner@annapurna.example", password: "annapurna-demo-owner", name: "Demo Owner" };

export async function addDemoOwner(db: Db, storeId: string): Promise<void> {
  await db
    .insert(staff)
    .values({
      storeId,
      email: DEMO_OWNER.email,
      name: DEMO_OWNER.name,
      role: "owner",
      passwordHash: await hashPassword(DEMO_OWNER.password),
    })
    .onConflictDoNothing();
}

/** Whether any store still has the demo owner with the demo password. */
export async function demoPasswordInUse(db: Db): Promise<boolean> {
  const rows = await db.select({ hash: staff.passwordHash }).from(staff).where(eq(staff.email, DEMO_OWNER.email));
  for (const row of rows) if (row.hash && (await verifyPassword(DEMO_OWNER.password, row.hash))) return true;
  return false;
}
