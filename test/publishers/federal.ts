/**
 * The federal publishers in the stand-in, as research/list-acquisition.md §1 describes them:
 * OIG's stable UPDATED.csv and dated supplements (not every month has both), SAM.gov's keyless
 * file listing and download, OFAC's Sanctions List Service exports, CMS's NPPES page (relative,
 * single-quoted `./` hrefs; V1 and V2 names side by side; weekly files; a deactivation report
 * as XLSX in a ZIP) and data.cms.gov's paged data API with its /stats. Files are the shipped
 * synthetic samples (data/samples), grown where paging needs more rows.
 */
import { readFileSync } from 'node:fs';
import { buildZip } from '../list-downloads';
import { writeWorkbook } from '../workbooks';
import type { PublisherAnswer, PublisherRoute, PublisherRoutes, RouteContext } from './types';

const sample = (...parts: string[]) => readFileSync(new URL(`../../data/${parts.join('/')}`, import.meta.url));

/** Header and every second record when the publisher publishes half its list. */
export function halveCsv(text: string, ctx: RouteContext): string {
  if (ctx.failure !== 'half') return text;
  const [header, ...rows] = text.replace(/\n$/, '').split('\n');
  return `${[header, ...rows.filter((_, i) => i % 2 === 0)].join('\n')}\n`;
}

const file = (source: string, body: (ctx: RouteContext) => Buffer | string, type = 'application/octet-stream'): PublisherRoute => ({
  source,
  kind: 'file',
  answer: (_request, ctx) => ({ headers: { 'content-type': type }, body: body(ctx) }),
});

const page = (source: string, answer: PublisherRoute['answer']): PublisherRoute => ({ source, kind: 'page', answer });

/** The NPPES monthly of November 2026 and what came after it. */
export const NPPES_MONTHLY_NAME = 'NPPES_Data_Dissemination_November_2026_V2.zip';
export const NPPES_MONTHLY_CSV = 'npidata_pfile_20050523-20261109.csv';
export const NPPES_WEEKLY_NAMES = ['NPPES_Data_Dissemination_111026_111626_Weekly_V2.zip', 'NPPES_Data_Dissemination_111726_112326_Weekly_V2.zip'];
export const NPPES_DEACTIVATION_NAME = 'NPPES_Deactivated_NPI_Report_111026_V2.zip';

function nppesFiles() {
  const csv = sample('samples/nppes/npidata_pfile_20050523-20240428.csv').toString('utf8');
  const [header, ...rows] = csv.replace(/\n$/, '').split('\n');
  const header0 = `${header}\n`;
  // A weekly file: a few of the monthly's providers again, their city changed.
  const weekly = (from: number) => `${[header, ...rows.slice(from, from + 5).map((r) => r.replace(/"([A-Z ]+)","([A-Z]{2})","(\d{5,9})"/, '"NEWTOWN","$2","$3"'))].join('\n')}\n`;
  const npis = rows.slice(20, 23).map((r) => r.slice(1, 11));
  const report = writeWorkbook([{ name: 'Sheet1', rows: [['NPPES Deactivated NPI Report as of 11/10/2026'], ['NPI', 'NPPES Deactivation Date'], ...npis.map((npi) => [npi, '11/03/2026'])] }], 'NPPES_Deactivated_NPI_Report_111026.xlsx');
  return {
    monthly: (ctx: RouteContext) =>
      buildZip([
        { name: NPPES_MONTHLY_CSV, data: halveCsv(csv, ctx) },
        { name: 'npidata_pfile_20050523-20261109_fileheader.csv', data: header0 },
        { name: 'NPPES_Data_Dissemination_Readme.pdf', data: '%PDF-1.4 read me' },
      ]),
    weekly: [weekly(0), weekly(10)].map((text, i) => buildZip([{ name: `npidata_pfile_202611${['10', '17'][i]}-202611${['16', '23'][i]}.csv`, data: text }])),
    report: buildZip([{ name: 'NPPES_Deactivated_NPI_Report_111026.xlsx', data: report }]),
  };
}

