/** Calls of the Lists page (ADR 049), through the app's one api helper and the shared contracts. */
import { CheckListsResultSchema, HeldDecisionResultSchema, ImportResultSchema, ListsOverviewSchema, ListVersionsSchema, VersionChangesSchema, type RecordChange } from '#shared/lists-admin';
import { api } from '../app/api';

/** Under 'admin', so the admin pages' one invalidation after a change refreshes it too. */
export const listsKeys = {
  overview: ['admin', 'lists'] as const,
  versions: (source: string) => ['admin', 'lists', 'versions', source] as const,
  changes: (versionId: number, kind: string, page: number) => ['admin', 'lists', 'changes', versionId, kind, page] as const,
};

export const fetchListsOverview = () => api('/services/admin/lists', { schema: ListsOverviewSchema });
export const checkLists = (sources?: string[]) => api('/services/admin/lists/check', { method: 'POST', body: sources ? { sources } : {}, schema: CheckListsResultSchema });
export const fetchListVersions = (source: string) => api(`/services/admin/lists/${encodeURIComponent(source)}/versions`, { schema: ListVersionsSchema });
export const rollBackList = ({ source, activeVersion }: { source: string; activeVersion: number }) =>
  api(`/services/admin/lists/${encodeURIComponent(source)}/rollback`, { method: 'POST', body: { activeVersion }, schema: ImportResultSchema });

export const approveHeldVersion = (versionId: number) => api(`/services/admin/lists/versions/${versionId}/approve`, { method: 'POST', body: {}, schema: HeldDecisionResultSchema });
export const rejectHeldVersion = ({ versionId, reason }: { versionId: number; reason: string }) =>
  api(`/services/admin/lists/versions/${versionId}/reject`, { method: 'POST', body: reason.trim() ? { reason: reason.trim() } : {}, schema: HeldDecisionResultSchema });

export function uploadListFiles({ source, files, mode }: { source: string; files: File[]; mode: string }) {
  const form = new FormData();
  form.append('mode', mode);
  for (const file of files) form.append('file', file, file.name);
  return api(`/services/admin/lists/${encodeURIComponent(source)}/upload`, { method: 'POST', body: form, schema: ImportResultSchema });
}

export function fetchVersionChanges(versionId: number, kind: RecordChange['change'] | 'all', page: number, pageSize = 25) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (kind !== 'all') params.set('kind', kind);
  return api(`/services/admin/lists/versions/${versionId}/changes?${params}`, { schema: VersionChangesSchema });
}

export const changesCsvUrl = (versionId: number) => `/services/admin/lists/versions/${versionId}/changes/csv`;

/** A date and time in the browser's zone, without seconds. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');
