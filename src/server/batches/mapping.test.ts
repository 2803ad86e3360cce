import { renameSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColumnMappingResponseSchema, RowErrorsBodySchema } from '#shared/batches';
import { BATCH_MESSAGES, requiredMappingMessage, trialLimitMessage } from '#shared/messages';
import { batches, batchRows } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { MAPPING_MESSAGES } from './mapping-rules';
import { ROW_MESSAGES } from './row-validation';

let t: TestApp;
let queue: JobQueue;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2026-03-10T12:00:00Z'));
  queue = await startQueue(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
  user = await createUser(t.ctx.db, { clientId: client.id });
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const CSV = 'Emp ID,First,Last,NPI,SSN,DOB,Dept\r\n' + 'E1,Ann,Lee,1234567893,123-45-6780,1980-02-29,HR\r\n' + 'E2,Bo,Ray,,,02/03/1975,IT\r\n';
const CSV_NPIS = CSV.replace('E2,Bo,Ray,,', 'E2,Bo,Ray,1234567893,');
const NAMES = { First: 'First Name', Last: 'Last Name' };
const base = { columnMappings: NAMES, searchTypes: ['Exclusion Search by Individual Name'], correlatedColumnIndexes: [6], uniqueIdIndex: 0 };

async function uploaded(csv = CSV) {
  const agent = await signedIn(t, user);
  const res = await upload(agent, csv);
  return { agent, batchId: res.json().batchId as number };
}
const map = (agent: Awaited<ReturnType<typeof signedIn>>, batchId: number, body: object, dry = true) =>
  agent.post(`/services/flexsearchs/${batchId}/columnmappings${dry ? '?dryrun=true' : ''}`, body);

describe('mapping checks (400 with a message)', () => {
  it('names the first problem of the mapping', async () => {
    const { agent, batchId } = await uploaded();
    const cases: [object, string][] = [
      [{ ...base, searchTypes: [] }, BATCH_MESSAGES.selectSearch],
      [{ ...base, columnMappings: { First: 'First Name' } }, requiredMappingMessage('Last Name')],
      [{ ...base, columnMappings: { First: 'First Name', Last: 'First Name' } }, MAPPING_MESSAGES.usedTwice('First Name')],
      [{ ...base, searchTypes: ['Search by Nickname'] }, MAPPING_MESSAGES.unknownType('Search by Nickname')],
      [{ ...base, searchTypes: ['OFAC'] }, MAPPING_MESSAGES.notOffered('OFAC')],
      [{ ...base, columnMappings: { ...NAMES, Nope: 'NPI' } }, MAPPING_MESSAGES.unknownColumn('Nope')],
      [{ ...base, columnMappings: { ...NAMES, NPI: 'Shoe Size' } }, MAPPING_MESSAGES.unknownCriterion('Shoe Size')],
      [{ ...base, searchTypes: ['Exclusion Search by Individual Name', 'Exclusion Search by NPI'], columnMappings: { ...NAMES, NPI: 'NPI' } }, MAPPING_MESSAGES.oneExclusionSearch],
      [{ ...base, correlatedColumnIndexes: [1] }, MAPPING_MESSAGES.additionalMapped('First')],
      [{ ...base, uniqueIdIndex: 9 }, MAPPING_MESSAGES.badIndex('unique identifier', 9)],
      [{ ...base, searchTypes: ['Search by NPI'], columnMappings: NAMES }, requiredMappingMessage('NPI')],
    ];
    for (const [body, message] of cases) {
      const res = await map(agent, batchId, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });
});

describe('dry run', () => {
  it('answers 200 for a clean file and stores nothing', async () => {
    const { agent, batchId } = await uploaded();
    const res = await map(agent, batchId, base);
    expect(res.statusCode, res.body).toBe(200);
    expect(ColumnMappingResponseSchema.parse(res.json())).toMatchObject({ batchId, recordCount: 2, status: null });
    expect(await t.ctx.db.select().from(batchRows).where(eq(batchRows.batchId, batchId))).toHaveLength(0);
  });

  it('reports every bad row with its zero-based index, message and data', async () => {
    const csv =
      'Emp ID,First,Last,NPI,SSN,DOB\n' +
      'E1,Ann,Lee,1234567893,123456780,1980-01-01\n' + // clean
      'E2,,Ray,123,12345,02/30/1975\n' + // first name missing, NPI short, SSN short, impossible date
      'E3,Cy,Doe,1234567890,,2999-01-01\n' + // check digit, future birth
      'E1,Di,Fox,,,\n' + // duplicate id
      'E5,Ed,Gu\n' + // short: its missing cells are empty
      'E6,Fi,Ho,,,,,,\n' + // empty cells past the header: fine
      'E7,Gi,Ix,,,,overflow\n' + // a value past the header
      'E8,Hu,Jo,1234567890,,1980-01-01\n' + // check digit only: screened by name (issue 50)
      'E9,Iv,Ka,123,,\n'; // NPI short only: screened by name
    const { agent, batchId } = await uploaded(csv);
    const res = await map(agent, batchId, { ...base, columnMappings: { ...NAMES, NPI: 'NPI', SSN: 'SSN', DOB: 'Date of Birth' }, correlatedColumnIndexes: [] });
    expect(res.statusCode).toBe(400);
    const { error, summary } = RowErrorsBodySchema.parse(res.json());
    // Each skipped row says what skipping it loses.
    const loses = ROW_MESSAGES.skipLoses(['Exclusion Search by Individual Name']);
    expect(loses).toBe('Skipping this row leaves out its Exclusion Search by Individual Name.');
    expect(error.map(({ problems: _, ...entry }) => entry)).toEqual([
      { rowIndx: 1, errorMessage: ['First Name is required.', 'NPI is not valid. Valid NPI is 10 digits with no extra characters or spaces', 'SSN must be 9 digits.', ROW_MESSAGES.dateOfBirth, loses].join(' '), data: 'E2,,Ray,123,12345,02/30/1975', skippedSearches: ['Exclusion Search by Individual Name'] },
      { rowIndx: 2, errorMessage: ['NPI check digit is not valid.', ROW_MESSAGES.dateOfBirth, loses].join(' '), data: 'E3,Cy,Doe,1234567890,,2999-01-01', skippedSearches: ['Exclusion Search by Individual Name'] },
      { rowIndx: 3, errorMessage: [ROW_MESSAGES.uniqueIdDuplicate('E1', 0), loses].join(' '), data: 'E1,Di,Fox,,,', skippedSearches: ['Exclusion Search by Individual Name'] },
      { rowIndx: 6, errorMessage: [ROW_MESSAGES.extraCells(1, 6), loses].join(' '), data: 'E7,Gi,Ix,,,,overflow', skippedSearches: ['Exclusion Search by Individual Name'] },
    ]);
    // An NPI problem alone leaves the row its name search: kept, and noted.
    expect(summary).toMatchObject({ rows: 9, validRows: 5, invalidRows: 4, notedRows: 2, notes: [{ rowIndx: 7, note: 'NPI fails the check digit; screened by name' }, { rowIndx: 8, note: 'NPI is not 10 digits; screened by name' }] });
    // Each problem names its column, for the downloadable problem list.
    expect(error[1].problems).toEqual([
      { column: 'NPI', reason: 'NPI check digit is not valid.' },
      { column: 'DOB', reason: ROW_MESSAGES.dateOfBirth },
    ]);
    expect(error[2].problems).toEqual([{ column: 'Emp ID', reason: ROW_MESSAGES.uniqueIdDuplicate('E1', 0) }]);
    expect(error[3].problems).toEqual([{ column: '', reason: ROW_MESSAGES.extraCells(1, 6) }]);
  });
});

describe('submission', () => {
  it('stores the rows with their additional data, marks the batch Submitted and queues it', async () => {
    const { agent, batchId } = await uploaded(CSV_NPIS);
    const res = await map(agent, batchId, { ...base, searchTypes: ['Exclusion Search by Individual Name', 'Search by NPI'], columnMappings: { ...NAMES, NPI: 'NPI', DOB: 'Date of Birth' } }, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Submitted', message: BATCH_MESSAGES.created });
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    expect(batch).toMatchObject({ status: 'Submitted', recordCount: 2, uniqueIdIndex: 0, correlatedColumnIndexes: [6] });
    // Search by NPI brings NPI Validation along.
    expect(batch.searchTypes).toEqual(['Exclusion Search by Individual Name', 'Search by NPI', 'NPI Validation']);
    const rows = await t.ctx.db.select().from(batchRows).where(eq(batchRows.batchId, batchId)).orderBy(batchRows.rowIndex);
    expect(rows[1]).toMatchObject({ rowIndex: 1, uniqueId: 'E2', values: { 'First Name': 'Bo', 'Last Name': 'Ray', 'Date of Birth': '1975-02-03' }, additional: { Dept: 'IT' } });
    const again = await map(agent, batchId, base, false);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BATCH_MESSAGES.alreadySubmitted);
  });
});

describe('a dry run, then the submission', () => {
  it('takes the rows the dry run of the same mapping just read and checked, without reading the file again (ADR 098)', async () => {
    const { agent, batchId } = await uploaded(CSV_NPIS);
    const body = { ...base, columnMappings: { ...NAMES, NPI: 'NPI' } };
    expect((await map(agent, batchId, body)).statusCode).toBe(200);
    const [draft] = await t.ctx.db.select().from(batches).where(eq(batches.id, batchId));
    // The stored file moved away: only what the dry run held can serve the submission.
    const file = path.join(t.ctx.config.dataDir, draft.storedPath);
    renameSync(file, `${file}.away`);
    try {
      // Another mapping than the dry run's is read from the file, which is gone.
      const other = await map(agent, batchId, base, false);
      expect(other.statusCode).toBe(409);
      expect(other.json().error.message).toBe(BATCH_MESSAGES.fileMissing);
      // Skipping invalid rows or not is chosen after the check: the held rows serve either.
      const res = await map(agent, batchId, { ...body, skipInvalidRows: true }, false);
      expect(res.statusCode, res.body).toBe(200);
      const rows = await t.ctx.db.select().from(batchRows).where(eq(batchRows.batchId, batchId)).orderBy(batchRows.rowIndex);
      expect(rows.map((r) => r.values)).toEqual([
        { 'First Name': 'Ann', 'Last Name': 'Lee', NPI: '1234567893' },
        { 'First Name': 'Bo', 'Last Name': 'Ray', NPI: '1234567893' },
      ]);
    } finally {
      renameSync(`${file}.away`, file);
    }
  });
});

describe('trial allowance', () => {
  it('refuses a batch larger than the searches left this month, naming the numbers', async () => {
    const trial = await createClient(t.ctx.db, { state: 'trial', planType: 'FREE', searchOptions: ['NAME', 'NPI'], trialSearchesPerMonth: 3 });
    const trialUser = await createUser(t.ctx.db, { clientId: trial.id });
    const agent = await signedIn(t, trialUser);
    const body = { ...base, searchTypes: ['Exclusion Search by Individual Name', 'NPI Validation'], columnMappings: { ...NAMES, NPI: 'NPI' } };
    const fixed = await upload(agent, CSV_NPIS);
    const res = await map(agent, fixed.json().batchId, body, false);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(trialLimitMessage(4, 3, 3));
    const fits = await map(agent, fixed.json().batchId, base, false);
    expect(fits.statusCode, fits.body).toBe(200);
  });
});
