/** Contracts of the Lists administration page (/admin/lists, system administrators, ADR 049). */
import { z } from 'zod';

export const LIST_STAGES = ['download', 'parse', 'import', 'index'] as const;
export type ListStage = (typeof LIST_STAGES)[number];

/** How often the page asks again while a check runs. */
export const LISTS_REFRESH_MS = 1_500;

export const ListRunSchema = z.object({
  id: z.number(),
  source: z.string(),
  status: z.enum(['queued', 'running', 'done']),
  stage: z.enum(LIST_STAGES).nullable(),
  bytes: z.number(),
  totalBytes: z.number().nullable(),
  rows: z.number(),
  outcome: z.enum(['imported', 'unchanged', 'not-configured', 'failed']).nullable(),
  error: z.string().nullable(),
  trigger: z.string(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ListRun = z.infer<typeof ListRunSchema>;

export const ORIGIN_LABELS: Record<string, string> = {
  update: 'official download',
  import: 'uploaded file',
  sample: 'synthetic sample',
  rollback: 'roll-back',
};

export const AdminListSourceSchema = z.object({
  source: z.string(),
  title: z.string(),
  publisher: z.string(),
  version: z.number().nullable(),
  origin: z.string().nullable(),
  asOf: z.string().nullable(),
  records: z.number(),
  activatedAt: z.string().nullable(),
  importedBy: z.string().nullable(),
  /** The version the active one restored, when it is a roll-back. */
  restoredFrom: z.number().nullable(),
  lastCheck: z.object({ at: z.string(), outcome: z.string() }).nullable(),
  /** The current error, in words, and the message as recorded. */
  lastError: z.object({ words: z.string(), detail: z.string(), since: z.string().nullable() }).nullable(),
  /** What to set so the source can be downloaded; null when it can. */
  downloadHint: z.string().nullable(),
  cadence: z.string(),
  staleAfterDays: z.number(),
  refreshedAt: z.string().nullable(),
  isStale: z.boolean(),
  /** The open run, else the last one. */
  run: ListRunSchema.nullable(),
  hasPrevious: z.boolean(),
});
export type AdminListSource = z.infer<typeof AdminListSourceSchema>;

export const ListsOverviewSchema = z.object({
  now: z.string(),
  /** The next scheduled check of every source; null when the schedule is off. */
  nextCheck: z.string().nullable(),
  schedule: z.string().nullable(),
  /** Only synthetic samples are active (nothing real was ever loaded). */
  isSamplesOnly: z.boolean(),
  /** The last checks could not reach any publisher: this server seems to have no network. */
  offline: z.object({ since: z.string(), detail: z.string() }).nullable(),
  sources: z.array(AdminListSourceSchema),
});
export type ListsOverview = z.infer<typeof ListsOverviewSchema>;

export const CheckListsInputSchema = z.object({ sources: z.array(z.string().min(1).max(80)).max(200).optional() });
export const CheckListsResultSchema = z.object({ message: z.string(), runs: z.array(ListRunSchema.extend({ isJoined: z.boolean() })) });
export type CheckListsResult = z.infer<typeof CheckListsResultSchema>;

export const SourceParamsSchema = z.object({ source: z.string().min(1).max(80) });
export const VersionParamsSchema = z.object({ versionId: z.coerce.number().int().positive().max(2_147_483_647) });

export const ListVersionSchema = z.object({
  id: z.number(),
  status: z.string(),
  mode: z.string(),
  origin: z.string(),
  fileNames: z.array(z.string()),
  asOf: z.string().nullable(),
  records: z.number(),
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
  reinstated: z.number(),
  rowsRejected: z.number(),
  error: z.string().nullable(),
  importedBy: z.string().nullable(),
  restoredFrom: z.number().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type ListVersion = z.infer<typeof ListVersionSchema>;
export const ListVersionsSchema = z.object({ source: z.string(), title: z.string(), versions: z.array(ListVersionSchema) });

export const ImportResultSchema = z.object({
  message: z.string(),
  version: z.number(),
  mode: z.string(),
  asOf: z.string().nullable(),
  records: z.number(),
  rowsRead: z.number(),
  rowsRejected: z.number(),
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
  reinstated: z.number(),
  rejected: z.array(z.object({ file: z.string().nullable(), line: z.number(), reason: z.string() })),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const CHANGE_KINDS = ['added', 'removed', 'changed', 'reinstated'] as const;
export const ChangesQuerySchema = z.object({
  kind: z.enum(CHANGE_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const FieldChangeSchema = z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() });
export const RecordChangeSchema = z.object({
  recordId: z.string(),
  change: z.enum(CHANGE_KINDS),
  name: z.string(),
  fields: z.array(FieldChangeSchema),
});
export type RecordChange = z.infer<typeof RecordChangeSchema>;

export const VersionChangesSchema = z.object({
  source: z.string(),
  version: z.number(),
  previous: z.number().nullable(),
  counts: z.object({ added: z.number(), removed: z.number(), changed: z.number(), reinstated: z.number() }),
  /** False when the records of either version were pruned: the changes are listed without fields. */
  hasFields: z.boolean(),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  changes: z.array(RecordChangeSchema),
});
export type VersionChanges = z.infer<typeof VersionChangesSchema>;

export const RollbackInputSchema = z.object({ activeVersion: z.number().int().positive().max(2_147_483_647) });
