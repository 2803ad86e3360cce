/** The quick batch pages' server side: role-checked templates, and batches made through the wizard's endpoints (ADR 037). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guessMapping } from '#shared/column-guess';
import { BatchListSchema, SearchTypeListSchema, UploadResponseSchema } from '#shared/batches';
import { QUICK_BATCH_MESSAGES, requiredMappingMessage, SHEET_MESSAGES } from '#shared/messages';
import { openXlsx } from '#lists/core/xlsx';
import { XLSX_CONTENT_TYPE } from './templates';
import { QUICK_BATCHES, quickMappingInput, type QuickBatchKind } from '#shared/quick-batches';
import { batches, batchResults, batchRows, usageRecords } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { NPI_ACTIVE, NPI_DEACTIVATED, NPI_UNKNOWN, seedLists } from '#test/results-setup';

/** The labels of an upload's preview (each preview row is a column, its label first). */
const columnsOf = (preview: string[][]) => preview.map((column) => column[0] ?? '');

let t: TestApp;
let queue: JobQueue;
let both: Agent;
let nameOnly: Agent;
let neither: Agent;
beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0, batchChunkRows: 2 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  queue = await startQueue(t);
  await seedLists(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'OFAC'] });
  both = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user', 'npi_search_user'] }));
  nameOnly = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user'] }));
  neither = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user'] }));
}, 60_000);
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('templates', () => {
  it('hands each kind’s template, with the headers the automatic mapping reads back, to the holders of its role', async () => {
    for (const kind of ['name', 'npi'] as const) {
      const res = await both.get(`/services/batch/${kind}/template?format=csv`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toContain(`${QUICK_BATCHES[kind].templateName}.csv`);
      const header = res.body.replace(/^\uFEFF/, '').trim().split(',');
      expect(header).toEqual(QUICK_BATCHES[kind].templateHeaders);
      expect(Object.values(guessMapping(header))).toEqual(header);
    }
  });

  it('hands an Excel template too, which our own reader (and so an upload) reads back as the headers (issue 16)', async () => {
    for (const kind of ['name', 'npi'] as const) {
      const res = await both.get(`/services/batch/${kind}/template?format=xlsx`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
      expect(res.headers['content-disposition']).toContain(`${QUICK_BATCHES[kind].templateName}.xlsx`);
      const book = await openXlsx(res.rawPayload, 'template');
      expect(book.sheetNames).toEqual(['Roster']);
      const rows = [];
      for await (const batch of book.rowBatches('Roster')) rows.push(...batch);
      expect(rows).toEqual([{ row: 1, cells: QUICK_BATCHES[kind].templateHeaders }]);
      // Uploaded unfilled, it is read as a workbook whose one sheet has no data rows.
      const filled = await upload(both, res.rawPayload, 'template.xlsx');
      expect(filled.statusCode).toBe(400);
      expect(filled.json().error.message).toBe(SHEET_MESSAGES.headerOnly('Roster'));
    }
  });

  it('refuses the others: 403 without the role, 401 signed out, 400 for an unknown format', async () => {
    expect((await nameOnly.get('/services/batch/npi/template')).statusCode).toBe(403);
    expect((await neither.get('/services/batch/name/template')).statusCode).toBe(403);
    expect((await new Agent(t.app).get('/services/batch/name/template')).statusCode).toBe(401);
    const bad = await both.get('/services/batch/name/template?format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

const NAME_CSV = 'Employee #,Given Name,Surname,Birth Date,NPI Number,Dept\n' +
  `E1,Kathleen,Brennan,1971-02-03,${NPI_ACTIVE},Nursing\n` +
  `E2,Anil,Patel,,${NPI_DEACTIVATED},Pharmacy\n` +
  `E3,Zed,Nobody,,,Front desk\n`;
const NPI_CSV = 'Provider Name,NPI #\n' + `Kathleen Brennan,${NPI_ACTIVE}\nAnil Patel,${NPI_DEACTIVATED}\nDaniel Okafor,${NPI_UNKNOWN}\n`;

/** What the quick page sends: upload, the automatic mapping confirmed as is, the plan's search types; dry run, then the real one. */
async function quickBatch(agent: Agent, kind: QuickBatchKind, csv: string): Promise<{ batchId: number; input: object }> {
  const up = UploadResponseSchema.parse((await upload(agent, csv)).json());
  const offered = SearchTypeListSchema.parse((await agent.get('/services/flexsearchs/searchtypes')).json()).map((type) => type.name);
  const labels = columnsOf(up.previewData);
  const quick = quickMappingInput(kind, labels, guessMapping(labels), offered);
  expect(quick.problem).toBeNull();
  for (const dry of ['?dryrun=true', '']) {
    const res = await agent.post(`/services/flexsearchs/${up.batchId}/columnmappings${dry}`, quick.input!);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { batchId: up.batchId, input: quick.input! };
}

async function wizardBatch(agent: Agent, csv: string, input: object): Promise<number> {
  const batchId = (await upload(agent, csv)).json().batchId as number;
  expect((await agent.post(`/services/flexsearchs/${batchId}/columnmappings`, input)).statusCode).toBe(200);
  return batchId;
}

/** Everything a screened batch is, without its ids and times. */
async function outcomeOf(batchId: number) {
  const db = t.ctx.db;
  const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
  const rows = await db.select().from(batchRows).where(eq(batchRows.batchId, batchId)).orderBy(batchRows.rowIndex);
  const results = await db.select().from(batchResults).where(eq(batchResults.batchId, batchId)).orderBy(batchResults.rowIndex, batchResults.resultType, batchResults.source, batchResults.sourceRecordId);
  const usage = await db.select().from(usageRecords).where(eq(usageRecords.batchId, batchId)).orderBy(usageRecords.rowIndex, usageRecords.searchType);
  return {
    batch: { status: batch.status, searchTypes: batch.searchTypes, columnMappings: batch.columnMappings, recordCount: batch.recordCount, hits: batch.hits, toReview: batch.toReview },
    rows: rows.map((r) => ({ rowIndex: r.rowIndex, values: r.values, additional: r.additional })),
    results: results.map((r) => ({ row: r.rowIndex, type: r.resultType, source: r.source, id: r.sourceRecordId, score: r.score, status: r.reviewStatus, searchType: r.searchType })),
    usage: usage.map((u) => ({ row: u.rowIndex, type: u.searchType, quantity: u.quantity, cents: u.unitPriceCents })),
  };
}

describe('a quick batch', () => {
  it('by name: mapped from the headers, screened exactly like the same batch through the wizard', async () => {
    const quick = await quickBatch(both, 'name', NAME_CSV);
    expect(quick.input).toEqual({
      columnMappings: { 'Given Name': 'First Name', Surname: 'Last Name', 'Birth Date': 'Date of Birth', 'NPI Number': 'NPI' },
      searchTypes: ['Exclusion Search by Individual Name', 'OFAC'],
      correlatedColumnIndexes: [0, 5],
      uniqueIdIndex: null,
    });
    const wizard = await wizardBatch(both, NAME_CSV, quick.input);
    await queue.drain();
    const [a, b] = [await outcomeOf(quick.batchId), await outcomeOf(wizard)];
    expect(a.batch.status).toBe('Completed');
    expect(a.results.some((r) => r.row === 0 && r.source === 'leie')).toBe(true);
    expect(a.usage.reduce((n, u) => n + u.quantity, 0)).toBe(3 * 2);
    expect(a).toEqual(b);
    // Both live in the same dashboard and results pages.
    const list = BatchListSchema.parse((await both.get('/services/flexsearchs')).json());
    expect(list.items.filter((i) => [quick.batchId, wizard].includes(i.batchId)).map((i) => i.status)).toEqual(['Completed', 'Completed']);
    expect((await both.get(`/services/flexsearchs/${quick.batchId}/result`)).statusCode).toBe(200);
  });

  it('by NPI: NPI validation and the exclusion search by NPI, like the wizard’s', async () => {
    const quick = await quickBatch(both, 'npi', NPI_CSV);
    expect(quick.input).toMatchObject({ columnMappings: { 'NPI #': 'NPI' }, searchTypes: ['NPI Validation', 'Exclusion Search by NPI'], correlatedColumnIndexes: [0] });
    const wizard = await wizardBatch(both, NPI_CSV, quick.input);
    await queue.drain();
    const [a, b] = [await outcomeOf(quick.batchId), await outcomeOf(wizard)];
    expect(a.batch).toMatchObject({ status: 'Completed', searchTypes: ['Exclusion Search by NPI', 'NPI Validation'] });
    expect(a.results.filter((r) => r.type === 'npi')).toHaveLength(3);
    expect(a).toEqual(b);
  });

  it('a file with no name column has no plan, and the server refuses the mapping it would need', async () => {
    const up = UploadResponseSchema.parse((await upload(both, 'Badge,Dept\nB1,HR\n')).json());
    const labels = columnsOf(up.previewData);
    expect(guessMapping(labels)).toEqual({});
    const offered = SearchTypeListSchema.parse((await both.get('/services/flexsearchs/searchtypes')).json()).map((type) => type.name);
    expect(quickMappingInput('name', labels, {}, offered)).toEqual({ input: null, problem: QUICK_BATCH_MESSAGES.needName });
    expect(quickMappingInput('npi', labels, {}, offered)).toEqual({ input: null, problem: QUICK_BATCH_MESSAGES.needNpi });
    const res = await both.post(`/services/flexsearchs/${up.batchId}/columnmappings?dryrun=true`, { columnMappings: {}, searchTypes: ['NPI Validation', 'Exclusion Search by NPI'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(requiredMappingMessage('NPI'));
  });

  it('offers no plan for searches the client does not have', async () => {
    const nameClient = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    const agent = await signedIn(t, await createUser(t.ctx.db, { clientId: nameClient.id, roles: ['npi_search_user', 'name_search_user'] }));
    const offered = SearchTypeListSchema.parse((await agent.get('/services/flexsearchs/searchtypes')).json()).map((type) => type.name);
    expect(quickMappingInput('npi', ['NPI'], { NPI: 'NPI' }, offered).problem).toBe(QUICK_BATCH_MESSAGES.npiNotOffered);
    expect(quickMappingInput('name', ['Company'], { Company: 'Company Name' }, offered).input?.searchTypes).toEqual(['Exclusion Search by Business Name']);
  });
});
