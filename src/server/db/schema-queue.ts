/** The processes that run jobs, each beating its heartbeat here (ADR 038). */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const queueWorkers = pgTable('queue_workers', {
  /** host:pid:random, fixed for the life of the process. */
  id: text('id').primaryKey(),
  /** server (clearlist serve running jobs in process) | worker (clearlist worker) */
  kind: text('kind').notNull(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
  /** The jobs it runs at the beat: [{ name, batchId?, chunkIndex?, since }]. */
  running: jsonb('running').notNull().default(sql`'[]'::jsonb`),
});
