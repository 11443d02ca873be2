import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { auditLog } from "../../app/db/schema";
import { listStaff, resetSecondFactor } from "../../app/modules/console/staff-admin.server";
import {
  confirmEnrolment,
  recoveryCodesLeft,
  SECOND_FACTOR_MESSAGES,
  startEnrolment,
  turnOffSecondFactor,
} from "../../app/modules/staff/second-factor.server";
import {
  addStaff,
  readStaffSession,
  redeemPasswordLink,
  signIn,
  signInWithCode,
} from "../../app/modules/staff/staff.server";
import { createOrderFixture, type OrderFixture } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/** Two-step sign-in for the console (issue 54) on both databases. */
describe.each(databaseKinds)("two-step sign-in on %s", (kind) => {
  let database: Database;
  let fx: OrderFixture;
  const password = "cardamom-and-cloves";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fx = await createOrderFixture(database.db, `second-factor-${kind}`);
  });
  afterAll(() => database.close());

  const codeAt = (secret: string, at: Date) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

  it("asks for a code after the password; a code and a recovery code each work once", async () => {
    const { token } = await addStaff(database.db, fx.store.id, { email: "asha@shop.in", role: "owner" });
    const used = await redeemPasswordLink(database.db, fx.store.id, token, password, "203.0.113.30");
    if (!used.ok) throw new Error(used.error);
    const member = await readStaffSession(database.db, fx.store.id, used.sessionToken);
    if (!member) throw new Error("no member");

    const t0 = new Date(Math.floor(Date.now() / 30_000) * 30_000 + 1_000);
    const { secret, uri } = await startEnrolment(database.db, member, "Annapurna");
    expect(uri).toMatch(
      /^otpauth:\/\/totp\/Annapurna:asha%40shop\.in\?issuer=Annapurna&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/,
    );
    // Until a code proves the app holds the secret, the password alone still signs in.
    expect((await signIn(database.db, fx.store.id, "asha@shop.in", password, "203.0.113.30", t0)).ok).toBe(true);
    expect(await confirmEnrolment(database.db, member.id, "000000", t0)).toEqual({
      ok: false,
      error: SECOND_FACTOR_MESSAGES.wrongCode,
    });
    const confirmed = await confirmEnrolment(database.db, member.id, codeAt(secret, t0), t0);
    if (!confirmed.ok) throw new Error(confirmed.error);
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(confirmed.recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // The password alone now opens nothing.
    const t1 = new Date(t0.getTime() + 30_000);
    const first = await signIn(database.db, fx.store.id, "asha@shop.in", password, "203.0.113.31", t1);
    if (first.ok !== "code") throw new Error("no second step");
    const wrong = await signInWithCode(database.db, fx.store.id, first.challenge, "123456", "203.0.113.31", t1);
    expect(wrong).toEqual({ ok: "code", challenge: first.challenge, error: SECOND_FACTOR_MESSAGES.wrongCode });
    const right = await signInWithCode(
      database.db,
      fx.store.id,
      first.challenge,
      codeAt(secret, t1),
      "203.0.113.31",
      t1,
    );
    expect(right.ok).toBe(true);
    // The challenge is used up, and so is the code: a second sign-in within the same 30 s cannot reuse it.
    expect(
      await signInWithCode(database.db, fx.store.id, first.challenge, codeAt(secret, t1), "203.0.113.31", t1),
    ).toEqual({ ok: false, status: 401, error: SECOND_FACTOR_MESSAGES.expired });
    const again = await signIn(database.db, fx.store.id, "asha@shop.in", password, "203.0.113.31", t1);
    if (again.ok !== "code") throw new Error("no second step");
    expect(
      (await signInWithCode(database.db, fx.store.id, again.challenge, codeAt(secret, t1), "203.0.113.31", t1)).ok,
    ).toBe("code");

    // A recovery code, typed loosely, works once.
    const recovery = (confirmed.recoveryCodes[0] ?? "").toUpperCase().replace("-", " ");
    expect((await signInWithCode(database.db, fx.store.id, again.challenge, recovery, "203.0.113.31", t1)).ok).toBe(
      true,
    );
    expect(await recoveryCodesLeft(database.db, member.id)).toBe(9);
    const third = await signIn(database.db, fx.store.id, "asha@shop.in", password, "203.0.113.31", t1);
    if (third.ok !== "code") throw new Error("no second step");
    expect((await signInWithCode(database.db, fx.store.id, third.challenge, recovery, "203.0.113.31", t1)).ok).toBe(
      "code",
    );

    // A challenge dies after 5 minutes.
    const late = new Date(t1.getTime() + 5 * 60_000 + 1);
    expect(
      await signInWithCode(database.db, fx.store.id, third.challenge, codeAt(secret, late), "203.0.113.31", late),
    ).toEqual({ ok: false, status: 401, error: SECOND_FACTOR_MESSAGES.expired });

    // Turned off with a current code, the password alone signs in again.
    const t2 = new Date(late.getTime() + 30_000);
    expect(await turnOffSecondFactor(database.db, member.id, codeAt(secret, t2), t2)).toEqual({ ok: true });
    expect((await signIn(database.db, fx.store.id, "asha@shop.in", password, "203.0.113.32", t2)).ok).toBe(true);
  });

  it("an owner turns off a member's two-step sign-in, which signs the member out", async () => {
    const owner = await signedIn("meera@shop.in", "owner");
    const packer = await signedIn("ravi@shop.in", "staff");
    const actor = { member: owner.member, ip: "203.0.113.40" };
    expect(await resetSecondFactor(database.db, actor, packer.member.id)).toBe(
      "Two-step sign-in is not on for this account.",
    );
    const now = new Date();
    const { secret } = await startEnrolment(database.db, packer.member, "Annapurna");
    const confirmed = await confirmEnrolment(database.db, packer.member.id, codeAt(secret, now), now);
    if (!confirmed.ok) throw new Error(confirmed.error);
    expect((await listStaff(database.db, fx.store.id)).find((s) => s.id === packer.member.id)?.twoStep).toBe(true);

    expect(await resetSecondFactor(database.db, actor, owner.member.id)).toBe(
      "Turn off your own two-step sign-in on the Security page.",
    );
    expect(await resetSecondFactor(database.db, actor, "00000000-0000-4000-8000-000000000000")).toBe(
      "No such account.",
    );
    expect(await resetSecondFactor(database.db, actor, packer.member.id)).toBeNull();
    expect(await readStaffSession(database.db, fx.store.id, packer.sessionToken)).toBeNull();
    expect(await recoveryCodesLeft(database.db, packer.member.id)).toBe(0);
    expect((await signIn(database.db, fx.store.id, "ravi@shop.in", password, "203.0.113.41")).ok).toBe(true);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, packer.member.id), eq(auditLog.action, "staff.two-step-reset")));
    expect(entry).toMatchObject({ staffId: owner.member.id, before: { twoStep: true }, after: { twoStep: false } });
  });

  async function signedIn(email: string, role: "owner" | "staff") {
    const { token } = await addStaff(database.db, fx.store.id, { email, role });
    const used = await redeemPasswordLink(database.db, fx.store.id, token, password, "203.0.113.30");
    if (!used.ok) throw new Error(used.error);
    const member = await readStaffSession(database.db, fx.store.id, used.sessionToken);
    if (!member) throw new Error("no member");
    return { member, sessionToken: used.sessionToken };
  }
});
