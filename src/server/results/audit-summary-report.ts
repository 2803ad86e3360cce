/**
 * The Audit Summary Report (issue 55, ADR 130): the full Audit Report's first page (the batch, who
 * ran it and when, the counts by status, every list searched with its dates, the matching rules)
 * and its findings only: one line per result not cleared. Cleared rows are counted, not listed,
 * so a 20,000-row batch's summary is as long as its findings. CSV: the findings lines.
 */
import type { Readable } from 'node:stream';
import { batchEventsOf } from '../batches/public';
import { auditRowsCsv, batchFacts, generatedLine, writeCounts, writeLists, type ReportContext } from './audit-report';
import { ReportPdf } from './pdf-layout';
import { findingRows, reportHeader } from './report-data';
import { AUDIT_COLUMNS, auditTableLines, rulesNote } from './report-lines';
import { algorithmVersions, statusCounts } from './report-summary';
import { localTimeFormatter } from './report-time';

export const SUMMARY_TITLE = 'Audit Summary Report';

export function auditSummaryCsv(c: ReportContext): Readable {
  return auditRowsCsv(c, findingRows);
}

export function auditSummaryPdf(c: ReportContext): Readable {
  const time = localTimeFormatter(c.timeZone);
  const pdf = new ReportPdf({ title: SUMMARY_TITLE, subtitle: `${c.batch.fileName} \u00b7 batch ${c.batch.id}`, footer: generatedLine(c, time) });
  return pdf.stream(async (pause) => {
    const [h, events, counts, versions] = await Promise.all([reportHeader(c.db, c.batch), batchEventsOf(c.db, c.batch.id), statusCounts(c.db, c.batch.id), algorithmVersions(c.db, c.batch.id)]);
    pdf.titleBlock(SUMMARY_TITLE, [
      `${c.batch.fileName}, batch ${c.batch.id}: the lists searched, the counts by status and every finding (a result still to review, under review or confirmed as a match). Cleared results are counted here; the Audit Report lists every row, every event and every decision.`,
    ]);
    pdf.heading('Batch');
    pdf.facts(batchFacts(h, c, events, time));
    writeCounts(pdf, counts);
    writeLists(pdf, h, time);
    if (versions.length) pdf.note(rulesNote(versions));

    pdf.heading('Findings');
    let table: ReturnType<ReportPdf['table']> | null = null;
    for await (const page of findingRows(c.db, c.batch.id)) {
      table ??= pdf.table(AUDIT_COLUMNS);
      for (const row of page) auditTableLines(row, time).forEach((cells, i) => table!.row(i === 0 ? cells : [cells[0], cells[1], '', ...cells.slice(3)], cells));
      await pause();
    }
    if (table) table.end();
    else pdf.note('No findings: every result was cleared.');
  });
}
