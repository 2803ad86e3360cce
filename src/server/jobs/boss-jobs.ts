/**
 * SQL on pg-boss's own job table for what its API does not offer (ADR 038): giving a fetched
 * job back untouched while the queue is paused, re-prioritising and cancelling a batch's
 * queued jobs. States below 'active' (created, retry) are the ones still waiting.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const WAITING = sql`state < 'active'`;

/** Puts a job this process fetched back to waiting, keeping its place (priority, created_on). */
export async function giveBackJob(db: Db, jobId: string): Promise<void> {
  await db.execute(sql`UPDATE pgboss.job SET state = 'created', started_on = NULL, start_after = now() WHERE id = ${jobId}::uuid AND state = 'active'`);
}

/** Sets the priority of a batch's waiting jobs of the given queues; answers how many moved. */
export async function prioritizeBatchJobs(db: Db, names: readonly string[], batchId: number, priority: number): Promise<number> {
  const res = (await db.execute(
    sql`UPDATE pgboss.job SET priority = ${priority} WHERE name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)}) AND ${WAITING} AND (data->>'batchId')::int = ${batchId} RETURNING id`,
  )) as unknown as { rows: unknown[] };
  return res.rows.length;
}

/** Cancels a batch's waiting jobs of the given queues (running ones see the batch cancelled). */
export async function cancelBatchJobs(db: Db, names: readonly string[], batchId: number): Promise<number> {
  const res = (await db.execute(
    sql`UPDATE pgboss.job SET state = 'cancelled', completed_on = now() WHERE name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)}) AND ${WAITING} AND (data->>'batchId')::int = ${batchId} RETURNING id`,
  )) as unknown as { rows: unknown[] };
  return res.rows.length;
}

/** Waiting jobs per batch id of the given queues (the page's check that the queue holds them). */
export async function waitingJobsByBatch(db: Db, names: readonly string[]): Promise<Map<number, number>> {
  const res = (await db.execute(
    sql`SELECT (data->>'batchId')::int AS batch_id, count(*)::int AS n FROM pgboss.job WHERE name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)}) AND ${WAITING} GROUP BY 1`,
  )) as unknown as { rows: { batch_id: number; n: number }[] };
  return new Map(res.rows.map((r) => [Number(r.batch_id), Number(r.n)]));
}

/** Batch ids of the given queues' jobs a worker is running now. */
export async function activeJobsByBatch(db: Db, names: readonly string[]): Promise<Set<number>> {
  const res = (await db.execute(
    sql`SELECT DISTINCT (data->>'batchId')::int AS batch_id FROM pgboss.job WHERE name IN (${sql.join(names.map((n) => sql`${n}`), sql`, `)}) AND state = 'active'`,
  )) as unknown as { rows: { batch_id: number }[] };
  return new Set(res.rows.map((r) => Number(r.batch_id)));
}

/** Of the given job ids, those still active, with their queue names. */
export async function activeJobsAmong(db: Db, jobIds: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (jobIds.length === 0) return [];
  const res = (await db.execute(
    sql`SELECT id::text AS id, name FROM pgboss.job WHERE id IN (${sql.join(jobIds.map((id) => sql`${id}::uuid`), sql`, `)}) AND state = 'active'`,
  )) as unknown as { rows: { id: string; name: string }[] };
  return res.rows;
}

/**
 * The chunk indexes of a batch whose jobs of this queue are waiting or running (a batch job run
 * again queues the others, ADR 091); with `waitingOnly`, those waiting (a process starting on the
 * embedded database: every running job there was its dead predecessor's).
 */
export async function liveChunkJobs(db: Db, name: string, batchId: number, waitingOnly = false): Promise<Set<number>> {
  const res = (await db.execute(
    sql`SELECT (data->>'chunkIndex')::int AS chunk_index FROM pgboss.job WHERE name = ${name} AND ${waitingOnly ? WAITING : sql`state <= 'active'`} AND (data->>'batchId')::int = ${batchId}`,
  )) as unknown as { rows: { chunk_index: number }[] };
  return new Set(res.rows.map((r) => Number(r.chunk_index)));
}
