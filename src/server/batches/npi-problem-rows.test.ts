/**
 * Issue 50 §2 on synthetic lists: a row's NPI problem never stops its other searches. A list record
 * whose NPI fails the check digit (lists publish such NPIs, kept as published), and a roster row with
 * that person and that NPI: screened by name, matched by the NPI as entered, the problem on its results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColumnMappingResponseSchema, RowErrorsBodySchema, MappingSummarySchema } from '#shared/batches';
import { isValidNpi } from '#shared/identifiers';
import { emptyListRecord } from '#shared/list-record';
import { MatchDetailSchema } from '#shared/result-detail';
import { ExclusionPageSchema, NpiPageSchema } from '#shared/results';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { activateVersion, refreshIndex, screenedBatch } from '#test/results-setup';
import { upload } from '#test/batches';

/** Ten digits failing the check digit, as the list published them. */
const FAILING = '1730405613';
const NOTE = 'NPI fails the check digit; screened by name';
const MAPPING = {
  columnMappings: { First: 'First Name', Last: 'Last Name', NPI: 'NPI', DOB: 'Date of Birth' },
  searchTypes: ['Exclusion Search by Individual Name', 'Search by NPI'],
  correlatedColumnIndexes: [],
  uniqueIdIndex: 0,
};
// E2's unique id repeats E1's: a problem that still skips a row, beside the one kept.
const CSV = `Emp ID,First,Last,NPI,DOB\nE1,Sylvie,Catarina,${FAILING},1960-06-14\nE1,Zed,Nobody,,\nE3,Amos,Tidewell,,\n`;

let t: TestApp;
let queue: JobQueue;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2026-04-15T10:00:00Z'));
  queue = await startQueue(t);
  const record = { ...emptyListRecord('leie', 'leie-cata', 'person'), firstName: 'SYLVIE', lastName: 'CATARINA', npi: FAILING, dateOfBirth: '1960-06-14', state: 'CA', exclusionType: '1128a2' };
  await activateVersion(t, 'leie', [record], '2026-03-01');
  await refreshIndex(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['account_owner_user'] }));
}, 60_000);
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const base = (batchId: number) => `/services/flexsearchs/${batchId}`;

/** The exclusion results, the NPI results and the audit report (CSV) of a screened batch. */
async function resultsOf(batchId: number) {
  const exclusions = ExclusionPageSchema.parse((await agent.get(`${base(batchId)}/result`)).json());
  const npi = NpiPageSchema.parse((await agent.get(`${base(batchId)}/npidetails`)).json());
  const audit = (await agent.get(`${base(batchId)}/auditreport?format=csv`)).body;
  return { exclusions, npi, audit };
}

describe('a row whose NPI fails the check digit (issue 50)', () => {
  it('is the NPI of the test', () => {
    expect(isValidNpi(FAILING)).toBe(false);
  });

  it('passes the dry run, noted; screened by name, found, the NPI compared as entered and the problem on its results', async () => {
    const csv = `Emp ID,First,Last,NPI,DOB\nE1,Sylvie,Catarina,${FAILING},1960-06-14\n`;
    const up = await upload(agent, csv);
    const batchId = up.json().batchId as number;
    const dry = await agent.post(`${base(batchId)}/columnmappings?dryrun=true`, MAPPING);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(MappingSummarySchema.parse(dry.json().summary)).toMatchObject({ rows: 1, validRows: 1, invalidRows: 0, notedRows: 1, notes: [{ rowIndx: 0, note: NOTE }] });
    const id = await screenedBatch(agent, queue, t, csv, MAPPING);
    const { exclusions, npi, audit } = await resultsOf(id);
    expect(exclusions.scGroups.map((g) => g.searchCriteria)).toEqual([`E1: Sylvie Catarina | NPI ${FAILING} (${NOTE})`]);
    expect(exclusions.records).toHaveLength(1);
    expect(exclusions.records[0]).toMatchObject({ source: 'leie', NPI: FAILING });
    // The NPI agreeing with the record's, as entered: an identifier match, not a name alone.
    expect(exclusions.records[0].score).toBeGreaterThanOrEqual(0.99);
    expect(npi.npiSearches).toHaveLength(1);
    expect(npi.npiSearches[0]).toMatchObject({ npi: FAILING, npiStatusText: 'Invalid', exclusionStatusText: 'Exclusion Found', searchCriteriaKey: expect.stringContaining(NOTE) });
    expect(audit).toContain(`NPI: ${FAILING} (${NOTE})`);
    const detail = MatchDetailSchema.parse((await agent.get(`${base(id)}/result/${exclusions.records[0].id}`)).json());
    expect(detail.userData.find((s) => s.title === 'Search Criteria')?.data).toMatchObject({ NPI: FAILING, 'NPI Problem': NOTE });
  });

  it('is screened too when the uploader skips the rows with problems; only the row that cannot be stored is left out', async () => {
    const up = await upload(agent, CSV);
    const batchId = up.json().batchId as number;
    const dry = await agent.post(`${base(batchId)}/columnmappings?dryrun=true`, MAPPING);
    expect(dry.statusCode).toBe(400);
    const body = RowErrorsBodySchema.parse(dry.json());
    expect(body.error.map((e) => e.rowIndx)).toEqual([1]);
    expect(body.error[0].skippedSearches).toEqual(['Exclusion Search by Individual Name']);
    const res = await agent.post(`${base(batchId)}/columnmappings`, { ...MAPPING, skipInvalidRows: true });
    expect(ColumnMappingResponseSchema.parse(res.json())).toMatchObject({ status: 'Submitted', recordCount: 2 });
    await queue.drain();
    const { exclusions, audit } = await resultsOf(batchId);
    expect(exclusions.scGroups.map((g) => g.searchCriteria)).toEqual([`E1: Sylvie Catarina | NPI ${FAILING} (${NOTE})`]);
    expect(exclusions.records[0].score).toBeGreaterThanOrEqual(0.99);
    expect(audit).toContain(`NPI: ${FAILING} (${NOTE})`);
  });

  it('an NPI-only batch compares it as entered; only a row with nothing to search is skipped, the dry run saying what it loses', async () => {
    const csv = `Emp ID,NPI\nE1,${FAILING}\nE2,12345\n`;
    const up = await upload(agent, csv);
    const batchId = up.json().batchId as number;
    const mapping = { columnMappings: { NPI: 'NPI' }, searchTypes: ['Exclusion Search by NPI', 'NPI Validation'], correlatedColumnIndexes: [], uniqueIdIndex: 0 };
    const dry = await agent.post(`${base(batchId)}/columnmappings?dryrun=true`, mapping);
    expect(dry.statusCode).toBe(400);
    const body = RowErrorsBodySchema.parse(dry.json());
    expect(body.error.map((e) => [e.rowIndx, e.skippedSearches])).toEqual([[1, ['Exclusion Search by NPI', 'NPI Validation']]]);
    expect(body.error[0].errorMessage).toContain('Skipping this row leaves out its Exclusion Search by NPI and NPI Validation.');
    expect(body.summary).toMatchObject({ validRows: 1, notedRows: 1, notes: [{ rowIndx: 0, note: 'NPI fails the check digit; compared as entered with the NPIs on the lists' }] });
    const res = await agent.post(`${base(batchId)}/columnmappings`, { ...mapping, skipInvalidRows: true });
    expect(res.statusCode, res.body).toBe(200);
    await queue.drain();
    const { exclusions } = await resultsOf(batchId);
    expect(exclusions.records.map((r) => [r.source, r.NPI])).toEqual([['leie', FAILING]]);
  });
});
