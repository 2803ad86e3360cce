/**
 * Issue 18 end to end on the API: rosters generated messy (test/messy-rosters.ts) go from upload to
 * Completed; add-on searches run and bill only where a row has their field; a few bad rows can be
 * skipped, and the batch records them.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColumnMappingResponseSchema, RowErrorsBodySchema, UploadResponseSchema } from '#shared/batches';
import { batchChunks, batchEvents, batches, batchResults, batchRows, usageRecords } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isoOf, messyRoster, writeRosterWorkbook } from '#test/messy-rosters';
import { pdfText } from '#test/pdf-text';
import { emptyListRecord } from '#shared/list-record';
import { activateVersion, refreshIndex, SSN_DEAD } from '#test/results-setup';
import { FILE_ROW_LABEL } from './mapping';

let t: TestApp;
let queue: JobQueue;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 100, batchScreenWorkers: 0 });
  t.setNow(new Date('2026-05-04T10:00:00Z'));
  queue = await startQueue(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  user = await createUser(t.ctx.db, { clientId: client.id });
  // This deployment holds a Death Master File: without one, SSN checks do not run and are not billed (ADR 055).
  await activateVersion(t, 'dmf', [{ ...emptyListRecord('dmf', SSN_DEAD, 'person'), ssn: SSN_DEAD, dateOfDeath: '2025-05-05' }], '2026-05-01');
  await refreshIndex(t);
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const MAPPING = {
  columnMappings: { 'Given Name': 'First Name', Surname: 'Last Name', 'Date of Birth': 'Date of Birth', 'NPI #': 'NPI', SSN: 'SSN' },
  searchTypes: ['Exclusion Search by Individual Name', 'Search by NPI', 'SSDMF'],
  correlatedColumnIndexes: [6],
  uniqueIdIndex: 0,
};

async function uploaded(bytes: Buffer) {
  const agent = await signedIn(t, user);
  const res = await upload(agent, bytes, 'roster.csv');
  expect(res.statusCode, res.body).toBe(200);
  return { agent, batchId: UploadResponseSchema.parse(res.json()).batchId };
}

const billedOf = async (batchId: number) => {
  const billed: Record<string, number> = {};
  for (const u of await t.ctx.db.select().from(usageRecords).where(eq(usageRecords.batchId, batchId))) billed[u.searchType] = (billed[u.searchType] ?? 0) + u.quantity;
  return billed;
};
/** A tab's results as its pages count them: stored, and for SSDMF the SSNs not in the DMF the chunks keep. */
const countResults = async (batchId: number, resultType: 'npi' | 'ssdmf') => {
  const stored = (await t.ctx.db.select().from(batchResults).where(and(eq(batchResults.batchId, batchId), eq(batchResults.resultType, resultType)))).length;
  if (resultType !== 'ssdmf') return stored;
  const [kept] = await t.ctx.db.select({ n: sql<number>`coalesce(sum(cardinality(${batchChunks.ssnNotFoundRows})), 0)::int` }).from(batchChunks).where(eq(batchChunks.batchId, batchId));
  return stored + kept.n;
};

