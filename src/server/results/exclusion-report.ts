/**
 * The Exclusion Records Returned Report: every exclusion record the batch returned (ADR 033). PDF:
 * a first page (batch, who ran it and when, lists searched, counts by status), a table with one
 * line per record, and an appendix with every field of the records under review or matched.
 * CSV: the table, one row per record, the same columns.
 */
import type { Readable } from 'node:stream';
import type { ListRecord } from '#shared/list-record';
import { REVIEW_STATUS_LABELS } from '#shared/review-status';
import { batchEventsOf } from '../batches/public';
import { csvLine, csvStream } from './csv';
import type { Column, CellText } from './pdf-layout';
import { ReportPdf } from './pdf-layout';
import { batchFacts, generatedLine, writeCounts, writeLists, type ReportContext } from './audit-report';
import { writeAppendix } from './report-appendix';
import { reportHeader, reportRows, type ReportRow } from './report-data';
import { criteriaText, decisionOf, listAndRecord, type ReportResult } from './report-lines';
import { addressText, fieldText } from './report-record';
import { statusCounts } from './report-summary';
import { localTimeFormatter, type TimeFormatter } from './report-time';

export const EXCLUSION_COLUMNS: Column[] = [
  { label: 'Row', width: 24, align: 'right' },
  { label: 'Unique ID', width: 44 },
  { label: 'Searched', width: 76 },
  { label: 'List And Record', width: 70 },
  { label: 'Name On The List', width: 78 },
  { label: 'Date Of Birth', width: 50 },
  { label: 'NPI', width: 48 },
  { label: 'Address', width: 70 },
  { label: 'Exclusion Type', width: 84 },
  { label: 'Exclusion Date', width: 50 },
  { label: 'Score', width: 28, align: 'right' },
  { label: 'Status', width: 46 },
  { label: 'Notes', width: 52 },
];

function nameOnList(r: Partial<ListRecord>): string {
  const own = [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ') || r.businessName || '';
  const others = [...(r.akas ?? []).map((a) => `AKA ${a}`), ...(r.dbas ?? []).map((d) => `DBA ${d}`)];
  return [own, ...others].filter(Boolean).join('; ');
}

function exclusionLine(row: ReportRow, x: ReportResult, time: TimeFormatter): CellText[] {
  const r = (x.record ?? {}) as Partial<ListRecord>;
  const d = decisionOf(x, time);
  return [row.rowIndex + 1, row.uniqueId ?? '', criteriaText(row.values), listAndRecord(x), nameOnList(r), r.dateOfBirth ?? '', r.npi ?? '', addressText(r), fieldText(r, 'exclusionType'), r.exclusionDate ?? '', x.score === null ? '' : x.score.toFixed(2), REVIEW_STATUS_LABELS[x.review_status], d.notes];
}

export function exclusionReportCsv(c: ReportContext): Readable {
  const time = localTimeFormatter(c.timeZone);
  return csvStream(async function* () {
    yield csvLine(EXCLUSION_COLUMNS.map((col) => col.label));
    for await (const page of reportRows(c.db, c.batch.id, 'exclusions')) {
      let chunk = '';
      for (const row of page) for (const x of row.results) chunk += csvLine(exclusionLine(row, x, time));
      yield chunk;
    }
  });
}

export function exclusionReportPdf(c: ReportContext): Readable {
  const time = localTimeFormatter(c.timeZone);
  const pdf = new ReportPdf({ title: 'Exclusion Records Returned Report', subtitle: `${c.batch.fileName} \u00b7 batch ${c.batch.id}`, footer: generatedLine(c, time) });
  return pdf.stream(async (pause) => {
    const [h, events, counts] = await Promise.all([reportHeader(c.db, c.batch), batchEventsOf(c.db, c.batch.id), statusCounts(c.db, c.batch.id, 'exclusions')]);
    pdf.titleBlock('Exclusion Records Returned Report', [`${c.batch.fileName}${c.batch.sheetName ? `, sheet “${c.batch.sheetName}”` : ''}, batch ${c.batch.id}: every exclusion record the batch's rows matched, as the list published it, with its review status.`]);
    pdf.heading('Batch');
    pdf.facts(batchFacts(h, c, events, time));
    // The counts before the lists: with every state list the lists table can run past the first page.
    writeCounts(pdf, counts);
    writeLists(pdf, h, time);

    pdf.newPage();
    pdf.titleBlock('Exclusion Records Returned', ['One line per exclusion record returned; exclusion types carry their meaning.']);
    const table = pdf.table(EXCLUSION_COLUMNS);
    let count = 0;
    for await (const page of reportRows(c.db, c.batch.id, 'exclusions')) {
      for (const row of page) {
        row.results.forEach((x, i) => {
          const cells = exclusionLine(row, x, time);
          table.row(i === 0 ? cells : [cells[0], cells[1], '', ...cells.slice(3)], cells);
          count++;
        });
      }
      await pause();
    }
    if (count === 0) table.row(['', '', 'The batch returned no exclusion records.']);
    table.end();
    await writeAppendix(pdf, c.db, c.batch.id, time, pause, 'exclusions');
  });
}