/** The NPPES download page: relative single-quoted hrefs with ./, V1 beside V2, weeklies, the deactivation report. */
function nppesPage(): string {
  const links = [
    ['NPPES_Data_Dissemination_October_2026_V2.zip', 'NPPES Data Dissemination - October 2026 (V2)'],
    [NPPES_MONTHLY_NAME, 'NPPES Data Dissemination - November 2026 (V2)'],
    ['NPPES_Data_Dissemination_November_2026.zip', 'NPPES Data Dissemination - November 2026 (V1, retired)'],
    ...NPPES_WEEKLY_NAMES.map((n) => [n, `Weekly Update ${n.slice(25, 38)}`]),
    [NPPES_DEACTIVATION_NAME, 'NPPES Deactivated NPI Report'],
  ];
  return `<html><body><h1>NPPES Downloadable File</h1><ul>${links.map(([href, text]) => `<li><a href='./${href}'>${text}</a></li>`).join('')}</ul></body></html>`;
}

/** data.cms.gov's opt-out dataset: the sample's rows and copies of them (other NPIs), 12,000 in all, for three pages of 5,000. */
function optoutRows(): Record<string, string>[] {
  const csv = sample('samples/optout/optout-affidavits.csv').toString('utf8').replace(/\n$/, '');
  const [headerLine, ...lines] = csv.split('\n');
  const split = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"'));
  const header = split(headerLine);
  const out: Record<string, string>[] = [];
  for (let copy = 0; out.length < 12_000; copy += 1) {
    for (const line of lines) {
      if (out.length >= 12_000) break;
      const cells = split(line);
      const row = Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']));
      if (copy > 0) {
        row['Last Name'] = `${row['Last Name']}${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[copy % 26]}`;
        row.NPI = String((Number(row.NPI) + copy * 7919) % 1e10).padStart(10, '1');
      }
      out.push(row);
    }
  }
  return out;
}

/** The consolidated (non-SDN) list as the Sanctions List Service's XML (sdnList schema), from the sample's cons_prim.csv. */
function consolidatedXml(ctx: RouteContext): string {
  const rows = sample('samples/ofac-consolidated/cons_prim.csv').toString('utf8').trim().split('\n');
  const kept = ctx.failure === 'half' ? rows.filter((_, i) => i % 2 === 0) : rows;
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const entries = kept.map((line) => {
    const [uid = '', name = '', type = '', program = ''] = line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((f) => f.trim().replace(/^"|"$/g, '').replace(/""/g, '"'));
    const person = type === 'individual';
    const [last = name, first = ''] = person ? name.split(/,\s*/) : [name, ''];
    return `<sdnEntry><uid>${uid}</uid>${first ? `<firstName>${esc(first)}</firstName>` : ''}<lastName>${esc(last)}</lastName><sdnType>${person ? 'Individual' : 'Entity'}</sdnType><programList><program>${esc(program)}</program></programList></sdnEntry>`;
  });
  return `<?xml version="1.0" standalone="yes"?>\n<sdnList xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML"><publshInformation><Publish_Date>11/28/2026</Publish_Date><Record_Count>${entries.length}</Record_Count></publshInformation>${entries.join('')}</sdnList>\n`;
}

export const SAM_KEYS = ['Exclusions/Public V2/SAM_Exclusions_Public_Extract_V2_26334.ZIP', 'Exclusions/Public V2/SAM_Exclusions_Public_Extract_V2_26335.ZIP'];
const OPTOUT = 'data.cms.gov/data-api/v1/dataset/9887a515-7552-4693-bf58-735c77af46d7/data';
const SLS = 'sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports';
const json = (value: unknown): PublisherAnswer => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });

