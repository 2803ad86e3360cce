/**
 * A client's review threshold, set by its administrator (issue 14, ADR 032): read, preview
 * against the last batch, save. Always the caller's own client.
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  CLIENT_THRESHOLD_MAX,
  CLIENT_THRESHOLD_MIN,
  DEFAULT_REVIEW_THRESHOLD,
  reviewThresholdFor,
  type ReviewThresholdSettings,
  type ThresholdPreview,
} from '#shared/review-threshold';
import { recordAudit } from '../audit/audit';
import type { Db } from '../db/client';
import { batches, batchResults, clients } from '../db/schema';
import { notFound } from '../http/errors';
import { auditBy, type Caller } from './caller';

export async function thresholdSettings(db: Db, caller: Caller): Promise<ReviewThresholdSettings> {
  const [client] = await db.select({ reviewThreshold: clients.reviewThreshold }).from(clients).where(eq(clients.id, caller.clientId));
  if (!client) throw notFound('The client');
  return { threshold: reviewThresholdFor(client), own: client.reviewThreshold, defaultThreshold: DEFAULT_REVIEW_THRESHOLD, min: CLIENT_THRESHOLD_MIN, max: CLIENT_THRESHOLD_MAX };
}

/**
 * What the threshold would have done to the client's last completed batch: stored findings
 * scored under it are dropped; findings it would add are counted only when it is not below
 * the batch's own threshold (none then), since lower candidates were never kept.
 */
export async function previewThreshold(db: Db, caller: Caller, threshold: number): Promise<ThresholdPreview> {
  const [batch] = await db
    .select({ id: batches.id, fileName: batches.fileName, ranWith: batches.reviewThreshold })
    .from(batches)
    .where(and(eq(batches.clientId, caller.clientId), eq(batches.status, 'Completed'), eq(batches.kind, 'search'), isNotNull(batches.processedAt), sql`${batches.trashedAt} IS NULL`))
    .orderBy(desc(batches.processedAt), desc(batches.id))
    .limit(1);
  if (!batch) return { threshold, lastBatch: null };
  // Rounded as the stored real: 0.8 is 0.800000011920929 in a real column.
  const [counts] = await db
    .select({
      findings: sql<number>`count(*)::int`,
      dropped: sql<number>`(count(*) FILTER (WHERE ${batchResults.score} < ${threshold}::real))::int`,
      lowest: sql<number | null>`min(${batchResults.score})`,
    })
    .from(batchResults)
    .where(and(eq(batchResults.batchId, batch.id), eq(batchResults.resultType, 'exclusions')));
  const floor = batch.ranWith ?? counts.lowest;
  const added = floor === null || threshold >= floor - 1e-6 ? 0 : null;
  return { threshold, lastBatch: { batchId: batch.id, fileName: batch.fileName, ranWith: batch.ranWith, findings: counts.findings, dropped: counts.dropped, added } };
}

/** Saves the client's threshold (null: the default); the next batches run with it. */
export async function saveThreshold(db: Db, caller: Caller, threshold: number | null): Promise<ReviewThresholdSettings> {
  const before = await thresholdSettings(db, caller);
  if (before.own !== threshold) {
    await db.update(clients).set({ reviewThreshold: threshold }).where(eq(clients.id, caller.clientId));
    await recordAudit(db, { action: 'client.review_threshold', ...auditBy(caller, caller.clientId, `client:${caller.clientId}`), details: { from: before.own, to: threshold } });
  }
  return thresholdSettings(db, caller);
}
