import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import { ExclusionPageSchema, REVIEW_MESSAGES } from '#shared/results';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { pdfPageCount, pdfPages, pdfPageTotal, pdfText } from '#test/pdf-text';
import { REVIEW_MAPPING, screenedBatch, seedLists } from '#test/results-setup';
import { csvCell } from '#shared/csv-cell';
import { findBatch } from '#server/batches/public';
import { EXCLUSION_COLUMNS } from './exclusion-report';
import { reportHeader } from './report-data';
import { AUDIT_COLUMNS } from './report-lines';
import { matchingRulesCell, matchingRulesLabel } from '#shared/matching-rules';

let t: TestApp;
let queue: JobQueue;
let agent: Agent;
let batchId: number;

beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  queue = await startQueue(t);
  await seedLists(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, firstName: 'Rita', lastName: 'Reviewer' }));
  batchId = await screenedBatch(agent, queue, t);
  const page = ExclusionPageSchema.parse((await agent.get(`/services/flexsearchs/${batchId}/result?sc=E1`)).json());
  const res = await agent.put(`/services/flexsearchs/${batchId}/result/${page.records[0].id}`, { newStatus: 'CLEARED', comment: '@HYPERLINK("x") different DOB' });
  expect(res.statusCode).toBe(200);
  const e2 = ExclusionPageSchema.parse((await agent.get(`/services/flexsearchs/${batchId}/result?sc=E2`)).json());
  const review = await agent.put(`/services/flexsearchs/${batchId}/result/${e2.records[0].id}`, { newStatus: 'UNDER_REVIEW', comment: 'Asked HR for the date of birth.' });
  expect(review.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await queue.stop();
  await t.close();
});

const rowsOf = (text: string) => Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { delimiter: ',', skipEmptyLines: true }).data;
const NY = 'tz=America/New_York';

describe('the lists a batch searched (ADR 114)', () => {
  it('names the lists its searches asked for but could not search, with the reason; the others are real copies', async () => {
    const h = await reportHeader(t.ctx.db, (await findBatch(t.ctx.db, batchId))!);
    expect(h.lists.map((l) => l.source)).toContain('leie');
    expect(h.lists.every((l) => !l.synthetic && l.warning === null)).toBe(true);
    expect(h.notSearched).toContainEqual({ source: 'sam', name: expect.any(String), reason: 'not loaded yet' });
    expect(h.notSearched.map((l) => l.source)).not.toContain('leie');
    const pdf = (await agent.get(`/services/flexsearchs/${batchId}/exclusionrecordsreport?format=pdf&${NY}`)).rawPayload;
    const first = pdfPages(pdf)[0];
    for (const words of ['Lists Searched', 'Not Searched', 'These lists were asked for but not searched', 'not loaded yet']) expect(first, words).toContain(words);
  });
});

