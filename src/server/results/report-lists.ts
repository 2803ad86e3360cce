/**
 * The "Lists Searched" and "Not Searched" tables of every report and certificate (ADR 114): each
 * copy with its version and dates, "synthetic sample" beside the date of a shipped sample, a
 * stale copy's warning in words, and every list asked for but not searched with the reason.
 */
import type { ReportPdf } from './pdf-layout';
import type { TimeFormatter } from './report-time';

export interface ReportList {
  name: string;
  source: string;
  versionId: number;
  asOf: string | null;
  fetchedAt: string;
  synthetic: boolean;
  warning: string | null;
}

export interface ReportNotSearched {
  name: string;
  source: string;
  reason: string;
}

/** The date column's words: the publisher's date, and "synthetic sample" for a shipped sample. */
export const asOfWords = (l: Pick<ReportList, 'asOf' | 'synthetic'>): string => `${l.asOf ?? 'not stated'}${l.synthetic ? ', synthetic sample' : ''}`;

/** Both tables under `heading`; `empty` is the line of a search that covered no list. */
export function writeListTables(pdf: ReportPdf, lists: readonly ReportList[], notSearched: readonly ReportNotSearched[], time: TimeFormatter, heading = 'Lists Searched', empty = 'No list was searched.'): void {
  pdf.heading(heading);
  const table = pdf.table([{ label: 'List', width: 300 }, { label: 'Source', width: 70 }, { label: 'Version', width: 60 }, { label: 'As Of', width: 90 }, { label: 'Fetched At', width: 150 }]);
  for (const l of lists) table.row([l.warning ? `${l.name}. Warning: ${l.warning}` : l.name, l.source, l.versionId, asOfWords(l), time(l.fetchedAt)]);
  if (!lists.length) table.row([empty]);
  table.end();
  if (!notSearched.length) return;
  pdf.heading('Not Searched');
  pdf.note('These lists were asked for but not searched: a result says nothing about them.');
  const missing = pdf.table([{ label: 'List', width: 300 }, { label: 'Source', width: 70 }, { label: 'Reason', width: 300 }]);
  for (const l of notSearched) missing.row([l.name, l.source, l.reason]);
  missing.end();
}
