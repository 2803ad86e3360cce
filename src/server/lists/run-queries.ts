/** SQL of list check runs (ADR 049): one open run per source, its progress, its end. */
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { ListRun } from '#shared/lists-admin';
import type { Db } from '../db/client';
import { listRuns } from '../db/schema';

export type ListRunRow = typeof listRuns.$inferSelect;

/** A run queued or running this long is taken as abandoned (its process died past every retry). */
export const ABANDONED_AFTER_MS = 12 * 60 * 60 * 1000;

/** Opens a run for the source, or answers the one already open (`isJoined`). */
export async function openRun(db: Db, source: string, trigger: string, requestedBy: string | null, now: Date): Promise<{ run: ListRunRow; isJoined: boolean }> {
  await db
    .update(listRuns)
    .set({ status: 'done', outcome: 'failed', error: 'The check was interrupted (its process stopped).', finishedAt: now })
    .where(and(eq(listRuns.source, source), ne(listRuns.status, 'done'), lt(listRuns.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS))));
  const inserted = (await db.execute(sql`INSERT INTO list_runs (source, status, trigger, requested_by, created_at)
    VALUES (${source}, 'queued', ${trigger}, ${requestedBy}, ${now.toISOString()}) ON CONFLICT (source) WHERE status <> 'done' DO NOTHING RETURNING id`)) as unknown as {
    rows: { id: number }[];
  };
  const id = inserted.rows[0]?.id;
  if (id !== undefined) return { run: (await findRun(db, Number(id)))!, isJoined: false };
  const [open] = await db.select().from(listRuns).where(and(eq(listRuns.source, source), ne(listRuns.status, 'done')));
  if (!open) return openRun(db, source, trigger, requestedBy, now); // it ended in between
  return { run: open, isJoined: true };
}

export async function findRun(db: Db, id: number): Promise<ListRunRow | null> {
  const [row] = await db.select().from(listRuns).where(eq(listRuns.id, id));
  return row ?? null;
}

export async function updateRun(db: Db, id: number, values: Partial<typeof listRuns.$inferInsert>): Promise<void> {
  await db.update(listRuns).set(values).where(eq(listRuns.id, id));
}

/** The latest run of every source (the open one when there is one: it is the latest). */
export async function latestRuns(db: Db): Promise<Map<string, ListRunRow>> {
  const rows = (await db.execute(sql`SELECT DISTINCT ON (source) id FROM list_runs ORDER BY source, id DESC`)) as unknown as { rows: { id: number }[] };
  const ids = rows.rows.map((r) => Number(r.id));
  if (ids.length === 0) return new Map();
  const runs = await db.select().from(listRuns).where(sql`${listRuns.id} IN (${sql.join(ids, sql`, `)})`).orderBy(desc(listRuns.id));
  return new Map(runs.map((r) => [r.source, r]));
}

export function toListRun(row: ListRunRow): ListRun {
  return {
    id: row.id,
    source: row.source,
    status: row.status as ListRun['status'],
    stage: (row.stage as ListRun['stage']) ?? null,
    bytes: row.bytes,
    totalBytes: row.totalBytes ?? null,
    rows: row.rows,
    outcome: (row.outcome as ListRun['outcome']) ?? null,
    error: row.error ?? null,
    trigger: row.trigger,
    requestedBy: row.requestedBy ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
