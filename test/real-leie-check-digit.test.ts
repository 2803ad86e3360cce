/**
 * Issue 50 §2 on the real OIG file: LEIE's June 2016 supplement publishes SILVIA CATA with NPI
 * 1730405612, which fails the check digit (the import keeps it as published). A roster row with her
 * and that NPI as published is found by the batch (through the wizard's mapping, with and without
 * skipping the rows with problems) and by the interactive search, the NPI's problem on the row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColumnMappingResponseSchema, MappingSummarySchema, RowErrorsBodySchema } from '#shared/batches';
import { isValidNpi } from '#shared/identifiers';
import { NpiSearchResultSchema } from '#shared/interactive-search';
import { ExclusionPageSchema, NpiPageSchema } from '#shared/results';
import { importList } from '#server/lists/import';
import { createIndexStore } from '#server/screening/index-store';
import type { JobQueue } from '#server/jobs/queue';
import { hasRealData, real, SKIP_REAL } from '#lists/test-helpers';
import { createTestApp, type Agent, type TestApp } from './app';
import { signedIn, startQueue, upload } from './batches';
import { createClient, createUser } from './factories';
import { screenedBatch } from './results-setup';

const FILE = 'oig-leie/supplements-2015-2017/1606EXCL.csv';
const NPI = '1730405612';
const NOTE = 'NPI fails the check digit; screened by name';
const MAPPING = {
  columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name', NPI: 'NPI', DOB: 'Date of Birth' },
  searchTypes: ['Exclusion Search by Individual Name', 'Search by NPI'],
  correlatedColumnIndexes: [],
  uniqueIdIndex: 0,
};
const ROW = `S1,Silvia,Cata,${NPI},06/14/1960`;

let t: TestApp;
let queue: JobQueue;
let agent: Agent;

describe.skipIf(!hasRealData)(`SILVIA CATA, on LEIE with an NPI failing the check digit, entered as published (${SKIP_REAL})`, () => {
  beforeAll(async () => {
    const now = new Date('2026-07-01T09:00:00Z');
    t = await createTestApp({ anonymousSearchesPerDay: 1000 });
    t.setNow(now);
    const summary = await importList(t.ctx.db, { source: 'leie', files: [real(FILE)], origin: 'import', mode: 'full', now });
    expect(summary.status).toBe('active');
    t.ctx.screening = await createIndexStore(t.ctx.db, { shared: false });
    queue = await startQueue(t);
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
    agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['account_owner_user', 'paying_user', 'npi_search_user'] }));
  }, 120_000);
  afterAll(async () => {
    await queue?.stop();
    await t?.close();
  });

  /** Her exclusion result and NPI result in a screened batch, with the row's criteria as shown. */
  async function herResults(batchId: number) {
    const exclusions = ExclusionPageSchema.parse((await agent.get(`/services/flexsearchs/${batchId}/result?sc=Cata`)).json());
    const npi = NpiPageSchema.parse((await agent.get(`/services/flexsearchs/${batchId}/npidetails`)).json());
    return { group: exclusions.scGroups[0], hit: exclusions.records.find((r) => r.source === 'leie' && r.NPI === NPI), npi: npi.npiSearches.find((r) => r.npi === NPI) };
  }

  it('the file publishes her NPI failing the check digit', () => {
    expect(isValidNpi(NPI)).toBe(false);
  });

  it('a batch through the wizard’s mapping: the dry run passes with the row noted; she is found, the NPI agreeing, its problem on the row', async () => {
    const csv = `Emp ID,First Name,Last Name,NPI,DOB\n${ROW}\n`;
    const up = await upload(agent, csv);
    const dry = await agent.post(`/services/flexsearchs/${up.json().batchId}/columnmappings?dryrun=true`, MAPPING);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(MappingSummarySchema.parse(dry.json().summary)).toMatchObject({ invalidRows: 0, notedRows: 1, notes: [{ rowIndx: 0, note: NOTE }] });
    const { group, hit, npi } = await herResults(await screenedBatch(agent, queue, t, csv, MAPPING));
    expect(group.searchCriteria).toBe(`S1: Silvia Cata | NPI ${NPI} (${NOTE})`);
    expect(hit).toMatchObject({ name: expect.stringContaining('CATA'), NPI });
    expect(hit!.score).toBeGreaterThanOrEqual(0.99);
    expect(npi).toMatchObject({ npiStatusText: 'Invalid', exclusionStatusText: 'Exclusion Found' });
  });

  it('with "screen the valid rows and skip the others": only the row that has nothing to search is left out', async () => {
    // A row whose unique id is missing cannot be stored: skipped, the dry run saying what it loses.
    const csv = `Emp ID,First Name,Last Name,NPI,DOB\n${ROW}\n,Zed,Nobody,,\n`;
    const up = await upload(agent, csv);
    const batchId = up.json().batchId as number;
    const dry = await agent.post(`/services/flexsearchs/${batchId}/columnmappings?dryrun=true`, MAPPING);
    expect(dry.statusCode).toBe(400);
    const errors = RowErrorsBodySchema.parse(dry.json()).error;
    expect(errors.map((e) => [e.rowIndx, e.skippedSearches])).toEqual([[1, ['Exclusion Search by Individual Name']]]);
    const res = await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, { ...MAPPING, skipInvalidRows: true });
    expect(ColumnMappingResponseSchema.parse(res.json())).toMatchObject({ status: 'Submitted', recordCount: 1 });
    await queue.drain();
    const { group, hit } = await herResults(batchId);
    expect(group.searchCriteria).toContain(NOTE);
    expect(hit!.score).toBeGreaterThanOrEqual(0.99);
  });

  it('the interactive NPI search with her name finds her, the NPI compared as entered', async () => {
    const res = await agent.get(`/services/interactivesearch/npi/${NPI}?name=${encodeURIComponent('Silvia Cata')}`);
    expect(res.statusCode, res.body).toBe(200);
    const result = NpiSearchResultSchema.parse(res.json());
    expect(result).toMatchObject({ 'npi-match': false, npiProblem: NOTE, searchedByName: true, exclusionStatus: 'Exclusion Found' });
    const hit = result.exclusions.find((h) => h.npi === NPI)!;
    expect(hit.name).toMatch(/SILVIA.*CATA/);
    expect(hit.score).toBeGreaterThanOrEqual(0.99);
  });
});
