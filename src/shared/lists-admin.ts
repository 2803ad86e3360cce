/** Contracts of the Lists administration page (/admin/lists, system administrators, ADR 049). */
import { z } from 'zod';

export const LIST_STAGES = ['download', 'parse', 'import', 'index'] as const;
export type ListStage = (typeof LIST_STAGES)[number];

/** How often the page asks again while a check runs. */
export const LISTS_REFRESH_MS = 1_500;

/** What a check's run ended with (`held`: a new version waits for an operator's approval, ADR 109). */
export const RUN_OUTCOMES = ['imported', 'held', 'unchanged', 'not-configured', 'failed'] as const;

/** Why a new version was held: the kinds of difference with the active version that hold it (ADR 109). */
export const HOLD_KINDS = ['fewer-records', 'no-records', 'header', 'older'] as const;

/** A new version compared with the active one, before it becomes active (ADR 109). */
export const VersionComparisonSchema = z.object({
  /** The active version it was compared with. */
  against: z.number(),
  records: z.object({ before: z.number(), after: z.number() }),
  asOf: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
  /** The headers that differ, per file of the new version (none when equal or when a file has no header). */
  headers: z.array(z.object({ file: z.string(), added: z.array(z.string()), removed: z.array(z.string()), isReordered: z.boolean() })),
  /** Each difference that holds the version, in words; none: it may be activated as is. */
  reasons: z.array(z.object({ kind: z.enum(HOLD_KINDS), words: z.string() })),
});
export type VersionComparison = z.infer<typeof VersionComparisonSchema>;

export const ListRunSchema = z.object({
  id: z.number(),
  source: z.string(),
  status: z.enum(['queued', 'running', 'done']),
  stage: z.enum(LIST_STAGES).nullable(),
  bytes: z.number(),
  totalBytes: z.number().nullable(),
  rows: z.number(),
  outcome: z.enum(RUN_OUTCOMES).nullable(),
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

/** A new version waiting for an operator's approval, with its comparison with the version in use (ADR 109). */
export const HeldVersionSchema = z.object({
  id: z.number(),
  fetchedAt: z.string(),
  fileNames: z.array(z.string()),
  mode: z.string(),
  records: z.number(),
  asOf: z.string().nullable(),
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
  reinstated: z.number(),
  comparison: VersionComparisonSchema,
});
export type HeldVersion = z.infer<typeof HeldVersionSchema>;

export const RejectHeldInputSchema = z.object({ reason: z.string().max(500).optional() });
export const HeldDecisionResultSchema = z.object({ message: z.string(), version: z.number(), status: z.enum(['active', 'rejected']) });
export type HeldDecisionResult = z.infer<typeof HeldDecisionResultSchema>;

/** How a source is fetched from its publisher (issue 51): its recipe's method, in words on the Lists page. */
export const ACQUIRE_METHODS = ['direct', 'page-link', 'api', 'postback', 'upload'] as const;
export const METHOD_LABELS: Record<(typeof ACQUIRE_METHODS)[number], string> = {
  direct: 'Direct download',
  'page-link': "Link on the publisher's page",
  api: "Publisher's data service",
  postback: "Publisher's web form",
  upload: 'Upload only',
};

export const AcquisitionSchema = z.object({
  method: z.enum(ACQUIRE_METHODS),
  /** The publisher's page a person would open to get the list. */
  page: z.string(),
  /** The publisher's update rhythm, in the recipe's words. */
  cadence: z.string(),
  /** Why it is upload-only ("Licensed: …"); null when it is fetched. */
  reason: z.string().nullable(),
  licensed: z.boolean(),
  /** LIST_URLS names its files: they are downloaded instead of what the recipe finds. */
  override: z.boolean(),
});
export type AcquisitionInfo = z.infer<typeof AcquisitionSchema>;

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
  /** How it is fetched from its publisher (its recipe). */
  acquisition: AcquisitionSchema,
  /** In words, when its parser has not yet seen a real file of the publisher (read by the documented layout); else null. */
  layoutNote: z.string().nullable(),
  cadence: z.string(),
  staleAfterDays: z.number(),
  refreshedAt: z.string().nullable(),
  isStale: z.boolean(),
  /** The open run, else the last one. */
  run: ListRunSchema.nullable(),
  hasPrevious: z.boolean(),
  /** The version waiting for approval, if any. */
  held: HeldVersionSchema.nullable(),
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
  /** Its comparison with the version in use when it arrived (ADR 109), if one was made. */
  comparison: VersionComparisonSchema.nullable(),
  /** Who approved or rejected it when it was held. */
  decidedBy: z.string().nullable(),
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
  /** An upload compared with the version it replaces (ADR 109): shown, not held. */
  comparison: VersionComparisonSchema.nullable().optional(),
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
