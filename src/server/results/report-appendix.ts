/**
 * The appendix of both PDF reports: every result under review or confirmed as a match, in full
 * (the list record's fields, why it matched, its whole history). Other results are in the
 * tables only, so a large batch's report grows with what reviewers are working on, not its size.
 */
import type { ListRecord } from '#shared/list-record';
import { explanationWords } from '#shared/match-words';
import { nameAgreementLines, nameAgreementVerdict, npiFindings, type StoredNpiExplanation } from '#shared/npi-words';
import { MatchExplanationSchema } from '#shared/result-detail';
import { REVIEW_STATUS_LABELS } from '#shared/review-status';
import type { Db } from '../db/client';
import type { ReportPdf } from './pdf-layout';
import { appendixResults } from './report-data';
import { CHECK_NAMES, criteriaText, historyLines, listAndRecord, rowLabel, type ReportResult } from './report-lines';
import { recordFacts } from './report-record';
import type { TimeFormatter } from './report-time';

/** Why the result is there, in the drawer's words. */
function whyLines(x: ReportResult): [string, string][] {
  if (x.result_type === 'exclusions') {
    const e = MatchExplanationSchema.safeParse(x.explanation);
    if (!e.success) return [];
    const w = explanationWords(e.data);
    return [['Why It Matched', [w.matchedThrough, ...w.lines, ...w.notes].filter(Boolean).join('; ')], ['Score', w.verdict.replace(/^[^:]*: score /, '')]];
  }
  if (x.result_type === 'npi') {
    const e = x.explanation as unknown as StoredNpiExplanation;
    const agreement = e.npiCheck?.nameAgreement;
    return [
      ['Findings', npiFindings(e).join(' ') || 'None'],
      ['Name Agreement', [nameAgreementVerdict(agreement), ...nameAgreementLines(agreement)].filter(Boolean).join('; ')],
    ].filter(([, v]) => v) as [string, string][];
  }
  return [];
}

function drawResult(pdf: ReportPdf, x: ReportResult, time: TimeFormatter): void {
  const title = `${rowLabel(x.row_index, x.unique_id)}: ${CHECK_NAMES[x.result_type]}, ${REVIEW_STATUS_LABELS[x.review_status]}`;
  pdf.heading(title, 50);
  const history = historyLines(x, time);
  pdf.facts([
    ['Searched', criteriaText(x.values ?? {})],
    ['List And Record', listAndRecord(x)],
    ...whyLines(x),
    ...recordFacts(x.record as Partial<ListRecord> | null),
    ['Status History', history.length ? history.join('\n') : 'No change since screening.'],
  ]);
}

/** Writes the appendix; answers how many results it holds. */
export async function writeAppendix(pdf: ReportPdf, db: Db, batchId: number, time: TimeFormatter, pause: () => Promise<void>, only?: 'exclusions'): Promise<number> {
  let n = 0;
  for await (const page of appendixResults(db, batchId, only)) {
    if (n === 0) {
      pdf.newPage();
      pdf.titleBlock('Appendix: Records Under Review Or Matched', ['Every result a reviewer put Under Review or confirmed as a match (Reviewed: Match), in full. Results that need review, and cleared ones, are in the table only.']);
    }
    for (const x of page) {
      drawResult(pdf, x, time);
      n++;
    }
    await pause();
  }
  return n;
}
