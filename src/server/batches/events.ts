/**
 * The batch's own events (issue 14): who submitted, cancelled, resubmitted it and when, and
 * what the workers did with it. Append-only; the audit report lists them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export type BatchEventKind = 'uploaded' | 'submitted' | 'cancel-requested' | 'cancelled' | 'resubmitted' | 'completed' | 'failed' | 'removed' | 'npi-rechecked' | 'chunks-retried' | 'rescreened';

/** The name events carry when the system acted. */
export const SYSTEM_ACTOR = 'Clearlist';

export interface BatchEvent {
  id: number;
  kind: BatchEventKind;
  userName: string;
  at: Date;
  details: Record<string, unknown>;
}

/** Records one event; `userId` null for the system. The user's name is read when it happens. */
export async function recordBatchEvent(
  db: Db,
  e: { batchId: number; clientId: number; kind: BatchEventKind; userId: number | null; at: Date; details?: Record<string, unknown> },
): Promise<void> {
  const name = e.userId === null ? sql`${SYSTEM_ACTOR}` : sql`coalesce((SELECT nullif(trim(first_name || ' ' || last_name), '') FROM users WHERE id = ${e.userId}), (SELECT username FROM users WHERE id = ${e.userId}), '')`;
  await db.execute(sql`INSERT INTO batch_events (batch_id, client_id, kind, user_id, user_name, at, details)
    VALUES (${e.batchId}, ${e.clientId}, ${e.kind}, ${e.userId}, ${name}, ${e.at.toISOString()}::timestamptz, ${JSON.stringify(e.details ?? {})}::jsonb)`);
}

/** A batch's events, oldest first. */
export async function batchEventsOf(db: Db, batchId: number): Promise<BatchEvent[]> {
  const rows = await rowsOf<{ id: number; kind: BatchEventKind; user_name: string; at: Date | string; details: Record<string, unknown> }>(
    db,
    sql`SELECT id::int AS id, kind, user_name, at, details FROM batch_events WHERE batch_id = ${batchId} ORDER BY at, id`,
  );
  return rows.map((r) => ({ id: r.id, kind: r.kind, userName: r.user_name, at: new Date(r.at), details: r.details ?? {} }));
}

/** When the batch was first submitted: a resubmission moves `submittedAt`, never this. */
export function firstSubmittedAt(events: readonly BatchEvent[]): Date | null {
  return events.find((e) => e.kind === 'submitted')?.at ?? null;
}
