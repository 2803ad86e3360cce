/** Pure display rules of the batch dashboard: marker, status text, date and the pager window. */
import { batchStatusText, BATCH_RULES, IN_PROGRESS_STATUSES } from '#shared/batch-status';
import type { BatchItem } from './batches-api';

/** Green with a check when a Completed batch with records has no hits; amber otherwise (ADR 013). */
export function isCleanBatch(batch: BatchItem): boolean {
  return batch.status === 'Completed' && batch.recordCount > 0 && batch.hits === 0;
}

export function statusTextOf(batch: BatchItem): string {
  return batchStatusText(batch.status, batch.recordCount, batch.toReview);
}

export function isRunning(batch: BatchItem): boolean {
  return IN_PROGRESS_STATUSES.includes(batch.status);
}

export const hasDetails = (batch: BatchItem) => BATCH_RULES.hasDetails(batch.status);

/** The status links to the batch's page once it has results, and while it is queued or running (its progress and queue place, ADR 044). */
export const hasPage = (batch: BatchItem) => hasDetails(batch) || isRunning(batch);

/** YYYY-MM-DD in UTC (spec §2). */
export function formatUtcDate(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}


/** The browser's zone: the upload time is shown in the user's own zone (issue 55). */
const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The upload's time in the user's zone beside the UTC date (issue 55: two uploads of one file on
 * one day told apart): "14:03 CST", with the local date first when it is not the UTC date.
 */
export function formatLocalTime(timestamp: string, zone = browserZone()): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const localDay = `${parts.year}-${parts.month}-${parts.day}`;
  const time = `${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
  return localDay === formatUtcDate(timestamp) ? time : `${localDay} ${time}`;
}
