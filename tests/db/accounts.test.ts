import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/db/client.server";
import { customers, otpCodes, rateLimits, sessions, smsOutbox } from "../../app/db/schema";
import { makeStore } from "../../app/demo/factories";
import { createLogger } from "../../app/logger.server";
import { listOrders, loadCustomer, ownsOrder, reorder } from "../../app/modules/accounts/account.server";
import { OTP_MESSAGES, OTP_RULES, type OtpDeps, sendCode, verifyCode } from "../../app/modules/accounts/otp.server";
import { ACCOUNT_MESSAGES } from "../../app/modules/accounts/schema";
import {
  createSession,
  readSession,
  revokeSession,
  SESSION_IDLE_MS,
  SESSION_LIFETIME_MS,
} from "../../app/modules/accounts/sessions.server";
import { OutboxSms } from "../../app/modules/accounts/sms.server";
import { placeOrder } from "../../app/modules/orders/place-order.server";
import { runHousekeeping } from "../../app/modules/security/housekeeping.server";
import { createStore, type Store } from "../../app/modules/store/store.server";
import { createOrderFixture, orderRequest } from "./order-fixtures";
import { createTestDatabase, databaseKinds } from "./test-database";

/** Sign-in codes and sessions against the real database: the abuse cases of the accounts issue. */

