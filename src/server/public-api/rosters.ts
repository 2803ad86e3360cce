/**
 * Monitored rosters through the public API (ADR 053): the records become a stored CSV file and
 * a draft upload as POST /batches does, mapped by column name (or guessed), and the draft
 * becomes a roster through the app's own rule.
 */
import { Readable } from 'node:stream';
import { ROSTER_EDITORS } from '#shared/access';
import { hasAnyRole } from '#shared/roles';
import type { ApiCreateRosterInput, ApiRosterCreated } from '#shared/public-api-roster-operations';
import type { AppContext } from '../app-context';
import { storeEncrypted, findBatch, keepUpload, requireSearchOptions } from '../batches/public';
import type { BatchCaller } from '../access/batch-scope';
import { AppError } from '../http/errors';
import { createRosterFromUpload, rosterById } from '../monitoring/public';
import { columnMappingsOf, csvOfRecords, positionalMapping } from './batches';

export const ROSTER_API_TEXTS = {
  notEditor: 'Creating a monitored roster needs a search role (name or NPI search) or the account’s administration.',
};

export function requireRosterEditor(roles: readonly string[]): void {
  if (!hasAnyRole(roles, ROSTER_EDITORS)) throw new AppError('FORBIDDEN', ROSTER_API_TEXTS.notEditor);
}

/** POST /api/v1/rosters. */
export async function createRosterFromRecords(ctx: AppContext, caller: BatchCaller, roles: readonly string[], input: ApiCreateRosterInput): Promise<ApiRosterCreated> {
  requireRosterEditor(roles);
  await requireSearchOptions(ctx, caller);
  const stored = await storeEncrypted(ctx.config, Readable.from([csvOfRecords(input.records)]));
  const draft = await keepUpload(ctx, caller, stored, `${input.name.replace(/[\\/:*?"<>|]/g, ' ')}.csv`, 'Flex');
  const batch = await findBatch(ctx.db, draft.batchId);
  const { columnMappings, guessed } = columnMappingsOf(input.mapping, draft.previewData);
  const mapping = positionalMapping(input.mapping, columnMappings, batch!.header, 'mapping');
  const { rosterId } = await createRosterFromUpload(ctx, caller, { uploadId: draft.batchId, name: input.name, mapping });
  return { ...(await rosterById(ctx, caller, rosterId)), columnMappings, guessedColumns: guessed };
}
