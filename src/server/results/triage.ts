/**
 * Triage of the Exclusions tab (issue 14, ADR 032): the summary bar's counts, how many records
 * a filter matches, and one status change of all of them. The filter is resolved here, over
 * the batch's facets, never sent as a list of ids.
 */
import { eq } from 'drizzle-orm';
import { REVIEW_MESSAGES } from '#shared/results';
import { TRIAGE_MESSAGES, type BulkByFilterResponse, type ResultsSummary } from '#shared/results-triage';
import type { ReviewStatus } from '#shared/review-status';
import type { AppContext } from '../app-context';
import type { BatchRow } from '../batches/public';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import { matchAndOrder, type ExclusionFilter } from './exclusion-groups';
import { facetsOf, lastHistoryId, patchFacets } from './facets';
import { sourceName } from './record-views';
import { lockResults, writeStatusChange } from './review-queries';
import type { Reviewer } from './review';

/** Records written per statement: keeps each INSERT well under the database's parameter limit. */
const WRITE_CHUNK = 1000;

/** Counts of the summary bar, from the facets (current after every change). */
export async function resultsSummary(db: Db, batch: BatchRow): Promise<ResultsSummary> {
  const facets = await facetsOf(db, batch, 'exclusions');
  const byStatus = { NONCLEARED: 0, UNDER_REVIEW: 0, HISTORICAL_MATCH: 0, CLEARED: 0 };
  const bySource = new Map<string, number>();
  const rows = new Set<number>();
  for (const f of facets) {
    byStatus[f.status] += 1;
    bySource.set(f.source ?? '', (bySource.get(f.source ?? '') ?? 0) + 1);
    rows.add(f.rowIndex);
  }
  return {
    rowsScreened: batch.recordCount,
    rowsWithFindings: rows.size,
    byStatus,
    bySource: [...bySource].map(([source, count]) => ({ source, name: sourceName(source) || 'Unknown', count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    toReview: batch.toReview,
    reviewThreshold: batch.reviewThreshold,
  };
}

/** Ids of the exclusion records a filter matches (every page of it). */
export async function idsMatching(db: Db, batch: BatchRow, filter: ExclusionFilter): Promise<number[]> {
  return matchAndOrder(await facetsOf(db, batch, 'exclusions'), filter, 'name', 'ASC').flatMap((g) => g.shown.map((f) => f.id));
}

/**
 * Sets every record the filter matches to the new status, with one note: one history and one
 * audit entry per record changed, as a change by ids. Refused when the filter no longer
 * matches the number of records the person confirmed.
 */
export async function changeByFilter(
  ctx: AppContext,
  reviewer: Reviewer,
  batch: BatchRow,
  input: { filter: ExclusionFilter; expectedCount: number; newStatus: ReviewStatus; comment: string },
): Promise<BulkByFilterResponse> {
  if (batch.status !== 'Completed') throw new AppError('CONFLICT', REVIEW_MESSAGES.batchNotReady);
  const [user] = await ctx.db.select({ username: users.username, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, reviewer.userId));
  if (!user) throw notFound('The user');
  const ids = await idsMatching(ctx.db, batch, input.filter);
  if (ids.length !== input.expectedCount) throw new AppError('CONFLICT', TRIAGE_MESSAGES.countChanged);
  const note = input.comment.trim() || null;
  const historyBefore = await lastHistoryId(ctx.db, batch.id);
  let changed: number[] = [];
  await ctx.db.transaction(async (tx) => {
    const current = await lockResults(tx as never, batch.id, 'exclusions', ids);
    const targets = current.filter((r) => r.review_status !== input.newStatus).map((r) => ({ id: r.id, from: r.review_status }));
    changed = targets.map((t) => t.id);
    const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
    for (let i = 0; i < targets.length; i += WRITE_CHUNK) {
      await writeStatusChange(tx as never, {
        clientId: batch.clientId,
        batchId: batch.id,
        resultType: 'exclusions',
        targets: targets.slice(i, i + WRITE_CHUNK),
        to: input.newStatus,
        note,
        user: { id: reviewer.userId, username: user.username, name },
        ip: reviewer.ip,
        now: ctx.now(),
      });
    }
  });
  await patchFacets(ctx.db, batch, 'exclusions', changed, input.newStatus, historyBefore, changed.length);
  return { matched: ids.length, changed: changed.length };
}