describe.each(databaseKinds)("sign-in codes and sessions on %s", (kind) => {
  let database: Database;
  let store: Store;
  let other: Store;
  let deps: OtpDeps;
  let phoneSeq = 0;
  /** A fresh phone per test, so limits of one test do not touch another. */
  const newPhone = () => `98${String(70_000_000 + phoneSeq++ * 7919).padStart(8, "0")}`;
  const ip = (n: number) => `203.0.113.${n}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    store = await createStore(database.db, makeStore({ slug: `acct-${kind}`, domains: [] }));
    other = await createStore(database.db, makeStore({ slug: `acct-other-${kind}`, domains: [] }));
    deps = { db: database.db, sms: new OutboxSms(database.db, createLogger("silent")), log: createLogger("silent") };
  });
  afterAll(() => database.close());

  async function lastCode(phone: string): Promise<string> {
    const [row] = await database.db
      .select({ body: smsOutbox.body })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.storeId, store.id), eq(smsOutbox.phone, phone)))
      .orderBy(desc(smsOutbox.createdAt))
      .limit(1);
    const code = /^(\d{6}) /.exec(row?.body ?? "")?.[1];
    if (!code) throw new Error("no code in the outbox");
    return code;
  }

  const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

  it("sends a 6-digit code kept only as a hash, signs in once with it, and links the customer", async () => {
    const phone = newPhone();
    const t0 = new Date();
    expect(await sendCode(deps, store, phone, ip(1), { now: t0 })).toEqual({
      ok: true,
      resendAfterSeconds: 30,
      expiresInSeconds: 600,
    });
    const code = await lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await database.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(stored?.codeHash).not.toContain(code);
    const signedIn = await verifyCode(deps, store.id, phone, code, ip(1), at(t0, 5));
    if (!signedIn.ok) throw new Error(signedIn.error);
    expect(signedIn.token).toMatch(/^[\w-]{43}$/);
    const [customer] = await database.db.select().from(customers).where(eq(customers.id, signedIn.customerId));
    expect(customer?.phone).toBe(phone);
    expect(await readSession(database.db, store.id, signedIn.token, at(t0, 6))).toMatchObject({
      customerId: customer?.id,
    });
    // Single use.
    expect(await verifyCode(deps, store.id, phone, code, ip(1), at(t0, 7))).toMatchObject({
      ok: false,
      error: ACCOUNT_MESSAGES.invalidCode,
    });
  });

  it("refuses an expired code, and a code after 5 wrong tries", async () => {
    const phone = newPhone();
    const t0 = new Date();
    await sendCode(deps, store, phone, ip(2), { now: t0 });
    const code = await lastCode(phone);
    expect(await verifyCode(deps, store.id, phone, code, ip(2), at(t0, OTP_RULES.ttlSeconds + 1))).toEqual({
      ok: false,
      status: 401,
      error: OTP_MESSAGES.expired,
    });

    const t1 = at(t0, 60);
    await sendCode(deps, store, phone, ip(2), { now: t1 });
    const fresh = await lastCode(phone);
    const wrong = fresh === "000000" ? "111111" : "000000";
    for (let i = 0; i < OTP_RULES.maxWrongTries; i++) {
      expect(await verifyCode(deps, store.id, phone, wrong, ip(2), at(t1, i + 1))).toMatchObject({ status: 401 });
    }
    expect(await verifyCode(deps, store.id, phone, fresh, ip(2), at(t1, 10))).toMatchObject({
      ok: false,
      error: ACCOUNT_MESSAGES.invalidCode,
    });
    // An earlier code stops working when a new one is sent.
    const t2 = at(t1, 60);
    await sendCode(deps, store, phone, ip(2), { now: t2 });
    const third = await lastCode(phone);
    await sendCode(deps, store, phone, ip(2), { now: at(t2, 31) });
    expect(await verifyCode(deps, store.id, phone, third, ip(2), at(t2, 32))).toMatchObject({ ok: false });
  });

  it("1,000 wrong codes against one phone from 200 addresses: never signed in, and the customer is not locked out", async () => {
    const phone = newPhone();
    // The start of an hour window, so the whole run stays inside it.
    const t0 = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000);
    await sendCode(deps, store, phone, ip(3), { now: t0 });
    const code = await lastCode(phone);
    let signedIn = 0;
    let refused = 0;
    let tried = 0;
    for (let i = 0; i < 1000; i++) {
      const guess = String(i).padStart(6, "0");
      if (guess === code) continue;
      tried++;
      const outcome = await verifyCode(deps, store.id, phone, guess, ip(10 + (i % 200)), at(t0, 1 + i / 100));
      if (outcome.ok) signedIn++;
      else refused++;
    }
    expect(signedIn).toBe(0);
    expect(refused).toBe(tried);
    // The code died after its 5 wrong tries: even the right one no longer signs in.
    expect(await verifyCode(deps, store.id, phone, code ?? "", ip(3), at(t0, 15))).toMatchObject({ status: 401 });

    // The customer asks for a new code from their own address: it starts a fresh count and signs in.
    const t1 = at(t0, 120);
    expect(await sendCode(deps, store, phone, ip(3), { now: t1 })).toMatchObject({ ok: true });
    expect(await verifyCode(deps, store.id, phone, await lastCode(phone), ip(3), at(t1, 1))).toMatchObject({
      ok: true,
    });
  });

  it("15 checks an hour from one address for one phone lock out that address only, even with the right code", async () => {
    const phone = newPhone();
    const t0 = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000);
    // Three codes, five wrong tries each, from one address: 15 checks.
    for (let round = 0; round < 3; round++) {
      const sentAt = at(t0, round * 40);
      await sendCode(deps, store, phone, ip(7), { now: sentAt });
      const code = await lastCode(phone);
      for (let i = 0; i < OTP_RULES.maxWrongTries; i++) {
        const wrong = code === "000000" ? "111111" : "000000";
        expect(await verifyCode(deps, store.id, phone, wrong, ip(7), at(sentAt, i + 1))).toMatchObject({ status: 401 });
      }
    }
    const t1 = at(t0, 200);
    await sendCode(deps, store, phone, ip(7), { now: t1 });
    const right = await lastCode(phone);
    const locked = await verifyCode(deps, store.id, phone, right, ip(7), at(t1, 1));
    expect(locked).toMatchObject({ ok: false, status: 429 });
    if (locked.ok) throw new Error("signed in while locked out");
    expect(locked.error).toMatch(/^Too many wrong codes\. Please try again in \d+ minutes?\.$/);
    // The same code from the customer's own address signs in.
    expect(await verifyCode(deps, store.id, phone, right, ip(8), at(t1, 2))).toMatchObject({ ok: true });
  });

  it("caps sends per phone and per client address, and says when to try again", async () => {
    const phone = newPhone();
    const t0 = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000);
    expect(await sendCode(deps, store, phone, ip(4), { now: t0 })).toMatchObject({ ok: true });
    expect(await sendCode(deps, store, phone, ip(4), { now: at(t0, 10) })).toEqual({
      ok: false,
      status: 429,
      error: OTP_MESSAGES.wait(20),
      retryAfterSeconds: 20,
    });
    for (let i = 1; i < OTP_RULES.sendsPerPhonePerHour; i++) {
      expect(await sendCode(deps, store, phone, ip(4), { now: at(t0, 31 * i) })).toMatchObject({ ok: true });
    }
    const capped = await sendCode(deps, store, phone, ip(4), { now: at(t0, 31 * OTP_RULES.sendsPerPhonePerHour) });
    expect(capped).toMatchObject({ ok: false, status: 429 });
    if (capped.ok) throw new Error("not capped");
    expect(capped.error).toMatch(/^Too many codes asked for\. Please try again in \d+ minutes?\.$/);

    // One address asking for many phones.
    const flood = ip(250);
    const outcomes = [];
    for (let i = 0; i < OTP_RULES.sendsPerIpPerHour + 3; i++)
      outcomes.push(await sendCode(deps, store, newPhone(), flood, { now: t0 }));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(OTP_RULES.sendsPerIpPerHour);
  });

  it("answers a known and an unknown phone alike", async () => {
    const known = newPhone();
    await database.db.insert(customers).values({ storeId: store.id, phone: known, firstName: "Asha" });
    const unknown = newPhone();
    const t0 = new Date();
    expect(await sendCode(deps, store, known, ip(5), { now: t0 })).toEqual(
      await sendCode(deps, store, unknown, ip(6), { now: t0 }),
    );
    expect(await verifyCode(deps, store.id, known, "999999", ip(5), at(t0, 1))).toEqual(
      await verifyCode(deps, store.id, unknown, "999999", ip(6), at(t0, 1)),
    );
  });

  it("one customer can reach none of another customer's orders", async () => {
    const fx = await createOrderFixture(database.db, `acct-orders-${kind}`);
    const [phoneA, phoneB] = [newPhone(), newPhone()];
    // Both have signed in before (a sign-in makes the phone's customer record).
    await database.db.insert(customers).values([
      { storeId: fx.store.id, phone: phoneA },
      { storeId: fx.store.id, phone: phoneB },
    ]);
    const place = async (phone: string) => {
      const placed = await placeOrder(
        database.db,
        fx.store,
        orderRequest({
          lines: [{ productId: fx.ids.salt, qty: 2 }],
          address: { ...orderRequest({ lines: [{ productId: fx.ids.salt, qty: 1 }] }).address, phone },
        }),
      );
      if (!placed.ok) throw new Error(placed.error);
      return placed.order.orderId;
    };
    const orderA = await place(phoneA);
    const orderB = await place(phoneB);
    const idOf = async (phone: string) => {
      const [row] = await database.db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.storeId, fx.store.id), eq(customers.phone, phone)));
      const customer = row ? await loadCustomer(database.db, fx.store.id, row.id) : null;
      if (!customer) throw new Error("customer missing");
      return customer;
    };
    const a = await idOf(phoneA);
    expect((await listOrders(database.db, fx.store.id, a)).map((o) => o.id)).toEqual([orderA]);
    expect(await ownsOrder(database.db, fx.store.id, a, orderA)).toBe(true);
    expect(await ownsOrder(database.db, fx.store.id, a, orderB)).toBe(false);
    expect(await reorder(database.db, fx.store.id, a, orderB)).toBeNull();
    // Ids that are not UUIDs are answered "not yours", never with a database error.
    for (const bad of ["-".repeat(36), orderA.replace(/-/g, "x"), "' or 1=1 --"]) {
      expect(await ownsOrder(database.db, fx.store.id, a, bad)).toBe(false);
    }
    // The same customer id in another store reaches nothing.
    expect(await listOrders(database.db, store.id, a)).toEqual([]);
    expect(await ownsOrder(database.db, store.id, a, orderA)).toBe(false);
    const again = await reorder(database.db, fx.store.id, a, orderA);
    expect(again?.lines.map((l) => [l.name, l.qty])).toEqual([["Tata Salt 1 kg", 2]]);
  });

  it("sessions: a new token each sign-in, revoked at sign-out, idle and absolute expiry, one store only", async () => {
    const [customer] = await database.db
      .insert(customers)
      .values({ storeId: store.id, phone: newPhone() })
      .returning({ id: customers.id });
    if (!customer) throw new Error("no customer");
    const t0 = new Date();
    const first = await createSession(database.db, store.id, customer.id, t0);
    const second = await createSession(database.db, store.id, customer.id, t0);
    expect(first).not.toBe(second);
    expect(await readSession(database.db, other.id, first, t0)).toBeNull();
    await revokeSession(database.db, first, t0);
    expect(await readSession(database.db, store.id, first, t0)).toBeNull();
    expect(await readSession(database.db, store.id, second, at(t0, 60))).not.toBeNull();
    // Idle for longer than the idle timeout.
    const idle = await createSession(database.db, store.id, customer.id, t0);
    expect(await readSession(database.db, store.id, idle, new Date(t0.getTime() + SESSION_IDLE_MS + 1000))).toBeNull();
    // Active every day, but past the absolute lifetime.
    const busy = await createSession(database.db, store.id, customer.id, t0);
    for (let day = 1; day <= 30; day++) {
      const when = new Date(t0.getTime() + day * 86_400_000 - 1000);
      const alive = await readSession(database.db, store.id, busy, when);
      expect(alive !== null, `day ${day}`).toBe(t0.getTime() + SESSION_LIFETIME_MS > when.getTime());
    }
    expect(await readSession(database.db, store.id, "not-a-token", t0)).toBeNull();
  });

  it("housekeeping deletes passed rate-limit windows, old codes and outbox messages, and dead sessions only", async () => {
    const phone = newPhone();
    const customer = await database.db
      .insert(customers)
      .values({ storeId: store.id, phone, firstName: "Old" })
      .returning({ id: customers.id });
    const customerId = customer[0]?.id ?? "";
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    const live = await createSession(database.db, store.id, customerId);
    const expired = await createSession(database.db, store.id, customerId, days(32));
    const idle = await createSession(database.db, store.id, customerId, days(9));
    const signedOut = await createSession(database.db, store.id, customerId);
    await revokeSession(database.db, signedOut, days(2));
    await database.db.insert(rateLimits).values([
      { key: `hk:${phone}`, windowStart: days(2), count: 9 },
      { key: `hk:${phone}`, windowStart: new Date(), count: 1 },
    ]);
    await database.db.insert(otpCodes).values([
      { storeId: store.id, phone, codeHash: "old", expiresAt: days(2) },
      { storeId: store.id, phone, codeHash: "new", expiresAt: new Date(Date.now() + 600_000) },
    ]);
    await database.db.insert(smsOutbox).values([
      { storeId: store.id, phone, body: "old", createdAt: days(2) },
      { storeId: store.id, phone, body: "new" },
    ]);

    const report = await runHousekeeping(database.db);
    expect(report.rateLimits).toBeGreaterThanOrEqual(1);
    expect(report.sessions).toBeGreaterThanOrEqual(3);
    const left = async <T>(rows: Promise<T[]>) => (await rows).length;
    expect(
      await left(
        database.db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `hk:${phone}`)),
      ),
    ).toBe(1);
    expect(
      (await database.db.select({ h: otpCodes.codeHash }).from(otpCodes).where(eq(otpCodes.phone, phone))).map(
        (r) => r.h,
      ),
    ).toEqual(["new"]);
    expect(
      (await database.db.select({ b: smsOutbox.body }).from(smsOutbox).where(eq(smsOutbox.phone, phone))).map(
        (r) => r.b,
      ),
    ).toEqual(["new"]);
    const sessionsLeft = await database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.customerId, customerId));
    expect(sessionsLeft).toHaveLength(1);
    expect(await readSession(database.db, store.id, live)).not.toBeNull();
    for (const gone of [expired, idle, signedOut]) expect(await readSession(database.db, store.id, gone)).toBeNull();
  });
});
