import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { transactionWithRetry } from "../../db/errors.server";
import { staff } from "../../db/schema";
import { clearSecondFactor } from "../staff/second-factor.server";
import { addStaff, newPasswordLink, revokeAllSessions } from "../staff/staff.server";
import type { Actor } from "./fulfilment.server";
import { writeAudit } from "./fulfilment.server";

/** The owner's page of staff (issue 54): who can sign in, invitations by one-time link, switching off. */

export async function listStaff(db: Db, storeId: string) {
  const rows = await db.select().from(staff).where(eq(staff.storeId, storeId)).orderBy(asc(staff.createdAt));
  return rows.map((s) => ({
    id: s.id,
    email: s.email,
    name: s.name,
    role: s.role,
    active: s.active,
    invited: s.passwordHash === null,
    twoStep: s.totpEnabledAt !== null,
    lastSignInAt: s.lastSignInAt?.toISOString() ?? null,
  }));
}

export async function inviteStaff(
  db: Db,
  actor: Actor,
  input: { email: string; name: string; role: "owner" | "staff" },
): Promise<string> {
  const { staffId, token } = await addStaff(db, actor.member.storeId, input);
  await transactionWithRetry(db, (tx) =>
    writeAudit(tx, actor, { action: "staff.invite", entity: "staff", entityId: staffId, before: null, after: input }),
  );
  return token;
}

export async function newLinkFor(db: Db, actor: Actor, staffId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.storeId, actor.member.storeId)));
  if (!row) return null;
  return newPasswordLink(db, row.id);
}

/** Switches an account off (its sessions end at once) or on again; never the owner's own. */
export async function setActive(db: Db, actor: Actor, staffId: string, active: boolean): Promise<string | null> {
  if (staffId === actor.member.id) return "You cannot switch off your own account.";
  return transactionWithRetry(db, async (tx) => {
    const [row] = await tx
      .update(staff)
      .set({ active })
      .where(and(eq(staff.id, staffId), eq(staff.storeId, actor.member.storeId)))
      .returning({ id: staff.id });
    if (!row) return "No such account.";
    await writeAudit(tx, actor, {
      action: active ? "staff.activate" : "staff.deactivate",
      entity: "staff",
      entityId: staffId,
      before: { active: !active },
      after: { active },
    });
    if (!active) await revokeAllSessions(tx, staffId);
    return null;
  });
}

/**
 * Makes another member an owner or staff. Never one's own role, so the owner who asks stays an
 * owner and a store is never left without one; the other owners' rows are locked while it is
 * checked, so two owners demoting each other at once cannot both succeed.
 */
export async function setRole(db: Db, actor: Actor, staffId: string, role: "owner" | "staff"): Promise<string | null> {
  if (staffId === actor.member.id) return "You cannot change your own role: ask another owner.";
  return transactionWithRetry(db, async (tx) => {
    const owners = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.storeId, actor.member.storeId), eq(staff.role, "owner"), eq(staff.active, true)))
      .orderBy(asc(staff.id))
      .for("update");
    const [row] = await tx
      .select({ role: staff.role })
      .from(staff)
      .where(and(eq(staff.id, staffId), eq(staff.storeId, actor.member.storeId)))
      .for("update");
    if (!row) return "No such account.";
    if (row.role === role) return null;
    if (role === "staff" && owners.filter((owner) => owner.id !== staffId).length === 0) {
      return "A store needs an owner: make someone else an owner first.";
    }
    await tx.update(staff).set({ role }).where(eq(staff.id, staffId));
    await writeAudit(tx, actor, {
      action: "staff.role",
      entity: "staff",
      entityId: staffId,
      before: { role: row.role },
      after: { role },
    });
    return null;
  });
}

/**
 * Turns off another member's two-step sign-in, for one who lost their phone and recovery
 * codes. Their sessions end too: whoever holds the phone may hold a session. They sign in
 * again with their password and may set up a new authenticator. Never the owner's own (the
 * Security page asks for a code for that).
 */
export async function resetSecondFactor(db: Db, actor: Actor, staffId: string): Promise<string | null> {
  if (staffId === actor.member.id) return "Turn off your own two-step sign-in on the Security page.";
  return transactionWithRetry(db, async (tx) => {
    const [row] = await tx
      .select({ enabledAt: staff.totpEnabledAt })
      .from(staff)
      .where(and(eq(staff.id, staffId), eq(staff.storeId, actor.member.storeId)))
      .for("update");
    if (!row) return "No such account.";
    if (!row.enabledAt) return "Two-step sign-in is not on for this account.";
    await clearSecondFactor(tx, staffId);
    await revokeAllSessions(tx, staffId);
    await writeAudit(tx, actor, {
      action: "staff.two-step-reset",
      entity: "staff",
      entityId: staffId,
      before: { twoStep: true },
      after: { twoStep: false },
    });
    return null;
  });
}
