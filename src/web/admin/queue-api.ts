/** Calls of Batch Queue Management, through the app's one api helper and the shared contracts. */
import { QueueActionResultSchema, QueueOverviewSchema, type MoveBatchInput } from '#shared/queue';
import { api } from '../app/api';

/** Under 'admin', so the admin pages' one invalidation after a change refreshes it too. */
export const queueKey = ['admin', 'queue'] as const;

export const fetchQueue = () => api('/services/admin/queue', { schema: QueueOverviewSchema });
export const setQueuePaused = (isPaused: boolean) => api('/services/admin/queue/pause', { method: 'PUT', body: { isPaused }, schema: QueueActionResultSchema });
export const moveQueuedBatch = ({ batchId, to }: { batchId: number; to: MoveBatchInput['to'] }) =>
  api(`/services/admin/queue/batches/${batchId}/position`, { method: 'PUT', body: { to }, schema: QueueActionResultSchema });
export const cancelQueuedBatch = (batchId: number) => api(`/services/admin/queue/batches/${batchId}/cancel`, { method: 'POST', schema: QueueActionResultSchema });
export const retryFailedChunks = (batchId: number) => api(`/services/admin/queue/batches/${batchId}/retry`, { method: 'POST', schema: QueueActionResultSchema });

/** A time of day with seconds, in the browser's zone (the figures move by the second). */
export function formatTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** "12 s ago", "3 min ago": how fresh a heartbeat is. */
export function formatAgo(iso: string, nowIso: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(nowIso) - Date.parse(iso)) / 1000));
  return seconds < 90 ? `${seconds} s ago` : `${Math.round(seconds / 60)} min ago`;
}

/** The estimated finish as a time today, or with its date when later. */
export function formatFinish(iso: string | null, nowIso: string): string {
  if (!iso) return '—';
  const at = new Date(iso);
  const sameDay = at.toDateString() === new Date(nowIso).toDateString();
  return sameDay ? formatTime(iso) : at.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}