describe('add-on searches on a roster of clinicians and staff (item 1)', () => {
  it('requires only the name search’s fields, runs and bills NPI and SSDMF on the rows that have them, and counts them in the dry run', async () => {
    const roster = messyRoster({ rows: 300, seed: 18, npiShare: 0.11, ssnShare: 0.1 });
    expect(roster.withNpi).toBeGreaterThan(10);
    expect(roster.withNpi).toBeLessThan(100);
    const { agent, batchId } = await uploaded(roster.bytes);
    const dry = await agent.post(`/services/flexsearchs/${batchId}/columnmappings?dryrun=true`, MAPPING);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(ColumnMappingResponseSchema.parse(dry.json()).summary).toEqual({
      rows: 300,
      validRows: 300,
      invalidRows: 0,
      searches: [
        { searchType: 'Exclusion Search by Individual Name', rows: 300 },
        { searchType: 'Search by NPI', rows: roster.withNpi },
        { searchType: 'NPI Validation', rows: roster.withNpi },
        { searchType: 'SSDMF', rows: roster.withSsn },
      ],
    });
    const real = await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, MAPPING);
    expect(real.statusCode, real.body).toBe(200);
    await queue.drain();
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    expect(batch).toMatchObject({ status: 'Completed', recordCount: 300, rowsDone: 300 });
    expect(await countResults(batchId, 'npi')).toBe(roster.withNpi);
    expect(await countResults(batchId, 'ssdmf')).toBe(roster.withSsn);
    expect(await billedOf(batchId)).toEqual({ 'Exclusion Search by Individual Name': 300, 'Search by NPI': roster.withNpi, 'NPI Validation': roster.withNpi, SSDMF: roster.withSsn });
  });

  it('still requires the add-on’s column to be mapped, and its values when no exclusion search is chosen', async () => {
    const roster = messyRoster({ rows: 20, seed: 4, npiShare: 0.5 });
    const { agent, batchId } = await uploaded(roster.bytes);
    const unmapped = await agent.post(`/services/flexsearchs/${batchId}/columnmappings?dryrun=true`, { ...MAPPING, columnMappings: { 'Given Name': 'First Name', Surname: 'Last Name' } });
    expect(unmapped.statusCode).toBe(400);
    const alone = await agent.post(`/services/flexsearchs/${batchId}/columnmappings?dryrun=true`, { ...MAPPING, searchTypes: ['NPI Validation'] });
    expect(alone.statusCode).toBe(400);
    const { error } = RowErrorsBodySchema.parse(alone.json());
    expect(error).toHaveLength(20 - roster.withNpi);
    expect(error[0].errorMessage).toContain('NPI is required.');
  });
});

describe('screening the valid rows and skipping the others (item 6)', () => {
  it('lists every problem, then screens the rest when asked, numbering rows without the skipped ones and recording them', async () => {
    // Row 7's NPI fails the check digit: screened by name all the same (issue 50); row 64's SSN is short.
    const roster = messyRoster({ rows: 120, seed: 6, npiShare: 0.3, badNpiRows: [7], badSsnRows: [64] });
    const { agent, batchId } = await uploaded(roster.bytes);
    const dry = await agent.post(`/services/flexsearchs/${batchId}/columnmappings?dryrun=true`, MAPPING);
    expect(dry.statusCode).toBe(400);
    const body = RowErrorsBodySchema.parse(dry.json());
    expect(body.error.map((e) => e.rowIndx)).toEqual([64]);
    const lost = body.error[0].skippedSearches!;
    expect(lost).toEqual(expect.arrayContaining(['Exclusion Search by Individual Name', 'SSDMF']));
    expect(body.error[0].errorMessage).toBe(`SSN must be 9 digits. Skipping this row leaves out its ${lost.slice(0, -1).join(', ')} and ${lost.at(-1)}.`);
    expect(body.summary).toMatchObject({ rows: 120, validRows: 119, invalidRows: 1, notedRows: 1, notes: [{ rowIndx: 7, note: 'NPI fails the check digit; screened by name' }] });
    const skip = { ...MAPPING, skipInvalidRows: true };
    const dryOk = await agent.post(`/services/flexsearchs/${batchId}/columnmappings?dryrun=true`, skip);
    expect(dryOk.statusCode, dryOk.body).toBe(200);
    const real = await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, skip);
    expect(ColumnMappingResponseSchema.parse(real.json())).toMatchObject({ status: 'Submitted', recordCount: 119 });
    await queue.drain();
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    expect(batch).toMatchObject({ status: 'Completed', recordCount: 119, rowsDone: 119 });
    const rows = await t.ctx.db.select().from(batchRows).where(eq(batchRows.batchId, batchId)).orderBy(batchRows.rowIndex);
    expect(rows.map((r) => r.uniqueId)).not.toContain(roster.rows[64][0]);
    expect(rows[7]).toMatchObject({ uniqueId: roster.rows[7][0], additional: { [FILE_ROW_LABEL]: '8' } });
    expect(rows[64]).toMatchObject({ uniqueId: roster.rows[65][0], additional: { [FILE_ROW_LABEL]: '66' } });
    // The kept row's NPI result says the NPI's problem.
    const [npiResult] = await t.ctx.db.select().from(batchResults).where(and(eq(batchResults.batchId, batchId), eq(batchResults.rowIndex, 7), eq(batchResults.resultType, 'npi')));
    expect(npiResult.searchCriteriaKey).toContain(`NPI ${roster.rows[7][4]} (NPI fails the check digit; screened by name)`);
    const [submitted] = await t.ctx.db.select().from(batchEvents).where(and(eq(batchEvents.batchId, batchId), eq(batchEvents.kind, 'submitted')));
    expect(submitted.details).toMatchObject({ rows: 119, skippedRows: 1, skipped: [{ row: 65, reason: body.error[0].errorMessage }] });
    // The audit report names the skipped row among the batch's events, with what it lost.
    const report = await agent.get(`/services/flexsearchs/${batchId}/auditreport?format=pdf`);
    expect(report.statusCode).toBe(200);
    const text = pdfText(report.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('1 row of the file skipped for problems');
    expect(text).toContain('row 65 (SSN must be 9 digits. Skipping this row leaves out its Exclusion Search by Individual Name');
  });
});

