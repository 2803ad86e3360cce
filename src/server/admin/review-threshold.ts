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
import { auditBy, type Caller } from '../access/caller';
import { droppedVariants, noDroppedVariants } from './dropped-variants';

export async function thresholdSettings(db: Db, caller: Caller): Promise<ReviewThresholdSettings> {
  const [client] = await db.select({ reviewThreshold: clients.reviewThreshold }).from(clients).where(eq(clients.id, caller.clientId));
  if (!client) throw notFound('The client');
  return { threshold: reviewThresholdFor(client), own: client.reviewThreshold, defaultThreshold: DEFAULT_REVIEW_THRESHOLD, min: CLIENT_THRESHOLD_MIN, max: CLIENT_THRESHOLD_MAX };
}

/**
 * What the threshold would have done to the client's last completed batch: stored findings
 * scored under it are dropped; the near misses its chunks kept (ADR 042) scored at or above it
 * are added. A batch screened before near misses were kept cannot say what a lower one adds.
 * Of the dropped, those whose explanations show a kind the engine knows is often the same person
 * (a nickname, a typo, a date of birth one typo away…) are counted and shown (issue 52).
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
  const isLower = floor !== null && threshold < floor - 1e-6;
  const near = isLower ? await nearMissesFrom(db, batch.id, threshold) : { kept: false, added: 0, rowsAdded: 0 };
  const variants = counts.dropped > 0 ? await droppedVariants(db, batch.id, threshold) : noDroppedVariants();
  return {
    threshold,
    lastBatch: {
      batchId: batch.id,
      fileName: batch.fileName,
      ranWith: batch.ranWith,
      findings: counts.findings,
      dropped: counts.dropped,
      added: !isLower ? 0 : near.kept ? near.added : null,
      rowsAdded: !isLower ? 0 : near.kept ? near.rowsAdded : null,
      droppedVariants: variants,
    },
  };
}

/** The near misses of a batch's chunks scored at or above a threshold; `kept` false when its chunks kept none (older batches). */
async function nearMissesFrom(db: Db, batchId: number, threshold: number): Promise<{ kept: boolean; added: number; rowsAdded: number }> {
  const [row] = (
    (await db.execute(sql`SELECT bool_and(c.near_miss_scores IS NOT NULL) AS kept,
        coalesce(sum((SELECT count(*) FROM unnest(c.near_miss_scores) s WHERE s >= ${threshold}::real)), 0)::int AS added,
        coalesce(sum((SELECT count(*) FROM unnest(c.near_miss_row_best) s WHERE s >= ${threshold}::real)), 0)::int AS rows_added
      FROM batch_chunks c WHERE c.batch_id = ${batchId}`)) as unknown as { rows: { kept: boolean | null; added: number; rows_added: number }[] }
  ).rows;
  return { kept: row?.kept === true, added: row?.added ?? 0, rowsAdded: row?.rows_added ?? 0 };
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
