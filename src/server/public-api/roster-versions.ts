/**
 * Roster files and new versions through the public API (ADR 058): a file or JSON records become
 * a draft upload as POST /batches does, mapped by column name (or guessed), and then go through
 * the app's own rules: a roster made from the upload, or a version compared with the roster's
 * people, applied or discarded. The comparison is answered with whole counts and each list of
 * people capped, as the roster's page shows it.
 */
import { Readable } from 'node:stream';
import { API_VERSION_PEOPLE_CAP, ApiCreateRosterInputSchema, ApiRosterVersionMappingSchema, type ApiCreateRosterVersionInput, type ApiRosterCreated, type ApiRosterVersion, type ApiRosterVersionMapping } from '#shared/public-api-roster-operations';
import type { UploadResponse } from '#shared/batches';
import type { RosterVersion } from '#shared/roster-intake';
import type { AppContext } from '../app-context';
import { removeStored, storeEncrypted, findBatch, keepUpload, requireSearchOptions, type ReceivedUpload } from '../batches/public';
import type { BatchCaller } from '../access/batch-scope';
import { AppError } from '../http/errors';
import { createRosterFromUpload, rosterById, applyVersion, compareVersion, discardVersion, getVersion, visibleRoster } from '../monitoring/public';
import { columnMappingsOf, csvOfRecords, mappingOfField, positionalMapping } from './batches';
import { requireRosterEditor } from './rosters';

const cap = <T>(list: readonly T[]) => list.slice(0, API_VERSION_PEOPLE_CAP);

/** The app's version as the API answers it: counts, and each list of people capped. */
export function apiVersionOf(v: RosterVersion): ApiRosterVersion {
  const { added, removed, changed, unchanged, skippedRows, matchedBy } = v.diff;
  return {
    versionId: v.versionId, rosterId: v.rosterId, fileName: v.fileName, status: v.status, createdAt: v.createdAt, createdBy: v.createdBy, decidedAt: v.decidedAt, matchedBy,
    counts: { added: added.length, removed: removed.length, changed: changed.length, unchanged, skippedRows },
    added: cap(added), removed: cap(removed), changed: cap(changed),
    isCapped: [added, removed, changed].some((l) => l.length > API_VERSION_PEOPLE_CAP),
  };
}

/** A draft upload compared with the roster, read with its own searches. */
async function compareDraft(ctx: AppContext, caller: BatchCaller, rosterId: number, searchTypes: string[], draft: UploadResponse, mapping: ApiRosterVersionMapping): Promise<ApiRosterVersion> {
  const batch = await findBatch(ctx.db, draft.batchId);
  const full = { ...mapping, searchTypes };
  const { columnMappings } = columnMappingsOf(full, draft.previewData);
  const positional = positionalMapping(full, columnMappings, batch!.header, 'mapping');
  return apiVersionOf(await compareVersion(ctx, caller, rosterId, { uploadId: draft.batchId, mapping: positional }));
}

/** POST /api/v1/rosters/{rosterId}/versions. */
export async function createVersionFromRecords(ctx: AppContext, caller: BatchCaller, roles: readonly string[], rosterId: number, input: ApiCreateRosterVersionInput): Promise<ApiRosterVersion> {
  requireRosterEditor(roles);
  const roster = await visibleRoster(ctx, caller, rosterId);
  await requireSearchOptions(ctx, caller);
  const stored = await storeEncrypted(ctx.config, Readable.from([csvOfRecords(input.records)]));
  const draft = await keepUpload(ctx, caller, stored, input.fileName, 'Flex');
  return compareDraft(ctx, caller, roster.rosterId, roster.batch.searchTypes, draft, input.mapping);
}

/** Checks made before a received file is kept; the file is removed when one fails. */
async function beforeKeeping<T>(ctx: AppContext, received: ReceivedUpload, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (received.stored) removeStored(ctx.config, received.stored.storedPath);
    throw error;
  }
}

/** POST /api/v1/rosters/{rosterId}/versions/csv: a received upload (file + mapping field), then the same comparison. */
export async function createVersionFromUpload(ctx: AppContext, caller: BatchCaller, roles: readonly string[], rosterId: number, received: ReceivedUpload): Promise<ApiRosterVersion> {
  const { roster, mapping } = await beforeKeeping(ctx, received, async () => {
    requireRosterEditor(roles);
    const found = await visibleRoster(ctx, caller, rosterId);
    await requireSearchOptions(ctx, caller);
    return { roster: found, mapping: mappingOfField(received.fields.mapping, ApiRosterVersionMappingSchema) };
  });
  const draft = await keepUpload(ctx, caller, received.stored, received.fileName, 'Flex', received.fields.sheet || null);
  return compareDraft(ctx, caller, roster.rosterId, roster.batch.searchTypes, draft, mapping);
}

/** POST /api/v1/rosters/csv: a roster from a received upload (file, name and mapping fields). */
export async function createRosterFromFile(ctx: AppContext, caller: BatchCaller, roles: readonly string[], received: ReceivedUpload): Promise<ApiRosterCreated> {
  const { name, mapping } = await beforeKeeping(ctx, received, async () => {
    requireRosterEditor(roles);
    await requireSearchOptions(ctx, caller);
    const named = ApiCreateRosterInputSchema.shape.name.safeParse(received.fields.name ?? '');
    if (!named.success) throw new AppError('BAD_REQUEST', named.error.issues[0].message, { name: named.error.issues[0].message });
    return { name: named.data, mapping: mappingOfField(received.fields.mapping) };
  });
  const draft = await keepUpload(ctx, caller, received.stored, received.fileName, 'Flex', received.fields.sheet || null);
  const batch = await findBatch(ctx.db, draft.batchId);
  const { columnMappings, guessed } = columnMappingsOf(mapping, draft.previewData);
  const positional = positionalMapping(mapping, columnMappings, batch!.header, 'mapping');
  const { rosterId } = await createRosterFromUpload(ctx, caller, { uploadId: draft.batchId, name, mapping: positional });
  return { ...(await rosterById(ctx, caller, rosterId)), columnMappings, guessedColumns: guessed };
}

export const getApiVersion = async (ctx: AppContext, caller: BatchCaller, rosterId: number, versionId: number) => apiVersionOf(await getVersion(ctx, caller, rosterId, versionId));

/** POST …/apply and …/discard. */
export async function decideApiVersion(ctx: AppContext, caller: BatchCaller, roles: readonly string[], rosterId: number, versionId: number, decision: 'apply' | 'discard'): Promise<ApiRosterVersion> {
  requireRosterEditor(roles);
  return apiVersionOf(await (decision === 'apply' ? applyVersion : discardVersion)(ctx, caller, rosterId, versionId));
}

