/**
 * What the reports say of a row and a result: outcome, final status, who decided, when, the notes;
 * and the audit report's records table, one line per result (the PDF table and the CSV share it).
 */
import { maskSsn } from '#shared/identifiers';
import { npiCriterionText } from '#shared/npi-problems';
import type { ListRecord } from '#shared/list-record';
import { explanationLine } from '#shared/match-words';
import { MatchExplanationSchema } from '#shared/result-detail';
import { NPI_STATUS_TEXTS } from '#shared/result-texts';
import { REVIEW_STATUS_LABELS } from '#shared/review-status';
import type { ResultRow } from './page-queries';
import type { Column, CellText } from './pdf-layout';
import { npiStatusOf, orderedValues, shownRecordId, sourceName, toNpiResult, toSsdmfResult } from './record-views';
import type { HistoryRow } from './review-queries';
import type { ReportRow } from './report-data';
import type { TimeFormatter } from './report-time';
import { matchingRulesCell, matchingRulesLabel } from '#shared/matching-rules';

export type ReportResult = ResultRow & { history: HistoryRow[] };

/** The row's searched values as one text (SSNs masked, an NPI's problem said). */
export function criteriaText(values: Record<string, string>): string {
  return orderedValues(values)
    .filter(([, v]) => v)
    .map(([k, v]) => (k === 'NPI' ? npiCriterionText(v, values, 'NPI: ') : `${k}: ${k === 'SSN' ? maskSsn(v) : v}`))
    .join('; ');
}

/** "Row 12 (EMP-1012)". */
export const rowLabel = (rowIndex: number, uniqueId: string | null): string => `Row ${rowIndex + 1}${uniqueId ? ` (${uniqueId})` : ''}`;

/** Name of the list record a result points at. */
export function recordName(row: ResultRow): string {
  const r = (row.record ?? {}) as Partial<ListRecord>;
  return [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ') || r.businessName || '';
}

export const CHECK_NAMES: Record<string, string> = { exclusions: 'Exclusion', npi: 'NPI', ssdmf: 'SSDMF' };

/** What the search found, in words, with why (the words of the drawer: src/shared/match-words.ts). */
export function outcomeOf(row: ResultRow): string {
  if (row.result_type === 'exclusions') {
    const why = MatchExplanationSchema.safeParse(row.explanation);
    return `Potential match${why.success ? `: ${explanationLine(why.data)}` : ''}`;
  }
  if (row.result_type === 'npi') {
    const n = toNpiResult(row, false);
    return ['NPI ' + NPI_STATUS_TEXTS[npiStatusOf(row.explanation)], n.optOutStatusText, n.exclusionStatusText, ...n.findings].filter(Boolean).join('; ');
  }
  return toSsdmfResult(row, false).ssdmfStatus;
}

/** The row's outcome when it has no result at all. */
export const NO_MATCH = 'No match';

/** Who screened a result that no person decided: the screening itself. */
export const SCREENING_ACTOR = 'Clearlist (screening)';

export interface Decision {
  finalStatus: string;
  decidedBy: string;
  decidedAt: string;
  notes: string;
}

/** Final status and the last decision; results set by the screening itself are 'Clearlist (screening)'. */
export function decisionOf(row: ReportResult, time: TimeFormatter): Decision {
  const last = row.history.at(-1);
  const notes = row.history.filter((h) => h.note).map((h) => h.note!);
  return {
    finalStatus: REVIEW_STATUS_LABELS[row.review_status],
    decidedBy: last ? last.user_name : row.review_status === 'CLEARED' ? SCREENING_ACTOR : '',
    decidedAt: last ? time(last.changed_at) : '',
    notes: notes.join(' | ') || row.latest_note || '',
  };
}

/** One line per history entry: "2026-04-02 05:00:00 EDT, Rita Reviewer: Needs Review to Reviewed: Clear (note)". */
export function historyLines(row: ReportResult, time: TimeFormatter): string[] {
  return row.history.map((h) => {
    const who = h.kind === 'carried-forward' ? `Clearlist, carrying forward ${h.earlier_user_name ?? 'an earlier'}'s clearing in ${h.earlier_file_name ?? 'an earlier batch'}` : h.user_name;
    return `${time(h.changed_at)}, ${who}: ${h.from_status ? `${REVIEW_STATUS_LABELS[h.from_status]} to ` : ''}${REVIEW_STATUS_LABELS[h.to_status]}${h.note ? ` (\u201c${h.note}\u201d)` : ''}`;
  });
}

const SHORT_LIST_NAMES: Record<string, string> = { leie: 'LEIE', sam: 'SAM', nppes: 'NPPES', dmf: 'SSA DMF', optout: 'Medicare Opt-Out', 'ofac-sdn': 'OFAC SDN', 'ofac-consolidated': 'OFAC Consolidated' };

/** A list's short name for table cells ("LEIE", "State CA"); the first page names each in full. */
export function shortListName(source: string | null): string {
  if (!source) return '';
  if (source.startsWith('state-')) return `State ${source.slice(6).toUpperCase()}`;
  return SHORT_LIST_NAMES[source] ?? sourceName(source);
}

/** "LEIE, record 123, version 4" (the list version); "SSA DMF, version 9" for an SSN checked and not found. */
export function listAndRecord(x: ResultRow): string {
  const list = x.source ?? (x.result_type === 'ssdmf' && x.list_version_id ? 'dmf' : null);
  return [shortListName(list), x.source_record_id ? `record ${shownRecordId(x.source, x.source_record_id)}` : '', x.list_version_id ? `version ${x.list_version_id}` : ''].filter(Boolean).join(', ');
}

/** The matching rules that scored an exclusion result, in words ('' for checks and older results). */
export function matchingRulesOf(explanation: Record<string, unknown> | null | undefined): string {
  const v = explanation?.algorithmVersion;
  return typeof v === 'string' ? matchingRulesCell(v) : '';
}

/** The first page's line: "Matches were scored by the matching rules of December 2026 (version fuzzy-2026.12-e)." */
export const rulesNote = (versions: readonly string[]): string => `Matches were scored by the ${versions.map((v) => matchingRulesLabel(v).replace(/^M/, 'm')).join('; the ')}.`;

/** The audit report's records table: the PDF's columns (widths are relative) and the CSV's header. */
export const AUDIT_COLUMNS: Column[] = [
  { label: 'Row', width: 24, align: 'right' },
  { label: 'Unique ID', width: 48 },
  { label: 'Searched', width: 104 },
  { label: 'Check', width: 44 },
  { label: 'Outcome', width: 150 },
  { label: 'List And Record', width: 90 },
  { label: 'Score', width: 30, align: 'right' },
  { label: 'Status', width: 50 },
  { label: 'Decided', width: 74 },
  { label: 'Notes', width: 58 },
  { label: 'Matching Rules', width: 48 },
];

/** Lines of the records table: one per result, or one 'No match' line for a row without any. */
export function auditTableLines(r: ReportRow, time: TimeFormatter): CellText[][] {
  const head = [r.rowIndex + 1, r.uniqueId ?? '', criteriaText(r.values)];
  if (!r.results.length) return [[...head, '', NO_MATCH, '', '', '', '', '', '']];
  return r.results.map((x) => {
    const d = decisionOf(x, time);
    const decided = [d.decidedBy, d.decidedAt].filter(Boolean).join(', ');
    return [...head, CHECK_NAMES[x.result_type] ?? x.result_type, outcomeOf(x), listAndRecord(x), x.score === null ? '' : x.score.toFixed(2), d.finalStatus, decided, d.notes, matchingRulesOf(x.explanation)];
  });
}
