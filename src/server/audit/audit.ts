/** The append-only audit log: logins, failures, role changes, review decisions, admin actions. */
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  action: string;
  actorUserId?: number | null;
  actorUsername?: string | null;
  clientId?: number | null;
  target?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? null,
    actorUsername: entry.actorUsername ?? null,
    clientId: entry.clientId ?? null,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}
