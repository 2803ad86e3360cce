/**
 * How a screening thread shapes a batch result for the write (ADR 084, ADR 093): as the JSON
 * object text the insert's `jsonb_to_recordset` reads (PostgreSQL, and every result whose record
 * the database copies from its list version), or as a line of PostgreSQL's COPY text format
 * (PGlite: COPY parses each field once and writes a page of rows per WAL record, where the JSON
 * statement parsed the whole array and then every field again). Pure: the threads import it.
 */

/** A result row as the write takes it; `record_from` names the list version to copy `record` from. */
export interface ResultRow {
  row_index: number;
  result_type: string;
  search_type: string;
  source: string | null;
  source_record_id: string | null;
  score: number | null;
  explanation: unknown;
  review_status: string;
  search_criteria_key: string;
  list_version_id: number | null;
  record: unknown;
  record_from: number | null;
}

/** The keys of a shaped JSON result, as the insert's `jsonb_to_recordset` reads them. */
export const RESULT_COLUMNS = ['row_index', 'result_type', 'search_type', 'source', 'source_record_id', 'score', 'explanation', 'review_status', 'search_criteria_key', 'list_version_id', 'record', 'record_from'] as const;

/** The columns of a COPY line as a thread shapes it; the writer puts the batch id and the creation time before them. */
export const COPY_LINE_COLUMNS = ['row_index', 'result_type', 'search_type', 'source', 'source_record_id', 'score', 'explanation', 'review_status', 'search_criteria_key', 'list_version_id', 'record'] as const;
export const COPY_PREFIX_COLUMNS = ['batch_id', 'created_at'] as const;

/** A line waiting for its record: its place among the slice's results, the list version and the record id to read it from. */
export type RecordToCopy = [at: number, versionId: number, recordId: string];

const NULL_FIELD = '\\N';
const TO_ESCAPE = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text field of COPY's text format: backslash, tab, newline and carriage return escaped. */
export function copyText(value: string | null): string {
  if (value === null) return NULL_FIELD;
  return TO_ESCAPE.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
}

/**
 * A number field. What is not a finite number is NULL, as JSON.stringify writes it for the
 * JSON statement (NaN, Infinity): both ways store the same value.
 */
const copyNumber = (value: number | null): string => (typeof value === 'number' && Number.isFinite(value) ? String(value) : NULL_FIELD);

/**
 * A jsonb field: its JSON text, which holds no raw control character, its backslashes doubled. JSON.stringify
 * writes every control character as an escape (tab, newline and carriage return among them), so a backslash
 * is the only COPY markup its text can hold: looked for as one character, not with `copyText`'s expression
 * over text of a kilobyte or more per explanation (ADR 096).
 */
export function copyJson(value: unknown): string {
  if (value === null || value === undefined) return NULL_FIELD;
  const json = JSON.stringify(value);
  return json !== undefined && json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
}

/** The row's COPY fields but the record (the last). */
function copyFieldsButRecord(row: ResultRow): string {
  return [
    copyNumber(row.row_index),
    copyText(row.result_type),
    copyText(row.search_type),
    copyText(row.source),
    copyText(row.source_record_id),
    copyNumber(row.score),
    copyJson(row.explanation),
    copyText(row.review_status),
    copyText(row.search_criteria_key),
    copyNumber(row.list_version_id),
  ].join('\t');
}

/** The row as a COPY text line of `COPY_LINE_COLUMNS`, its record as given. */
export const resultCopyLine = (row: ResultRow): string => `${copyFieldsButRecord(row)}\t${copyJson(row.record)}`;

/**
 * The rows as COPY lines. A row whose record is to be copied from a list version (`record_from`)
 * lacks its last field: the main thread reads the record's stored text and appends it
 * (`withCopiedRecords`), since a COPY cannot read it as the JSON statement's subquery does.
 */
export function shapeForCopy(rows: readonly ResultRow[]): { results: string[]; recordsToCopy: RecordToCopy[] } {
  const recordsToCopy: RecordToCopy[] = [];
  const results = rows.map((row, at) => {
    if (row.record_from === null || row.source_record_id === null) return resultCopyLine(row);
    recordsToCopy.push([at, row.record_from, row.source_record_id]);
    return copyFieldsButRecord(row);
  });
  return { results, recordsToCopy };
}