describe('Excel workbooks (item 4)', () => {
  it('reads the first sheet with rows, dates typed as dates, and screens it with the same mapping and checks', async () => {
    const roster = messyRoster({ rows: 60, seed: 44, npiShare: 0.3 });
    const bytes = writeRosterWorkbook(roster, path.join(mkdtempSync(path.join(tmpdir(), 'roster-')), 'roster.xlsx'), { emptyFirstSheet: true });
    const agent = await signedIn(t, user);
    const res = await upload(agent, bytes, 'Roster.XLSX');
    expect(res.statusCode, res.body).toBe(200);
    const body = UploadResponseSchema.parse(res.json());
    expect(body.format).toMatchObject({ kind: 'xlsx', encoding: null, delimiter: null, sheet: 'Staff', sheets: ['Cover', 'Staff', 'Lookups'], notes: [] });
    expect(body.format!.sheetDetails!.map((s) => [s.name, s.rows])).toEqual([['Cover', 0], ['Staff', 60], ['Lookups', 1]]);
    expect(body.previewData.map((column) => column[0])).toEqual(roster.header);
    // A date cell reads as Excel shows it (MM/DD/YYYY), an NPI number as its digits.
    const [y, m, d] = isoOf(roster.rows[0][3]).split('-');
    expect(body.previewData[3][1]).toBe(`${m}/${d}/${y}`);
    const real = await agent.post(`/services/flexsearchs/${body.batchId}/columnmappings`, MAPPING);
    expect(real.statusCode, real.body).toBe(200);
    await queue.drain();
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, body.batchId));
    expect(batch).toMatchObject({ status: 'Completed', recordCount: 60 });
    const rows = await t.ctx.db.select().from(batchRows).where(eq(batchRows.batchId, body.batchId)).orderBy(batchRows.rowIndex);
    const values = rows.map((r) => r.values as Record<string, string>);
    expect(values.map((v) => v['Date of Birth'])).toEqual(roster.rows.map((r) => isoOf(r[3])));
    expect(values.map((v) => v.NPI ?? '')).toEqual(roster.rows.map((r) => r[4]));
    expect(await billedOf(body.batchId)).toMatchObject({ 'NPI Validation': roster.withNpi });
  });
});

describe('a 20,000-row mixed roster with ragged lines, semicolons and a BOM (Done when)', () => {
  it('goes from upload to Completed without manual fixes', async () => {
    const roster = messyRoster({ rows: 20_000, seed: 20_000, delimiter: ';', encoding: 'utf-8-bom', shortShare: 0.3, extraEmptyShare: 0.1, blankShare: 0.01, npiShare: 0.12, ssnShare: 0.1 });
    const { agent, batchId } = await uploaded(roster.bytes);
    // The mapping the upload's headers suggest, as the wizard pre-fills it.
    const real = await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, MAPPING);
    expect(real.statusCode, real.body).toBe(200);
    await queue.drain();
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    expect(batch).toMatchObject({ status: 'Completed', recordCount: 20_000, rowsDone: 20_000 });
    expect(await billedOf(batchId)).toEqual({ 'Exclusion Search by Individual Name': 20_000, 'Search by NPI': roster.withNpi, 'NPI Validation': roster.withNpi, SSDMF: roster.withSsn });
  }, 240_000);
});
