/** The audit log page's filters as the address carries them: what changed, and who changed it. */

export const AUDIT_ENTITIES = ["order", "product", "setting", "staff", "job", "quote", "backup"] as const;

export interface AuditFilters {
  entity: (typeof AUDIT_ENTITIES)[number] | null;
  who: string;
  after: string | null;
}

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const entity = params.get("entity");
  const after = params.get("after");
  return {
    entity: AUDIT_ENTITIES.find((e) => e === entity) ?? null,
    who: (params.get("who") ?? "").trim().toLowerCase().slice(0, 254),
    after: after && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z_[0-9a-f-]{36}$/.test(after) ? after : null,
  };
}
