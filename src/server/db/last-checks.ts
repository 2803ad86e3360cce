/**
 * The latest check of every list source (ADR 114): what the answers, reports and certificates of
 * every feature read to warn of a stale copy. Beside the schema, not in a feature: lists,
 * interactive, results and monitoring all read it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

export interface LastCheck {
  outcome: string;
  at: Date;
}

/** The latest check of every source (made before `before`, when given), by source. */
export async function lastChecksOf(db: Db, before?: Date): Promise<Map<string, LastCheck>> {
  const rows = await rowsOf<{ source: string; outcome: string; checked_at: Date | string }>(
    db,
    sql`SELECT DISTINCT ON (source) source, outcome, checked_at FROM list_checks
        ${before ? sql`WHERE checked_at <= ${before.toISOString()}::timestamptz` : sql``}
        ORDER BY source, checked_at DESC, id DESC`,
  );
  return new Map(rows.map((r) => [r.source, { outcome: r.outcome, at: new Date(r.checked_at) }]));
}
