/**
 * POST /api/v1/batches/csv with an Excel workbook (issue 18's sheet picker): the `sheet` field
 * picks the sheet screened, without it the default sheet is screened and named in the answer, an
 * unknown sheet answers 400 listing the workbook's sheets and keeps no file and no batch.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { ErrorBodySchema } from '#shared/errors';
import { SHEET_MESSAGES } from '#shared/messages';
import { ApiBatchCreatedSchema } from '#shared/public-api-batches';
import { batches, batchRows } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '#test/app';
import { multipart, signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { COVER_ROWS, LOOKUP_ROWS, writeWorkbook } from '#test/workbooks';

let t: TestApp;
let queue: JobQueue;
let secret: string;
let clientId: number;
beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0 });
  queue = await startQueue(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
  clientId = client.id;
  const agent = await signedIn(t, await createUser(t.ctx.db, { clientId, roles: ['paying_user', 'name_search_user', 'api_user'] }));
  secret = CreatedApiKeySchema.parse((await agent.post('/services/apikeys', { name: 'HR' })).json()).secret;
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const STAFF = [
  ['Emp ID', 'Given Name', 'Surname'],
  ['E-1', 'Donald', 'Bailey'],
  ['E-2', 'Jane', 'Roe'],
];
const NURSES = [
  ['Nurse ID', 'First', 'Last'],
  ['N-1', 'Ada', 'Okafor'],
  ['N-2', 'Ben', 'Haddad'],
  ['N-3', 'Cleo', 'Berg'],
];
const book = writeWorkbook([
  { name: 'Cover', rows: COVER_ROWS },
  { name: 'Staff', rows: STAFF },
  { name: 'Nurses', rows: NURSES },
  { name: 'Lookups', rows: LOOKUP_ROWS },
]);
const mapping = JSON.stringify({ searchTypes: ['Exclusion Search by Individual Name'] });

function post(fields: Record<string, string>, content: Buffer = book) {
  const form = multipart({ mapping, ...fields }, [{ fileName: 'hr-export.xlsx', content }]);
  return t.app.inject({ method: 'POST', url: '/api/v1/batches/csv', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${secret}` } });
}
const uploads = () => readdirSync(path.join(t.ctx.config.dataDir, 'uploads'));
const batchCount = async () => (await t.ctx.db.select().from(batches).where(eq(batches.clientId, clientId))).length;

describe('an Excel workbook through the public API', () => {
  it('screens the sheet named in the "sheet" field, its columns guessed from that sheet', async () => {
    const res = await post({ sheet: 'Nurses' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = ApiBatchCreatedSchema.parse(res.json());
    expect(answer).toMatchObject({ recordCount: 3, sheet: 'Nurses', columnMappings: { First: 'First Name', Last: 'Last Name' } });
    await queue.drain();
    const rows = await t.ctx.db.select().from(batchRows).where(eq(batchRows.batchId, answer.batchId)).orderBy(batchRows.rowIndex);
    expect(rows.map((r) => (r.values as Record<string, string>)['Last Name'])).toEqual(['Okafor', 'Haddad', 'Berg']);
  });

  it('without a sheet, screens the default one and names it', async () => {
    const answer = ApiBatchCreatedSchema.parse((await post({})).json());
    expect(answer).toMatchObject({ recordCount: 2, sheet: 'Staff', columnMappings: { 'Given Name': 'First Name', Surname: 'Last Name' } });
  });

  it('refuses an unknown sheet with 400 listing the sheets, and a workbook with no data, keeping no file and no batch', async () => {
    const [files, count] = [uploads(), await batchCount()];
    const unknown = await post({ sheet: 'Doctors' });
    expect(unknown.statusCode).toBe(400);
    const error = ErrorBodySchema.parse(unknown.json()).error;
    expect(error.message).toBe('The workbook has no sheet “Doctors”. Its sheets: “Cover”, “Staff”, “Nurses”, “Lookups”.');
    expect(error.fields).toEqual({ sheet: error.message });
    const empty = await post({}, writeWorkbook([{ name: 'Sheet1' }, { name: 'Sheet2' }]));
    expect(empty.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(empty.json()).error.message).toBe(SHEET_MESSAGES.noDataOnAnySheet(['Sheet1', 'Sheet2']));
    expect(uploads()).toEqual(files);
    expect(await batchCount()).toBe(count);
  });
});