describe('audit report', () => {
  it('CSV: one row per result with the PDF table columns; decisions with who, when (local time and zone) and notes', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=csv&${NY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Audit Report - staff.csv');
    const [header, ...table] = rowsOf(res.body);
    expect(header).toEqual(AUDIT_COLUMNS.map((c) => c.label));
    const col = (name: string) => header.indexOf(name);
    expect(table.every((r) => r.length === header.length)).toBe(true);
    // Every searched row is there: E1-E3 with an exclusion match, an NPI and an SSDMF line; E4 NPI and SSDMF only.
    expect(table.map((r) => `${r[col('Unique ID')]} ${r[col('Check')]}`)).toEqual(['E1 Exclusion', 'E1 NPI', 'E1 SSDMF', 'E2 Exclusion', 'E2 NPI', 'E2 SSDMF', 'E3 Exclusion', 'E3 NPI', 'E3 SSDMF', 'E4 NPI', 'E4 SSDMF']);
    const e1Match = table[0];
    // Why, in a reviewer's words: no field paths, no score arithmetic.
    expect(e1Match[col('Outcome')]).toMatch(/^Potential match: Last name: same; First name: same/);
    expect(table.map((r) => r[col('Outcome')]).join('\n')).not.toMatch(/akas\[|Raised|×|firstName/);
    expect(e1Match[col('List And Record')]).toMatch(/^LEIE, record .+, version \d+$/);
    expect(e1Match[col('Status')]).toBe('Reviewed: Clear');
    expect(e1Match[col('Matching Rules')]).toBe(matchingRulesCell(ALGORITHM_VERSION));
    // 09:00 UTC in New York in April: daylight time.
    expect(e1Match[col('Decided')]).toBe('Rita Reviewer, 2026-04-02 05:00:00 EDT');
    // The note starts with @: neutralised so a spreadsheet shows it as text.
    expect(e1Match[col('Notes')]).toBe(`'@HYPERLINK("x") different DOB`);
    expect(table[2][col('Outcome')]).toBe('Found on SSDMF');
    expect(table[2][col('List And Record')]).toContain('***-**-6789');
    expect(res.body).not.toContain('401556789');
    expect(table[9][col('Status')]).toBe('Reviewed: Clear');
    expect(table[9][col('Decided')]).toBe('Clearlist (screening)');
    // An SSN not in the DMF names the DMF version it was checked against.
    expect(table[10][col('Outcome')]).toBe('Not Found on SSDMF');
    expect(table[10][col('List And Record')]).toMatch(/^SSA DMF, version \d+$/);
    expect(table[4][col('Outcome')]).toBe('NPI Inactive; Deactivated in NPPES on 2020-01-01.');
  });

  it('PDF: a first page with the batch, who ran it and when, the lists and the counts; events; a table; an appendix; numbered pages', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=pdf&${NY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPages(pdf);
    expect(pages.length).toBe(pdfPageCount(pdf));
    expect(pdfPageTotal(pdf)).toBe(pages.length);
    pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of `);
      expect(text).toContain('Audit Report');
      expect(text).toContain('Generated 2026-04-02 05:00:00 EDT by Rita Reviewer');
    });
    const first = pages[0];
    for (const fact of ['File', 'staff.csv', 'Uploaded By', 'Rita Reviewer', 'First Submitted At', '2026-04-02 05:00:00 EDT', 'Times Shown In', 'America/New_York', 'Lists Searched', '2026-03-01', 'Not Searched', 'not loaded yet', 'Results By Status', 'Needs Review', 'Reviewed: Clear']) {
      expect(first, fact).toContain(fact);
    }
    const all = pdfText(pdf);
    // The rules in words, the engineer's label kept in brackets for the auditor (issue 55).
    expect(all).toContain(`Matches were scored by the ${matchingRulesLabel(ALGORITHM_VERSION).replace(/^M/, 'm')}.`);
    expect(all).toMatch(/matching rules of [A-Z][a-z]+ 20\d\d \(version fuzzy-/);
    expect(all).not.toMatch(/scored by (the matching rules )?version/);
    for (const event of ['Uploaded', 'Submitted for screening', 'Screening completed', 'Status changed', 'Needs Review to Reviewed: Clear']) expect(all, event).toContain(event);
    // The table: a header row and one line per result, on pages after the first.
    const tablePage = pages.findIndex((p) => p.includes('Records Searched'));
    expect(tablePage).toBeGreaterThan(0);
    const appendixPage = pages.findIndex((p) => p.includes('Appendix: Records Under Review Or Matched'));
    const table = pages.slice(tablePage, appendixPage);
    // The header row is repeated on every page of the table.
    for (const p of table) expect(p).toContain('List And Record');
    for (const id of ['E1', 'E2', 'E3', 'E4']) expect(table.join('\n')).toContain(id);
    expect(table.join('\n')).toContain('Found on SSDMF');
    // The appendix: results under review or matched in full (E2's, put under review), not the others.
    const appendix = pages.slice(appendixPage).join('\n');
    expect(appendix).toContain('Row 2 (E2): Exclusion, Under Review');
    expect(appendix).toContain('Why It Matched');
    expect(appendix).toContain('PATEL');
    expect(appendix).not.toContain('Row 1 (E1): Exclusion');
    expect(appendix).not.toContain('Row 3 (E3): Exclusion');
  });

  it('uses the server zone without tz, and refuses an unknown zone or format', async () => {
    const csv = await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=csv`);
    expect(csv.statusCode).toBe(200);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const shown = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date('2026-04-02T09:00:00Z')).find((p) => p.type === 'timeZoneName')!.value;
    expect(csv.body).toContain('Rita Reviewer, 2026-04-02');
    expect(csv.body).toContain(shown);
    const bad = await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=pdf&tz=Mars/Olympus`);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain('time zone');
    expect((await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=xlsx`)).statusCode).toBe(400);
  });
});

