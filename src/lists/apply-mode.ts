/**
 * How an import applies to a list: a full file replaces the list; supplements and change
 * files (LEIE monthly supplements, DMF A/C/D updates, NPPES weekly files and deactivation
 * reports) are applied to the active version record by record.
 */
import { basename } from 'node:path';
import type { ListRecord, SourceId } from '#shared/list-record';
import { leieFileKind } from './leie/file-kind';

export type ApplyMode = 'full' | 'incremental';

/** What one record of an incremental import does to the list. */
export type RecordChange = 'upsert' | 'delete' | 'reinstate';

/** Decides the mode from the source and the file names. */
export function applyModeFor(source: SourceId, fileNames: readonly string[]): ApplyMode {
  const names = fileNames.map((f) => basename(f));
  if (source === 'leie') return names.every((n) => leieFileKind(n).kind === 'full') ? 'full' : 'incremental';
  if (source === 'nppes') {
    // The monthly file covers every NPI since 2005-05-23; weekly files and reports do not.
    return names.some((n) => /^npidata_pfile_20050523-/i.test(n)) ? 'full' : 'incremental';
  }
  if (source === 'dmf') return names.some((n) => /update|weekly|monthly|\.upd/i.test(n)) ? 'incremental' : 'full';
  return 'full';
}

/** The change an incremental record makes. */
export function recordChange(record: ListRecord): RecordChange {
  if (record.source === 'leie' && record.extra.fileKind === 'reinstatements') return 'reinstate';
  if (record.source === 'dmf' && record.extra.changeCode === 'D') return 'delete';
  return 'upsert';
}

/**
 * Merges an update into the record it changes: published values win, absent ones keep
 * what the list had (a deactivation report row carries only the NPI and its date).
 */
export function mergeRecord(previous: ListRecord, update: ListRecord): ListRecord {
  const merged: ListRecord = { ...previous, extra: { ...previous.extra, ...update.extra } };
  for (const [key, value] of Object.entries(update) as [keyof ListRecord, unknown][]) {
    if (key === 'extra') continue;
    const isEmpty = value === null || value === undefined || (Array.isArray(value) && value.length === 0);
    if (!isEmpty) (merged as unknown as Record<string, unknown>)[key] = value;
  }
  return merged;
}
