/** What the reports say of a row and a result: outcome, final status, who decided, when, the notes. */
import { maskSsn } from '#shared/identifiers';
import type { ListRecord } from '#shared/list-record';
import { explanationLine } from '#shared/match-words';
import { MatchExplanationSchema, NPI_STATUS_TEXTS, REVIEW_STATUS_LABELS } from '#shared/results';
import type { ResultRow } from './page-queries';
import { npiStatusOf, orderedValues, shownRecordId, sourceName, toNpiResult, toSsdmfResult } from './record-views';
import type { HistoryRow } from './review-queries';
import type { ReportRow } from './report-data';

export const isoOrEmpty = (d: Date | string | null | undefined): string => (d ? new Date(d).toISOString() : '');

/** The row's searched values as one text (SSNs masked). */
export function criteriaText(values: Record<string, string>): string {
  return orderedValues(values)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${k === 'SSN' ? maskSsn(v) : v}`)
    .join('; ');
}

/** Name of the list record a result points at. */
export function recordName(row: ResultRow): string {
  const r = (row.record ?? {}) as Partial<ListRecord>;
  return [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ') || r.businessName || '';
}

/** What the search found, in words, with why (the words of the drawer: src/shared/match-words.ts). */
export function outcomeOf(row: ResultRow): string {
  if (row.result_type === 'exclusions') {
    const why = MatchExplanationSchema.safeParse(row.explanation);
    return `Potential match on ${sourceName(row.source)}${why.success ? `: ${explanationLine(why.data)}` : ''}`;
  }
  if (row.result_type === 'npi') {
    const n = toNpiResult(row, false);
    return ['NPI ' + NPI_STATUS_TEXTS[npiStatusOf(row.explanation)], n.optOutStatusText, n.exclusionStatusText, ...n.findings].filter(Boolean).join('; ');
  }
  return toSsdmfResult(row, false).ssdmfStatus;
}

/** The row's outcome when it has no result at all. */
export const NO_MATCH = 'No match';

export interface Decision {
  finalStatus: string;
  decidedBy: string;
  decidedAt: string;
  notes: string;
  history: string;
}

/** Final status and the last decision; results set by the screening itself are 'Clearlist (screening)'. */
export function decisionOf(row: ResultRow & { history: HistoryRow[] }): Decision {
  const last = row.history.at(-1);
  const notes = row.history.filter((h) => h.note).map((h) => h.note!);
  return {
    finalStatus: REVIEW_STATUS_LABELS[row.review_status],
    decidedBy: last ? last.user_name : row.review_status === 'CLEARED' ? 'Clearlist (screening)' : '',
    decidedAt: last ? isoOrEmpty(last.changed_at) : '',
    notes: notes.join(' | ') || row.latest_note || '',
    history: row.history
      .map((h) => `${isoOrEmpty(h.changed_at)} ${h.user_name}: ${h.from_status ? `${REVIEW_STATUS_LABELS[h.from_status]} to ` : ''}${REVIEW_STATUS_LABELS[h.to_status]}${h.note ? ` (${h.note})` : ''}`)
      .join(' | '),
  };
}

/** Rows of the report table: one per result, or one 'No match' line for a row without any. */
export function reportTableRows(r: ReportRow): (string | number | null)[][] {
  const head = [r.rowIndex + 1, r.uniqueId ?? '', criteriaText(r.values)];
  if (!r.results.length) return [[...head, NO_MATCH, '', '', '', '', '', '', '', '', '', '', '', '']];
  return r.results.map((x) => {
    const d = decisionOf(x);
    return [...head, outcomeOf(x), sourceName(x.source), shownRecordId(x.source, x.source_record_id) ?? '', recordName(x), x.score ?? '', x.list_version_id ?? '', d.finalStatus, d.decidedBy, d.decidedAt, d.notes, d.history, x.result_type, algorithmVersionOf(x.explanation)];
  });
}

export const REPORT_TABLE_HEADER = [
  'Row Number',
  'Unique ID',
  'Search Criteria',
  'Outcome',
  'List',
  'Record ID',
  'Matched Name',
  'Score',
  'List Version',
  'Final Status',
  'Decided By',
  'Decided At',
  'Notes',
  'Status History',
  'Result Type',
  'Algorithm Version',
];

/** The version of the matching rules that scored an exclusion result ('' for checks and older results). */
export function algorithmVersionOf(explanation: Record<string, unknown> | null | undefined): string {
  const v = explanation?.algorithmVersion;
  return typeof v === 'string' ? v : '';
}
