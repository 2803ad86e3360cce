/**
 * The first pages of the reports (ADR 033): counts by status, the matching rules' versions, and
 * the batch's events with every status change (bulk changes of one decision grouped in one line).
 * Each is one aggregate query, so a batch of any size costs the same here.
 */
import { sql } from 'drizzle-orm';
import { REVIEW_STATUSES, type ReviewStatus } from '#shared/review-status';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export type ResultKind = 'exclusions' | 'npi' | 'ssdmf';

export interface StatusCounts {
  /** Result type → status → count. */
  byType: Map<ResultKind, Record<ReviewStatus, number>>;
  /** Rows no search returned anything for. */
  rowsWithoutResults: number;
  /** Rows with at least one result still to review (Needs Review or Under Review). */
  rowsToReview: number;
}

const zero = (): Record<ReviewStatus, number> => Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0])) as Record<ReviewStatus, number>;

export async function statusCounts(db: Db, batchId: number, only?: ResultKind): Promise<StatusCounts> {
  const filter = only ? sql` AND result_type = ${only}` : sql``;
  const rows = await rowsOf<{ result_type: ResultKind; review_status: ReviewStatus; n: number }>(
    db,
    sql`SELECT result_type, review_status, count(*)::int AS n FROM batch_results WHERE batch_id = ${batchId}${filter} GROUP BY 1, 2`,
  );
  const byType = new Map<ResultKind, Record<ReviewStatus, number>>();
  for (const r of rows) {
    const counts = byType.get(r.result_type) ?? zero();
    counts[r.review_status] = r.n;
    byType.set(r.result_type, counts);
  }
  // The SSNs not in the DMF that the chunks keep (ssn-checks.ts): cleared SSDMF results of their rows.
  const withChecks = !only || only === 'ssdmf';
  if (withChecks) {
    const [{ n }] = await rowsOf<{ n: number }>(db, sql`SELECT coalesce(sum(cardinality(ssn_not_found_rows)), 0)::int AS n FROM batch_chunks WHERE batch_id = ${batchId}`);
    if (n > 0) {
      const counts = byType.get('ssdmf') ?? zero();
      counts.CLEARED += n;
      byType.set('ssdmf', counts);
    }
  }
  const checkedRows = withChecks ? sql` AND b.row_index NOT IN (SELECT unnest(c.ssn_not_found_rows) FROM batch_chunks c WHERE c.batch_id = ${batchId} AND c.ssn_not_found_rows IS NOT NULL)` : sql``;
  const [rowFacts] = await rowsOf<{ without: number; open: number }>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM batch_rows b WHERE b.batch_id = ${batchId}
             AND NOT EXISTS (SELECT 1 FROM batch_results r WHERE r.batch_id = b.batch_id AND r.row_index = b.row_index${filter})${checkedRows}) AS without,
          (SELECT count(DISTINCT row_index)::int FROM batch_results WHERE batch_id = ${batchId}${filter} AND review_status IN ('NONCLEARED', 'UNDER_REVIEW')) AS open`,
  );
  return { byType, rowsWithoutResults: rowFacts.without, rowsToReview: rowFacts.open };
}

/** Versions of the matching rules that scored the batch's matches (ADR 027). */
export async function algorithmVersions(db: Db, batchId: number): Promise<string[]> {
  const rows = await rowsOf<{ v: string }>(
    db,
    sql`SELECT DISTINCT explanation->>'algorithmVersion' AS v FROM batch_results WHERE batch_id = ${batchId} AND explanation ? 'algorithmVersion' ORDER BY 1`,
  );
  return rows.map((r) => r.v);
}

export const DECISION_ROWS_NAMED = 5;

/** One decision: the history entries written together (a bulk change is one), with the rows it touched. */
export interface DecisionGroup {
  at: Date;
  userName: string;
  kind: 'change' | 'carried-forward';
  from: ReviewStatus | null;
  to: ReviewStatus;
  note: string | null;
  count: number;
  /** The first rows touched (row numbers and unique ids), at most DECISION_ROWS_NAMED. */
  rows: { rowNumber: number; uniqueId: string | null; check: string }[];
  /** History entries whose result was dropped by a resubmission. */
  earlierRun: number;
}

/** Every status change of the batch, oldest first, grouped by decision. */
export async function decisionGroups(db: Db, batchId: number): Promise<DecisionGroup[]> {
  const rows = await rowsOf<{
    at: Date | string;
    user_name: string;
    kind: 'change' | 'carried-forward';
    from_status: ReviewStatus | null;
    to_status: ReviewStatus;
    note: string | null;
    n: number;
    earlier: number;
    named: { r: number; u: string | null; t: string }[] | null;
  }>(
    db,
    sql`SELECT h.changed_at AS at, h.user_name, h.kind, h.from_status, h.to_status, h.note, count(*)::int AS n,
          count(*) FILTER (WHERE r.id IS NULL)::int AS earlier,
          to_jsonb((array_agg(jsonb_build_object('r', r.row_index + 1, 'u', b.unique_id, 't', r.result_type) ORDER BY r.row_index, r.id) FILTER (WHERE r.id IS NOT NULL))[1:${DECISION_ROWS_NAMED}]) AS named
        FROM review_history h
        LEFT JOIN batch_results r ON r.id = h.result_id
        LEFT JOIN batch_rows b ON b.batch_id = r.batch_id AND b.row_index = r.row_index
        WHERE h.batch_id = ${batchId}
        GROUP BY h.changed_at, h.user_name, h.kind, h.from_status, h.to_status, h.note
        ORDER BY min(h.id)`,
  );
  return rows.map((r) => ({
    at: new Date(r.at),
    userName: r.user_name,
    kind: r.kind,
    from: r.from_status,
    to: r.to_status,
    note: r.note,
    count: r.n,
    earlierRun: r.earlier,
    rows: (r.named ?? []).map((x) => ({ rowNumber: x.r, uniqueId: x.u, check: x.t })),
  }));
}
