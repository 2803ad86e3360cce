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
import { screenMany } from '#engine/screen';
import { nppesFactsOfRecord, withNppesFacts, type NppesFacts } from '#engine/nppes-facts';
import { mergeKeyedAnswers } from './keyed-answers';
import { screenRows, type NearMisses, type NpiUse, type RowInput, type Screener } from './row-screening';
import { shapeForCopy, type RecordToCopy, type ResultRow } from './result-lines';

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
  /** `copy`: results shaped for PGlite's COPY write (`shapeForCopy`, ADR 093); JSON otherwise. */
  shape?: 'json' | 'copy';
}

/** A slice's results, each one shaped for the write (JSON object text or COPY line, `result-lines.ts`), in order, and its name near misses. */
export interface ChunkSliceOutput {
  results: string[];
  nearMisses: NearMisses;
  /** COPY lines waiting for the record the main thread reads (`shapeForCopy`). */
  recordsToCopy?: RecordToCopy[];
  /**
   * The rows whose SSN was checked against the DMF and not found (or not checked, no DMF loaded),
   * in order: kept by the chunk, not as a result each (docs/plans/ssn-checks-per-chunk.md).
   */
  ssnNotFound: number[];
  /** The slice's results left to review (NONCLEARED): the chunk keeps their count (ADR 107). */
  open: number;
  /** Rows the slice's screening ran to its end for: each has its outcome (results, or none found). */
  screened: number;
}

/** An SSDMF result that found no record: an SSN not in the DMF, or not checked (no DMF loaded). */
const isSsnNotFound = (d: { resultType: string; source: string | null }): boolean => d.resultType === 'ssdmf' && d.source === null;

/** What the slices of this thread made (tests: the keyed index is built once per slice). */
export const sliceWork = { keyedBuilt: 0 };

/**
 * The keyed records read for a slice, parsed and indexed at most once (ADR 089). They were read
 * for the slice's rows' NPIs and SSNs (`keyedTextsOfRows`), and the queries screened in the keyed
 * index are the rows' NPI and SSN queries (a name search asking none of NPPES and the DMF is not,
 * `mergeKeyedAnswers`), each finding a record by its key only: a record read for a row but not asked
 * yet is found by no other query. Taken as the queries asked for them (`keysOfQueries` per query
 * kind, as `KeyedLookup` does for a chunk on the main thread), the DMF's few records came after the
 * NPI queries had built the index from the NPPES ones, and it was built again for them: ~400
 * records parsed into an index twice per 500-row slice.
 */
class SliceKeyed {
  private readonly records = new Map<string, ListRecord>();
  private built: MatchIndex | null = null;

  constructor(
    texts: KeyedTexts,
    private readonly version: string,
  ) {
    for (const [id, text] of texts.nppes) this.records.set(`nppes|${id}`, expandStoredRecord(text));
    for (const [id, text] of texts.dmf) this.records.set(`dmf|${id}`, expandStoredRecord(text));
  }

  get count(): number {
    return this.records.size;
  }

  record(source: string, recordId: string): ListRecord | undefined {
    return this.records.get(`${source}|${recordId}`);
  }

  /** The NPPES facts of an NPI read for the slice (null when NPPES holds none). */
  nppesFacts(npi: string): NppesFacts | null {
    const r = this.records.get(`nppes|${npi}`);
    return r ? nppesFactsOfRecord(r) : null;
  }

  get index(): MatchIndex {
    if (!this.built) {
      sliceWork.keyedBuilt++;
      this.built = buildIndex(this.records.values(), { version: this.version });
    }
    return this.built;
  }
}

/** Screens a slice of a chunk's rows against `index` and its keyed records, and shapes its results. */
export async function screenChunkSlice(index: SearchIndex, input: ChunkSliceInput): Promise<ChunkSliceOutput> {
  const keyed = new SliceKeyed(input.keyed, input.keyedVersion);
  const screen: Screener = async (queries, options) => {
    if (keyed.count === 0) return screenMany(index, queries, options);
    // The name queries' NPIs' NPPES records, read for the slice, are evidence against each list record (ADR 120).
    const main = screenMany(index, withNppesFacts(queries, (npi) => keyed.nppesFacts(npi)), options);
    return mergeKeyedAnswers(() => keyed.index, queries, main, options).results;
  };
  const nearMisses: NearMisses = { scores: [], rowBest: [] };
  const screened = await screenRows(screen, input.types, input.rows, { threshold: input.threshold, npiUses: input.npiUses, nearMisses, dmfLoaded: input.dmfLoaded });
  const ssnNotFound = screened.filter(isSsnNotFound).map((d) => d.rowIndex);
  const drafts = ssnNotFound.length ? screened.filter((d) => !isSsnNotFound(d)) : screened;
  let open = 0;
  for (const d of drafts) if (d.reviewStatus === 'NONCLEARED') open++;
  const versions = new Map(input.versions);
  // NPPES and DMF records were read for the screening (ADR 060) and go as they are; the others
  // are copied by the database from the index's version as the result is inserted (ADR 073), or
  // read by the main thread into the COPY line on PGlite (ADR 093).
  const rows = drafts.map((d): ResultRow => {
    const versionId = d.source ? (versions.get(d.source) ?? null) : null;
    const record = d.source && d.sourceRecordId ? keyed.record(d.source, d.sourceRecordId) : undefined;
    return {
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
  });
  // Every row of the slice went through screenRows (which throws rather than leave one out).
  const rowsScreened = input.rows.length;
  if (input.shape === 'copy') return { ...shapeForCopy(rows), nearMisses, ssnNotFound, open, screened: rowsScreened };
  return { results: rows.map((row) => JSON.stringify(row)), nearMisses, ssnNotFound, open, screened: rowsScreened };
}

/** The pool task's entry (see `ScreeningPool.runTask`). */
export const runTask = screenChunkSlice;
