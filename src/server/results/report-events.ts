/** The audit report's events, in words: the batch's own events and every status change, by time. */
import { REVIEW_STATUS_LABELS } from '#shared/review-status';
import type { BatchEvent } from '../batches/public';
import type { DecisionGroup } from './report-summary';
import type { TimeFormatter } from './report-time';

export interface EventLine {
  at: Date;
  who: string;
  what: string;
  details: string;
}

const CHECK_WORDS: Record<string, string> = { exclusions: 'exclusion match', npi: 'NPI check', ssdmf: 'SSDMF check' };
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** Rows named one by one in the report; the rest are counted. */
export const SKIPPED_ROWS_NAMED = 200;

/** "2 rows skipped for problems: row 8 (NPI check digit is not valid.), row 65 (…)" (issue 18 item 6). */
function skippedWords(d: Record<string, unknown>): string {
  const count = Number(d.skippedRows ?? 0);
  if (!count) return '';
  const named = (Array.isArray(d.skipped) ? (d.skipped as { row: number; reason: string }[]) : []).slice(0, SKIPPED_ROWS_NAMED);
  const rest = count - named.length;
  return `${plural(count, 'row')} of the file skipped for problems, at the uploader's choice: ${named.map((s) => `row ${s.row} (${s.reason})`).join(', ')}${rest > 0 ? `, and ${plural(rest, 'more row')}` : ''}`;
}

function batchEventLine(e: BatchEvent, time: TimeFormatter): EventLine {
  const d = e.details;
  const backfilled = d.backfilled ? ' (taken from the batch\u2019s dates: recorded before batch events were kept)' : '';
  const line = (what: string, details = '') => ({ at: e.at, who: e.userName, what, details: details + backfilled });
  switch (e.kind) {
    case 'uploaded':
      return line('Uploaded', [text(d.fileName), d.sheet ? `sheet “${text(d.sheet)}”` : '', d.rows ? plural(Number(d.rows), 'row') : ''].filter(Boolean).join(', '));
    case 'submitted':
      return line('Submitted for screening', [d.sheet ? `sheet “${text(d.sheet)}”` : '', d.rows ? plural(Number(d.rows), 'row') : '', Array.isArray(d.searchTypes) ? d.searchTypes.join(', ') : '', skippedWords(d)].filter(Boolean).join('; '));
    case 'cancel-requested':
      return line('Cancel requested', d.statusBefore ? `The batch was ${text(d.statusBefore)}.` : '');
    case 'cancelled':
      return line('Cancelled', [d.byOperator ? 'By Clearlist operations (Batch Queue Management).' : '', 'Screening stopped; rows not yet screened have no results.'].filter(Boolean).join(' '));
    case 'chunks-retried':
      return line('Failed rows queued again', `By Clearlist operations: ${plural(Number(d.chunks ?? 0), 'failed chunk')} screened again; rows already screened keep their results.`);
    case 'rescreened':
      return line('Rows screened again before completion', `The completion check found ${plural(Array.isArray(d.chunks) ? d.chunks.length : 0, 'chunk')} without a whole outcome (${Array.isArray(d.reasons) ? d.reasons.map(text).join('; ') : ''}): ${Array.isArray(d.chunks) && d.chunks.length === 1 ? 'it was' : 'they were'} screened again; the batch completed only after.`);
    case 'resubmitted':
      return line('Resubmitted', [d.statusBefore ? `After ${text(d.statusBefore)}.` : '', d.previousSubmittedAt ? `The previous submission was at ${time(text(d.previousSubmittedAt))}.` : '', 'Results screened before are replaced; their history is kept.'].filter(Boolean).join(' '));
    case 'completed':
      return line('Screening completed', [d.rows !== undefined ? plural(Number(d.rows), 'row') + ' screened' : '', d.toReview !== undefined ? plural(Number(d.toReview), 'result') + ' to review' : ''].filter(Boolean).join(', '));
    case 'failed':
      return line('Screening failed', text(d.status));
    case 'removed':
      return line('Removed', 'The batch was removed from the batch list.');
    case 'npi-rechecked':
      return line('NPI results re-checked', `${plural(Number(d.checked ?? 0), 'NPI result')} cleared before the name agreement and shared-NPI rules were checked with them; ${plural(Number(d.findings ?? 0), 'result')} became findings to review.`);
  }
}

function decisionLine(g: DecisionGroup): EventLine {
  const rows = g.rows.map((r) => `row ${r.rowNumber}${r.uniqueId ? ` (${r.uniqueId})` : ''} ${CHECK_WORDS[r.check] ?? r.check}`);
  const named = g.count - g.earlierRun;
  if (named > rows.length) rows.push(`${plural(named - rows.length, 'more result')}`);
  if (g.earlierRun) rows.push(`${plural(g.earlierRun, 'result')} of an earlier run of the batch`);
  const change = `${g.from ? `${REVIEW_STATUS_LABELS[g.from]} to ` : ''}${REVIEW_STATUS_LABELS[g.to]}`;
  const details = [`${change}: ${rows.join(', ')}.`, g.note ? `Note: \u201c${g.note}\u201d` : 'No note.'].join(' ');
  if (g.kind === 'carried-forward') return { at: g.at, who: 'Clearlist', what: 'Earlier clearing carried forward', details: `${details} (The same person was cleared against the same, unchanged record in an earlier batch.)` };
  return { at: g.at, who: g.userName, what: g.count === 1 ? 'Status changed' : `Status changed (${plural(g.count, 'result')})`, details };
}

/** Batch events and status changes merged by time (a batch event first when they tie). */
export function eventLines(events: readonly BatchEvent[], decisions: readonly DecisionGroup[], time: TimeFormatter): EventLine[] {
  const all = [...events.map((e) => ({ order: 0, line: batchEventLine(e, time) })), ...decisions.map((g) => ({ order: 1, line: decisionLine(g) }))];
  return all.sort((a, b) => a.line.at.getTime() - b.line.at.getTime() || a.order - b.order).map((x) => x.line);
}