export function federalRoutes(): PublisherRoutes {
  const leie = sample('samples/leie/UPDATED.csv').toString('utf8');
  const sam = sample('samples/sam/SAM_Exclusions_Public_Extract_V2_24122.CSV').toString('utf8');
  const nppes = nppesFiles();
  const optout = optoutRows();
  const routes: PublisherRoutes = {
    'oig.hhs.gov/exclusions/exclusions_list.asp': page('leie', () => ({ body: '<html><a href="downloadables/UPDATED.csv">LEIE Downloadable Databases</a></html>' })),
    'oig.hhs.gov/exclusions/downloadables/UPDATED.csv': file('leie', (ctx) => halveCsv(leie, ctx), 'text/csv'),
    // November and December 2026 have exclusions and no reinstatements file (a 404, as OIG answers).
    'oig.hhs.gov/exclusions/downloadables/2026/2611excl.csv': file('leie', () => sample('supplements/leie/2611EXCL.csv'), 'text/csv'),
    'oig.hhs.gov/exclusions/downloadables/2026/2612excl.csv': file('leie', () => sample('supplements/leie/2612EXCL.csv'), 'text/csv'),
    'sam.gov/api/prod/fileextractservices/v1/api/listfiles': page('sam', (request) =>
      request.query.get('domain') === 'Exclusions/Public V2' && request.query.get('random')
        ? json({ _embedded: { customS3ObjectSummaryList: [{ key: 'Exclusions/Public V2/README.txt' }, ...SAM_KEYS.map((key) => ({ key, displayKey: key.split('/').at(-1) }))] } })
        : { status: 400, body: '{"error":"domain and random are required"}' },
    ),
    [`${SLS}/SDN.CSV`]: file('ofac-sdn', (ctx) => halveCsv(sample('samples/ofac-sdn/sdn.csv').toString('utf8'), ctx), 'text/csv'),
    [`${SLS}/ALT.CSV`]: file('ofac-sdn', () => sample('samples/ofac-sdn/alt.csv'), 'text/csv'),
    [`${SLS}/ADD.CSV`]: file('ofac-sdn', () => sample('samples/ofac-sdn/add.csv'), 'text/csv'),
    [`${SLS}/CONSOLIDATED.XML`]: file('ofac-consolidated', consolidatedXml, 'application/xml'),
    'download.cms.gov/nppes/NPI_Files.html': page('nppes', () => ({ headers: { 'content-type': 'text/html' }, body: nppesPage() })),
    [`download.cms.gov/nppes/${NPPES_MONTHLY_NAME}`]: file('nppes', nppes.monthly, 'application/zip'),
    ...Object.fromEntries(NPPES_WEEKLY_NAMES.map((name, i) => [`download.cms.gov/nppes/${name}`, file('nppes', () => nppes.weekly[i], 'application/zip')])),
    [`download.cms.gov/nppes/${NPPES_DEACTIVATION_NAME}`]: file('nppes', () => nppes.report, 'application/zip'),
    [OPTOUT]: page('optout', (request, ctx) => {
      const offset = Number(request.query.get('offset') ?? 0);
      const size = Math.min(Number(request.query.get('size') ?? 1000), 5000);
      const rows = ctx.failure === 'half' ? optout.filter((_, i) => i % 2 === 0) : optout;
      const body = JSON.stringify(rows.slice(offset, offset + size));
      // A cut page: the JSON stops half way.
      return { headers: { 'content-type': 'application/json' }, body: ctx.failure === 'truncated' && offset > 0 ? body.slice(0, body.length / 2) : body };
    }),
    [`${OPTOUT}/stats`]: page('optout', (_request, ctx) => json({ found_rows: ctx.failure === 'half' ? optout.length / 2 : optout.length, total_rows: ctx.failure === 'half' ? optout.length / 2 : optout.length })),
  };
  for (const key of SAM_KEYS) {
    const zip = (ctx: RouteContext) => buildZip([{ name: key.split('/').at(-1)!.replace(/\.ZIP$/, '.CSV'), data: halveCsv(sam, ctx) }]);
    // The download path holds the key's space, encoded or not, however the client writes it.
    routes[`sam.gov/api/prod/fileextractservices/v1/api/download/${key}`] = file('sam', zip, 'application/zip');
    routes[`sam.gov/api/prod/fileextractservices/v1/api/download/${encodeURI(key)}`] = file('sam', zip, 'application/zip');
  }
  return routes;
}

/** The federal sources the stand-in publishes (every federal source but the licensed DMF). */
export const FEDERAL_PUBLISHED = ['leie', 'sam', 'ofac-sdn', 'ofac-consolidated', 'optout', 'nppes'];
