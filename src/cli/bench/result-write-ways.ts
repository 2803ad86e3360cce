/**
 * The ways of storing a batch's results that `result-write-postgres` compares (ADR 076, 080):
 * each sets the table up (indexes, foreign key, storage, statistics) and may reshape, copy or
 * leave out results. Some are proposals, some bounds (what fewer indexes or rows would save).
 */
import type { ResultWrite } from '#server/batches/processing-queries';

export interface Way {
  /** Statements that set the table up for this way (run before each of its rounds). */
  setup: string[];
  /** What the way stores of a result, when not the result as it was stored. */
  reshape?: (r: ResultWrite) => ResultWrite;
  /** The exclusion hits' records copied by the database from their list versions (as a batch writes them, ADR 073), not given whole. */
  copy?: boolean;
  /** The results the way writes (a bound: what fewer rows would save), when not all. */
  keep?: (r: ResultWrite) => boolean;
  /** Sent as a screening thread shapes them (ADR 084): each result's JSON text, the batch id and time once per statement. */
  isShaped?: boolean;
}

/** The table as migration 0028 left it: pglz compression, rows over ~2 KB compressed, four secondary indexes (the criteria one from 0008). */
const INDEXES = [
  // Migration 0029's partial indexes out first (the status index's name is the same).
  'DROP INDEX IF EXISTS batch_results_exclusion_score',
  'DROP INDEX IF EXISTS batch_results_batch_status',
  'CREATE INDEX IF NOT EXISTS batch_results_batch_type_row ON batch_results (batch_id, result_type, row_index)',
  'CREATE INDEX IF NOT EXISTS batch_results_batch_type_criteria ON batch_results (batch_id, result_type, search_criteria_key)',
  'CREATE INDEX batch_results_batch_status ON batch_results (batch_id, review_status)',
  'CREATE INDEX IF NOT EXISTS batch_results_batch_type_score ON batch_results (batch_id, result_type, score)',
];
/** The indexes as migration 0029 leaves them (ADR 080): the status index without the cleared results, the score index with only the exclusion hits. */
const PARTIAL_INDEXES = [
  'DROP INDEX IF EXISTS batch_results_batch_type_score',
  'DROP INDEX IF EXISTS batch_results_batch_status',
  'CREATE INDEX IF NOT EXISTS batch_results_batch_type_row ON batch_results (batch_id, result_type, row_index)',
  'CREATE INDEX IF NOT EXISTS batch_results_batch_type_criteria ON batch_results (batch_id, result_type, search_criteria_key)',
  "CREATE INDEX batch_results_batch_status ON batch_results (batch_id, review_status) WHERE review_status <> 'CLEARED'",
  "CREATE INDEX IF NOT EXISTS batch_results_exclusion_score ON batch_results (batch_id, score) WHERE result_type = 'exclusions'",
];
const FK = `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'batch_results_batch_id_batches_id_fk') THEN
  ALTER TABLE batch_results ADD CONSTRAINT batch_results_batch_id_batches_id_fk FOREIGN KEY (batch_id) REFERENCES batches(id) ON DELETE CASCADE; END IF; END $$`;
