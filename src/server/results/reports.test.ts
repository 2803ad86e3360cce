import Papa from 'papaparse';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import { ExclusionPageSchema, REVIEW_MESSAGES } from '#shared/results';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { REVIEW_MAPPING, screenedBatch, seedLists } from '#test/results-setup';
import { csvCell } from './csv';

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
}, 60_000);

afterAll(async () => {
  await queue.stop();
  await t.close();
});

const rowsOf = (text: string) => Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { delimiter: ',', skipEmptyLines: false }).data;

/** The text of a PDF's content streams (pdfkit writes text as hex strings in TJ arrays). */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      out.push(
        [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''),
      );
    }
  }
  return out.join('\n');
}

describe('audit report', () => {
  it('CSV: the batch, the list versions searched, every row and its outcome, decisions with who, when and notes', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Audit Report - staff.csv');
    const rows = rowsOf(res.body);
    const fact = (label: string) => rows.find((r) => r[0] === label)?.[1];
    expect(fact('File')).toBe('staff.csv');
    expect(fact('Uploaded By')).toBe('Rita Reviewer');
    expect(fact('Search Types')).toBe('Exclusion Search by Individual Name; NPI Validation; SSDMF');
    expect(fact('Completed At')).toBe('2026-04-02T09:00:00.000Z');
    expect(fact('Rows Searched')).toBe('4');

    const lists = rows.slice(rows.findIndex((r) => r[0] === 'Lists Searched') + 2);
    const list = (source: string) => lists.find((r) => r[0] === source);
    expect(list('leie')).toMatchObject({ 3: '2026-03-01' });
    expect(list('nppes')).toMatchObject({ 3: '2026-03-02' });
    expect(list('dmf')).toMatchObject({ 3: '2026-03-03' });
    expect(list('sam')?.[2]).toBe('none loaded');

    const start = rows.findIndex((r) => r[0] === 'Row Number');
    const table = rows.slice(start + 1).filter((r) => r.length > 1);
    const header = rows[start];
    const col = (name: string) => header.indexOf(name);
    // Every searched row is there; E4 has no exclusion match but NPI and SSDMF outcomes.
    expect(new Set(table.map((r) => r[col('Unique ID')]))).toEqual(new Set(['E1', 'E2', 'E3', 'E4']));
    const e1Match = table.find((r) => r[col('Unique ID')] === 'E1' && r[col('Result Type')] === 'exclusions')!;
    // Why, in a reviewer's words: no field paths, no score arithmetic.
    expect(e1Match[col('Outcome')]).toMatch(/^Potential match on .*: Last name: same; First name: same/);
    expect(table.map((r) => r[col('Outcome')]).join('\n')).not.toMatch(/akas\[|Raised|×|firstName/);
    expect(e1Match[col('Final Status')]).toBe('Reviewed: Clear');
    // The version of the matching rules that scored it (ADR 027).
    expect(e1Match[col('Algorithm Version')]).toBe(ALGORITHM_VERSION);
    expect(e1Match[col('Decided By')]).toBe('Rita Reviewer');
    expect(e1Match[col('Decided At')]).toBe('2026-04-02T09:00:00.000Z');
    // The note starts with @: neutralised so a spreadsheet shows it as text.
    expect(e1Match[col('Notes')]).toBe(`'@HYPERLINK("x") different DOB`);
    expect(e1Match[col('Status History')]).toContain('Needs Review to Reviewed: Clear');
    const e1Dmf = table.find((r) => r[col('Unique ID')] === 'E1' && r[col('Result Type')] === 'ssdmf')!;
    expect(e1Dmf[col('Outcome')]).toBe('Found on SSDMF');
    expect(e1Dmf[col('Record ID')]).toBe('***-**-6789');
    expect(res.body).not.toContain('401556789');
    const e4Npi = table.find((r) => r[col('Unique ID')] === 'E4' && r[col('Result Type')] === 'npi')!;
    expect(e4Npi[col('Final Status')]).toBe('Reviewed: Clear');
    expect(e4Npi[col('Decided By')]).toBe('Clearlist (screening)');
    const e2Npi = table.find((r) => r[col('Unique ID')] === 'E2' && r[col('Result Type')] === 'npi')!;
    expect(e2Npi[col('Outcome')]).toBe('NPI Inactive; Deactivated in NPPES on 2020-01-01.');
  });

  it('PDF: a real PDF whose text carries the batch, lists and decisions', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Audit Report');
    expect(text).toContain('File: staff.csv');
    expect(text).toContain('as of 2026-03-01');
    expect(text).toContain('Row 4 (E4)');
    expect(text).toContain('decided by Rita Reviewer');
    expect(text).toContain(`algorithm ${ALGORITHM_VERSION}`);
  });

  it('rejects an unknown format', async () => {
    expect((await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=xlsx`)).statusCode).toBe(400);
  });
});

describe('exclusion records returned report', () => {
  it('CSV: every exclusion record with its source fields, status and row', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/exclusionrecordsreport?format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = rowsOf(res.body).filter((r) => r.length > 1);
    expect(rows, res.body).toHaveLength(3);
    const col = (name: string) => header.indexOf(name);
    const brennan = rows.find((r) => r[col('Unique ID')] === 'E1')!;
    expect(brennan[col('Last Name')]).toBe('BRENNAN');
    expect(brennan[col('Exclusion Type')]).toBe('1128b4: License to practise revoked, suspended or surrendered');
    expect(brennan[col('Address')]).toBe('88 ELM STREET');
    expect(brennan[col('Status')]).toBe('Reviewed: Clear');
    expect(brennan[col('List')]).toContain('LEIE');
  });

  it('PDF has the records as text', async () => {
    const res = await agent.get(`/services/flexsearchs/${batchId}/exclusionrecordsreport?format=pdf`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Exclusion Records Returned Report');
    expect(text).toContain('Last Name: BRENNAN');
  });

  it('is refused for a batch without an exclusion search', async () => {
    const npiOnly = await screenedBatch(agent, queue, t, 'NPI\n1000000012\n', { ...REVIEW_MAPPING, columnMappings: { NPI: 'NPI' }, searchTypes: ['NPI Validation'], correlatedColumnIndexes: [], uniqueIdIndex: null });
    const res = await agent.get(`/services/flexsearchs/${npiOnly}/exclusionrecordsreport?format=csv`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(REVIEW_MESSAGES.noExclusionSearch);
  });
});

describe('CSV cells', () => {
  it('neutralise formulas and quote what needs quoting', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', 'plain', 'a,b', 'say "hi"'].map(csvCell)).toEqual([`'=1+1`, `'+1`, `'-2`, `'@SUM(A1)`, `'\tx`, 'plain', '"a,b"', '"say ""hi"""']);
  });
});
