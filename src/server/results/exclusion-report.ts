/**
 * The Exclusion Records Returned Report: every exclusion record the batch returned, with its
 * source fields as the list published them, the row it matched and its review status.
 */
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { describeExclusionType } from '#shared/exclusion-types';
import { maskSsn } from '#shared/identifiers';
import type { ListRecord } from '#shared/list-record';
import { REVIEW_STATUS_LABELS } from '#shared/results';
import type { ResultRow } from './page-queries';
import { csvLine, csvStream } from './csv';
import { pdfStream } from './pdf';
import type { ReportContext } from './audit-report';
import { reportRows, type ReportRow } from './report-data';
import { criteriaText } from './report-lines';
import { sourceName } from './record-views';

/** The list record's fields, in the common record's order, with their labels. */
const RECORD_FIELDS: [keyof ListRecord, string][] = [
  ['sourceRecordId', 'Record ID'],
  ['kind', 'Kind'],
  ['prefix', 'Prefix'],
  ['firstName', 'First Name'],
  ['middleName', 'Middle Name'],
  ['lastName', 'Last Name'],
  ['suffix', 'Suffix'],
  ['businessName', 'Business Name'],
  ['akas', 'AKAs'],
  ['dbas', 'DBAs'],
  ['dateOfBirth', 'Date of Birth'],
  ['npi', 'NPI'],
  ['upin', 'UPIN'],
  ['ssn', 'SSN'],
  ['ein', 'EIN'],
  ['licenseNumbers', 'License Numbers'],
  ['providerNumbers', 'Provider Numbers'],
  ['address', 'Address'],
  ['city', 'City'],
  ['county', 'County'],
  ['state', 'State'],
  ['postalCode', 'Postal Code'],
  ['country', 'Country'],
  ['specialty', 'Specialty'],
  ['classification', 'Classification'],
  ['exclusionType', 'Exclusion Type'],
  ['exclusionTerm', 'Exclusion Term'],
  ['exclusionDate', 'Exclusion Date'],
  ['reinstatementDate', 'Reinstatement Date'],
  ['waiver', 'Waiver'],
  ['caseNumber', 'Case Number'],
  ['comments', 'Comments'],
  ['link', 'Link'],
  ['dateAcquired', 'Date Acquired From Source'],
  ['extra', 'Other Source Fields'],
];

function fieldText(record: Partial<ListRecord>, key: keyof ListRecord): string {
  const v = record[key];
  if (v == null) return '';
  if (key === 'ssn') return maskSsn(String(v));
  if (key === 'exclusionType') return describeExclusionType(String(v)) ?? '';
  if (Array.isArray(v)) return v.join('; ');
  if (typeof v === 'object') return Object.entries(v).map(([k, x]) => `${k}=${x}`).join('; ');
  return String(v);
}

const HEADER = ['Row Number', 'Unique ID', 'Search Criteria', 'Source', 'List', 'List Version', 'Score', 'Status', 'Latest Note', ...RECORD_FIELDS.map(([, label]) => label)];

function cellsOf(row: ReportRow, x: ResultRow): (string | number)[] {
  const record = (x.record ?? {}) as Partial<ListRecord>;
  return [row.rowIndex + 1, row.uniqueId ?? '', criteriaText(row.values), x.source ?? '', sourceName(x.source), x.list_version_id ?? '', x.score ?? '', REVIEW_STATUS_LABELS[x.review_status], x.latest_note ?? '', ...RECORD_FIELDS.map(([key]) => fieldText(record, key))];
}

export function exclusionReportCsv(c: ReportContext): Readable {
  return csvStream(async function* () {
    yield csvLine(HEADER);
    for await (const page of reportRows(c.db, c.batch.id, 'exclusions')) {
      let chunk = '';
      for (const row of page) for (const x of row.results) chunk += csvLine(cellsOf(row, x));
      yield chunk;
    }
  });
}

export function exclusionReportPdf(c: ReportContext): Readable {
  const doc = new PDFDocument({ size: 'LETTER', margin: 40, info: { Title: `Exclusion Records Returned: ${c.batch.fileName}`, Author: 'Clearlist' } });
  return pdfStream(doc, async (pause) => {
    doc.font('Helvetica-Bold').fontSize(16).text('Exclusion Records Returned Report').fontSize(10).font('Helvetica').text(`${c.batch.fileName} (batch ${c.batch.id}), generated ${c.now.toISOString()} by ${c.generatedBy}`);
    let count = 0;
    for await (const page of reportRows(c.db, c.batch.id, 'exclusions')) {
      for (const row of page) {
        for (const x of row.results) {
          count++;
          const cells = cellsOf(row, x);
          doc.moveDown(0.5).font('Helvetica-Bold').fontSize(9).text(`Row ${row.rowIndex + 1}${row.uniqueId ? ` (${row.uniqueId})` : ''}: ${criteriaText(row.values)}`);
          doc.font('Helvetica').fontSize(8);
          HEADER.forEach((label, i) => {
            if (i >= 3 && cells[i] !== '') doc.text(`${label}: ${cells[i]}`);
          });
        }
      }
      await pause();
    }
    if (count === 0) doc.moveDown().text('The batch returned no exclusion records.');
  });
}