describe('audit summary report (issue 55)', () => {
  it('CSV: the audit report’s lines of the results not cleared, and only those', async () => {
    const full = rowsOf((await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=csv&${NY}`)).body);
    const res = await agent.get(`/services/flexsearchs/${batchId}/auditsummaryreport?format=csv&${NY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('Audit Summary Report - staff.csv');
    const [header, ...findings] = rowsOf(res.body);
    expect(header).toEqual(full[0]);
    const status = header.indexOf('Status');
    expect(findings).toEqual(full.slice(1).filter((r) => r[status] !== 'Reviewed: Clear'));
    expect(findings.map((r) => r[status])).toContain('Under Review');
    expect(findings.length).toBeLessThan(full.length - 1);
  });

  it('PDF: the first page (batch, counts, lists with their dates, rules) and the findings; no clean rows, events or appendix', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/auditsummaryreport?format=pdf&${NY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = pdfPages(res.rawPayload);
    expect(pdfPageTotal(res.rawPayload)).toBe(pages.length);
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of `));
    for (const fact of ['Audit Summary Report', 'staff.csv', 'Rita Reviewer', 'Results By Status', 'Needs Review', 'Lists Searched', '2026-03-01', 'Not Searched']) expect(pages[0], fact).toContain(fact);
    const text = pages.join('\n');
    expect(text).toContain(`Matches were scored by the ${matchingRulesLabel(ALGORITHM_VERSION).replace(/^M/, 'm')}.`);
    expect(text).toContain('\nFindings\n');
    // Cells wrap onto lines of their own: read the findings as running text.
    const findings = text.slice(text.indexOf('\nFindings\n')).replace(/\s+/g, ' ');
    // E2's match under review with its note, E3's open match, the SSN found in the DMF.
    for (const words of ['Under Review', 'Asked HR for the date of birth.', 'Needs Review', 'Found on SSDMF', 'E2', 'E3']) expect(findings, words).toContain(words);
    // Cleared results are counted on the first page, not listed.
    for (const words of ['Reviewed: Clear', 'Clearlist (screening)', 'Not Found on SSDMF', 'No match', 'different DOB']) expect(findings, words).not.toContain(words);
    for (const section of ['Records Searched', 'Events', 'How The Rows Were Screened', 'Appendix']) expect(text, section).not.toContain(section);
  });

  it('says so when every result was cleared', async () => {
    const clean = await screenedBatch(agent, queue, t, 'NPI\n1234567893\n', { ...REVIEW_MAPPING, columnMappings: { NPI: 'NPI' }, searchTypes: ['NPI Validation'], correlatedColumnIndexes: [], uniqueIdIndex: null });
    const text = pdfText((await agent.get(`/services/flexsearchs/${clean}/auditsummaryreport?format=pdf&${NY}`)).rawPayload);
    expect(text, text.slice(text.indexOf('Findings'))).toContain('No findings: every result was cleared.');
  });
});

describe('exclusion records returned report', () => {
  it('CSV: one row per exclusion record, with the PDF table columns', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/exclusionrecordsreport?format=csv&${NY}`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual(EXCLUSION_COLUMNS.map((c) => c.label));
    expect(rows, res.body).toHaveLength(3);
    const col = (name: string) => header.indexOf(name);
    const brennan = rows.find((r) => r[col('Unique ID')] === 'E1')!;
    expect(brennan[col('Name On The List')]).toContain('BRENNAN');
    expect(brennan[col('Exclusion Type')]).toBe('1128b4: License to practise revoked, suspended or surrendered');
    expect(brennan[col('Address')]).toContain('88 ELM STREET');
    expect(brennan[col('Status')]).toBe('Reviewed: Clear');
    expect(brennan[col('List And Record')]).toContain('LEIE');
  });

  it('PDF: first page, a table of the records, the open records in full in the appendix, numbered pages', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/exclusionrecordsreport?format=pdf&${NY}`);
    expect(res.statusCode).toBe(200);
    const pages = pdfPages(res.rawPayload);
    expect(pdfPageTotal(res.rawPayload)).toBe(pages.length);
    expect(pages[0]).toContain('Exclusion Records Returned Report');
    expect(pages[0]).toContain('Lists Searched');
    const text = pages.join('\n');
    expect(text).toContain('Name On The List');
    expect(text).toContain('BRENNAN');
    expect(text).toContain('Appendix: Records Under Review Or Matched');
    expect(text).toContain('Last Name');
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of `));
  });

  it('is refused for a batch without an exclusion search', async () => {
    const npiOnly = await screenedBatch(agent, queue, t, 'NPI\n1000000012\n', { ...REVIEW_MAPPING, columnMappings: { NPI: 'NPI' }, searchTypes: ['NPI Validation'], correlatedColumnIndexes: [], uniqueIdIndex: null });
    const res = await agent.get(`/services/flexsearchs/${npiOnly}/exclusionrecordsreport?format=csv`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(REVIEW_MESSAGES.noExclusionSearch);
  });
});

describe('CSV cells', () => {
  it('neutralise formulas (= + - @ tab CR at the start) and quote what needs quoting', () => {
    const cells = ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', 'plain', 'a,b', 'say "hi"', 'a=1'];
    expect(cells.map(csvCell)).toEqual([`'=1+1`, `'+1`, `'-2`, `'@SUM(A1)`, `'\tx`, `"'\rx"`, 'plain', '"a,b"', '"say ""hi"""', 'a=1']);
  });
});
