/**
 * A batch chunk's slice screened and its results shaped for the write, on a screening thread
 * (ADR 084): the main thread of an embedded server is the batch's critical path (PGlite's writes
 * run there), so it only reads the rows and the keyed records' stored text, hands them here, and
 * gets back each result as the JSON text the insert takes. The keyed records (NPPES, DMF) are
 * parsed, indexed and screened here, as `keyedScreener` does on the main thread for a search.
 * The module is a pool task (`ScreeningPool.runTask`); a small chunk runs it on the main thread.
 */
import type { ListRecord } from '#shared/list-record';
import { expandStoredRecord } from '#lists/core/stored-record';
import { buildIndex } from '#engine/index-builder';
import type { SearchIndex } from '#engine/index-parts';
import type { MatchIndex } from '#engine/match-index';
import type { ScreenQuery } from '#engine/query-types';
import { screenMany } from '#engine/screen';
import { keysOfQueries, mergeKeyedAnswers } from './keyed-answers';
import { screenRows, type NearMisses, type NpiUse, type RowInput, type Screener } from './row-screening';

/** The stored text of keyed records read for a slice, by record id, in the order read (per source). */
export interface KeyedTexts {
  nppes: [string, string][];
  dmf: [string, string][];
}

/** What a slice of a chunk's rows is screened with. */
export interface ChunkSliceInput {
  types: string[];
  rows: RowInput[];
  threshold?: number;
  /** Rows of the batch sharing the slice's NPIs (by `npiKey`), absent when NPI Validation is not asked. */
  npiUses?: Map<string, readonly NpiUse[]>;
  dmfLoaded: boolean;
  keyed: KeyedTexts;
  /** The keyed index's version name ("keyed:7:3"). */
  keyedVersion: string;
  /** The list version id of each source screened (the index's and the keyed ones). */
  versions: [string, number][];
}

/** A slice's results, each one's JSON object text (`RESULT_COLUMNS`), in order, and its name near misses. */
export interface ChunkSliceOutput {
  results: string[];
  nearMisses: NearMisses;
}

/** The columns of a shaped result, as the insert's `jsonb_to_recordset` reads them. */
export const RESULT_COLUMNS = ['row_index', 'result_type', 'search_type', 'source', 'source_record_id', 'score', 'explanation', 'review_status', 'search_criteria_key', 'list_version_id', 'record', 'record_from'] as const;

/**
 * The keyed records a slice's queries ask for, parsed and indexed as they are asked, as
 * `KeyedLookup` reads them for a chunk: a query asks its NPI, and its SSN when the DMF may answer.
 */
class SliceKeyed {
  private readonly records = new Map<string, ListRecord>();
  private readonly asked = { nppes: new Set<string>(), dmf: new Set<string>() };
  private built: MatchIndex | null = null;

  constructor(
    private readonly texts: KeyedTexts,
    private readonly version: string,
  ) {}

  ask(queries: readonly ScreenQuery[], sources?: readonly string[]): void {
    const { npis, ssns } = keysOfQueries(queries, sources);
    this.take('nppes', npis);
    this.take('dmf', ssns);
  }

  private take(source: 'nppes' | 'dmf', asked: Set<string>): void {
    const keys = new Set([...asked].filter((k) => !this.asked[source].has(k)));
    if (!keys.size) return;
    for (const k of keys) this.asked[source].add(k);
    for (const [id, text] of this.texts[source]) {
      if (!keys.has(id)) continue;
      this.records.set(`${source}|${id}`, expandStoredRecord(text));
      this.built = null;
    }
  }

  get count(): number {
    return this.records.size;
  }

  record(source: string, recordId: string): ListRecord | undefined {
    return this.records.get(`${source}|${recordId}`);
  }

  get index(): MatchIndex {
    this.built ??= buildIndex(this.records.values(), { version: this.version });
    return this.built;
  }
}

/** Screens a slice of a chunk's rows against `index` and its keyed records, and shapes its results. */
export async function screenChunkSlice(index: SearchIndex, input: ChunkSliceInput): Promise<ChunkSliceOutput> {
  const keyed = new SliceKeyed(input.keyed, input.keyedVersion);
  const screen: Screener = async (queries, options) => {
    const main = screenMany(index, queries, options);
    keyed.ask(queries, options.sources);
    return keyed.count === 0 ? main : mergeKeyedAnswers(() => keyed.index, queries, main, options).results;
  };
  const nearMisses: NearMisses = { scores: [], rowBest: [] };
  const drafts = await screenRows(screen, input.types, input.rows, { threshold: input.threshold, npiUses: input.npiUses, nearMisses, dmfLoaded: input.dmfLoaded });
  const versions = new Map(input.versions);
  // NPPES and DMF records were read for the screening (ADR 060) and go as they are; the others
  // are copied by the database from the index's version as the result is inserted (ADR 073).
  const results = drafts.map((d) => {
    const versionId = d.source ? (versions.get(d.source) ?? null) : null;
    const record = d.source && d.sourceRecordId ? keyed.record(d.source, d.sourceRecordId) : undefined;
    const row = {
      row_index: d.rowIndex,
      result_type: d.resultType,
      search_type: d.searchType,
      source: d.source,
      source_record_id: d.sourceRecordId,
      score: d.score,
      explanation: d.explanation,
      review_status: d.reviewStatus,
      search_criteria_key: d.searchCriteriaKey,
      list_version_id: versionId,
      record: record && versionId ? record : null,
      record_from: !record && versionId && d.sourceRecordId ? versionId : null,
    };
    return JSON.stringify(row);
  });
  return { results, nearMisses };
}

/** The pool task's entry (see `ScreeningPool.runTask`). */
export const runTask = screenChunkSlice;