const NO_FK = 'ALTER TABLE batch_results DROP CONSTRAINT IF EXISTS batch_results_batch_id_batches_id_fk';
const STORAGE = ['ALTER TABLE batch_results ALTER COLUMN explanation SET COMPRESSION pglz, ALTER COLUMN record SET COMPRESSION pglz', 'ALTER TABLE batch_results RESET (toast_tuple_target)'];
/** The table as main left it (migration 0028): the foreign key, three full secondary indexes. */
const BEFORE = [...INDEXES, ...STORAGE, FK];
const PARTIAL = [...PARTIAL_INDEXES, ...STORAGE, FK];
/** The table as migration 0029 leaves it (ADR 080): partial indexes, no foreign key. */
const AFTER = [...PARTIAL_INDEXES, ...STORAGE, NO_FK, 'ALTER TABLE batch_results ALTER COLUMN explanation SET STATISTICS -1, ALTER COLUMN record SET STATISTICS -1'];
/** Results a reader could be shown without a row of their own (ADR 080's question 1): an SSN checked and not in the DMF, an NPI not in NPPES. */
const isSsnNotFound = (r: ResultWrite) => r.resultType === 'ssdmf' && r.source == null && (r.explanation as { dmfLoaded?: boolean }).dmfLoaded !== false;
const isNpiNotFound = (r: ResultWrite) => r.resultType === 'npi' && r.source == null;
/** An NPI result stored as `storedNpiCheck` (row-screening.ts) stores it: the name comparison's fields and version. */
function trimNpi(r: ResultWrite): ResultWrite {
  const e = r.explanation as { npiCheck?: { nameAgreement?: { explanation?: { fields?: unknown; algorithmVersion?: string } } | null } | null };
  const agreement = e?.npiCheck?.nameAgreement;
  if (!agreement?.explanation) return r;
  const { fields, algorithmVersion } = agreement.explanation;
  return { ...r, explanation: { ...e, npiCheck: { ...e.npiCheck, nameAgreement: { ...agreement, explanation: { algorithmVersion, fields } } } } };
}
export const WAYS: Record<string, Way> = {
  before: { setup: BEFORE },
  lz4: { setup: [...BEFORE, 'ALTER TABLE batch_results ALTER COLUMN explanation SET COMPRESSION lz4, ALTER COLUMN record SET COMPRESSION lz4'] },
  uncompressed: { setup: [...BEFORE, 'ALTER TABLE batch_results SET (toast_tuple_target = 8160)'] },
  'npi-trimmed': { setup: BEFORE, reshape: trimNpi },
  'npi-trimmed-lz4': { setup: [...BEFORE, 'ALTER TABLE batch_results ALTER COLUMN explanation SET COMPRESSION lz4, ALTER COLUMN record SET COMPRESSION lz4'], reshape: trimNpi },
  'npi-trimmed-uncompressed': { setup: [...BEFORE, 'ALTER TABLE batch_results SET (toast_tuple_target = 8160)'], reshape: trimNpi },
  // Bounds, not proposals: what the secondary indexes and the foreign key cost.
  'no-secondary-indexes': { setup: [...BEFORE, 'DROP INDEX batch_results_batch_type_row, batch_results_batch_status, batch_results_batch_type_score'] },
  'no-score-index': { setup: [...BEFORE, 'DROP INDEX batch_results_batch_type_score'] },
  'npi-trimmed-no-score-index': { setup: [...BEFORE, 'DROP INDEX batch_results_batch_type_score'], reshape: trimNpi },
  'npi-trimmed-no-secondary-indexes': { setup: [...BEFORE, 'DROP INDEX batch_results_batch_type_row, batch_results_batch_status, batch_results_batch_type_score'], reshape: trimNpi },
  // ADR 076 round 2: the exclusion hits' records copied in SQL, as a batch writes them ('before' gives them all whole).
  copied: { setup: BEFORE, copy: true },
  'no-foreign-key': { setup: [...BEFORE, 'ALTER TABLE batch_results DROP CONSTRAINT batch_results_batch_id_batches_id_fk'] },
  // ADR 080: migration 0029's partial indexes (kept), and bounds of what else a row costs.
  'partial-indexes': { setup: PARTIAL, copy: true },
  'partial-indexes-no-foreign-key': { setup: AFTER, copy: true },
  'partial-indexes-no-ssn-not-found': { setup: PARTIAL, copy: true, keep: (r) => !isSsnNotFound(r) },
  'partial-indexes-no-ssn-or-npi-not-found': { setup: PARTIAL, copy: true, keep: (r) => !isSsnNotFound(r) && !isNpiNotFound(r) },
  // Bounds on top of migration 0029: without the SSNs not in the DMF, without the criteria index (0008).
  'after-no-ssn-not-found': { setup: AFTER, copy: true, keep: (r) => !isSsnNotFound(r) },
  'after-no-criteria-index': { setup: [...AFTER, 'DROP INDEX IF EXISTS batch_results_batch_type_criteria'], copy: true },
  // No statistics gathered on the JSON columns, which no plan uses (see BENCH_WRITE_ANALYZE).
  'after-no-json-statistics': { setup: [...AFTER, 'ALTER TABLE batch_results ALTER COLUMN explanation SET STATISTICS 0, ALTER COLUMN record SET STATISTICS 0'], copy: true },
  // ADR 084: the results shaped on the screening threads (compare with partial-indexes-no-foreign-key, the statement before).
  shaped: { setup: AFTER, copy: true, isShaped: true },
};
