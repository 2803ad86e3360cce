/** Reads the audit log back as the "History" of one user, team or client. */
import { and, desc, eq } from 'drizzle-orm';
import { AuditValueSchema, type AuditValue, type HistoryEntry } from '#shared/admin';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

/** Audit targets of the admin pages: one string per thing changed. */
export const target = {
  user: (id: number) => `user:${id}`,
  team: (id: number) => `team:${id}`,
  client: (id: number) => `client:${id}`,
};

/** Entries about `targetKey` within the client, newest first. */
export async function listHistory(db: Db, targetKey: string, clientId: number): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, targetKey), eq(auditLog.clientId, clientId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(200);
  return rows.map((row) => {
    const details = row.details as { from?: unknown; to?: unknown };
    return {
      id: row.id,
      at: row.at.toISOString(),
      actorUsername: row.actorUsername,
      action: row.action,
      from: asValue(details.from),
      to: asValue(details.to),
    };
  });
}

function asValue(value: unknown): AuditValue {
  const parsed = AuditValueSchema.safeParse(value ?? null);
  return parsed.success ? parsed.data : JSON.stringify(value);
}
