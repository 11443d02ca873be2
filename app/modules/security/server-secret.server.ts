import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { serverSecrets } from "../../db/schema";

const SIGNING_KEY = "signing-key";

/**
 * The key that signs anti-forgery tokens (issue 53). APP_SECRET when it is set; otherwise one
 * made at the installation's first start and kept in the database, so every process on one
 * database signs and checks with the same key, and a restart does not void the browsers'
 * tokens. Whoever can read the database can read it, as they could read the sessions' table.
 */
export async function loadSigningKey(db: Db, appSecret?: string): Promise<Buffer> {
  if (appSecret) return createHash("sha256").update(`mandi:${appSecret}`).digest();
  await db
    .insert(serverSecrets)
    .values({ name: SIGNING_KEY, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SIGNING_KEY));
  if (!row) throw new Error("the signing key could not be stored");
  return Buffer.from(row.value, "base64url");
}
