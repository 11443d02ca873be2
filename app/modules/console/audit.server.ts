import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.server";
import { auditLog } from "../../db/schema";
import type { AuditFilters } from "./audit-filters";
import { afterCursor, exactTime } from "./cursor.server";

/**
 * The audit log as its own page for owners (issue 54): every change made in the console, newest
 * first, by what it changed (orders, products, staff, settings) and by who, a page at a time by
 * cursor (time and id).
 */

export const AUDIT_PAGE = 100;
export async function listAudit(db: Db, storeId: string, filters: AuditFilters) {
  const conditions: SQL[] = [eq(auditLog.storeId, storeId)];
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
  if (filters.who) conditions.push(eq(auditLog.staffEmail, filters.who));
  const after = filters.after ? afterCursor(filters.after, auditLog.createdAt, auditLog.id) : null;
  if (after) conditions.push(after);
  const found = await db
    .select({ entry: auditLog, at: exactTime(auditLog.createdAt) })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE + 1);
  const rows = found.slice(0, AUDIT_PAGE).map(({ entry: a }) => ({
    id: a.id,
    at: a.createdAt.toISOString(),
    who: a.staffEmail,
    action: a.action,
    entity: a.entity,
    entityId: a.entityId,
    ip: a.ip,
    before: a.before as Record<string, unknown> | null,
    after: a.after as Record<string, unknown> | null,
  }));
  const last = found[AUDIT_PAGE - 1];
  return { rows, next: found.length > AUDIT_PAGE && last ? `${last.at}_${last.entry.id}` : null };
}
