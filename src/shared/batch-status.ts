/** Batch statuses and what each allows, defined once (ADR 013). */
export const BATCH_STATUSES = [
  'Submitted',
  'Pending',
  'Processing',
  'Completed',
  'Error',
  'Internal Error - contact support',
  'Batch Kill Requested',
  'Cancelled',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** In progress (spec §4). */
export const IN_PROGRESS_STATUSES: readonly BatchStatus[] = ['Processing', 'Submitted', 'Pending'];
/** The spec's "extended" list: in progress plus the two that still need attention. */
export const EXTENDED_STATUSES: readonly BatchStatus[] = [...IN_PROGRESS_STATUSES, 'Internal Error - contact support', 'Batch Kill Requested'];

export const BATCH_RULES = {
  /** The original file can be downloaded once the batch is stored (always, but never after trash). */
  canDownload: (s: BatchStatus) => s !== 'Batch Kill Requested',
  /** Cancel (kill) only what is still running. */
  canCancel: (s: BatchStatus) => IN_PROGRESS_STATUSES.includes(s),
  /** Resubmit what ended without results, or was cancelled. */
  canResubmit: (s: BatchStatus) => s === 'Error' || s === 'Internal Error - contact support' || s === 'Cancelled',
  /** The details page exists once results exist. */
  hasDetails: (s: BatchStatus) => s === 'Completed',
} as const;

/** Dashboard status text (spec §2): raw while empty or processing, else the review state. */
export function batchStatusText(status: BatchStatus, recordCount: number, toReview: number): string {
  if (recordCount === 0 || status === 'Processing' || status !== 'Completed') return status;
  return toReview === 0 ? 'All Results Reviewed' : 'Results to Review';
}
