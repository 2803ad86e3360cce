/**
 * The sheet picker on the app's API (issue 18): a workbook with two rosters is uploaded, the
 * default sheet is said, the draft is switched to the other sheet, mapped and screened from it;
 * the batch, its rows, its events and its reports name that sheet. Refusals name what is wrong.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadResponseSchema } from '#shared/batches';
import { ErrorBodySchema } from '#shared/errors';
import { SHEET_MESSAGES } from '#shared/messages';
import { batchEvents, batches, batchRows } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { multipart, signedIn, startQueue, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { messyRoster } from '#test/messy-rosters';
import { pdfText } from '#test/pdf-text';
import { COVER_ROWS, rosterRows, writeWorkbook } from '#test/workbooks';

let t: TestApp;
let queue: JobQueue;
let agent: Agent;
let other: Agent;
beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 100, batchScreenWorkers: 0 });
  queue = await startQueue(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id }));
  const elsewhere = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
  other = await signedIn(t, await createUser(t.ctx.db, { clientId: elsewhere.id }));
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const staff = messyRoster({ rows: 12, seed: 3, npiShare: 0.5 });
const NURSES = [
  ['Nurse ID', 'First', 'Last', 'DOB'],
  ['N-1', 'Ada', 'Okafor', '1980-02-03'],
  ['N-2', 'Ben', 'Haddad', '1975-11-30'],
  ['N-3', 'Cleo', 'Berg', '1990-06-15'],
];
const book = writeWorkbook([
  { name: 'Cover', rows: COVER_ROWS },
  { name: 'Staff', rows: rosterRows(staff) },
  { name: 'Nurses', rows: NURSES },
]);
const errorOf = (res: { json(): unknown }) => ErrorBodySchema.parse(res.json()).error;
const uploadWorkbook = (who: Agent, fields: Record<string, string> = {}) =>
  who.request({ method: 'POST', url: '/services/fileupload', ...multipart({ typeName: 'Flex', ...fields }, [{ fileName: 'rosters.xlsx', content: book }]) });

describe('choosing the sheet of an uploaded workbook', () => {
  it('says the default, switches the draft to the sheet chosen, and screens that sheet; the reports name it', async () => {
    const up = UploadResponseSchema.parse((await uploadWorkbook(agent)).json());
    expect(up.format).toMatchObject({ sheet: 'Staff', sheetReason: expect.stringContaining('We chose “Staff”: its header looks like a roster') });
    expect(up.format!.sheetDetails!.map((s) => [s.name, s.rows])).toEqual([
      ['Cover', 2],
      ['Staff', 12],
      ['Nurses', 3],
    ]);

    const chosen = await agent.post(`/services/flexsearchs/${up.batchId}/sheet`, { sheet: 'Nurses' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const nurses = UploadResponseSchema.parse(chosen.json());
    expect(nurses.previewData.map((c) => c[0])).toEqual(NURSES[0]);
    expect(nurses.format).toMatchObject({ sheet: 'Nurses', sheetReason: null });
    const [draft] = await t.ctx.db.select().from(batches).where(eq(batches.id, up.batchId));
    expect(draft).toMatchObject({ sheetName: 'Nurses', header: NURSES[0], recordCount: 3 });

    const mapping = { columnMappings: { First: 'First Name', Last: 'Last Name', DOB: 'Date of Birth' }, searchTypes: ['Exclusion Search by Individual Name'], correlatedColumnIndexes: [], uniqueIdIndex: 0 };
    const real = await agent.post(`/services/flexsearchs/${up.batchId}/columnmappings`, mapping);
    expect(real.statusCode, real.body).toBe(200);
    await queue.drain();
    const [batch] = await t.ctx.db.select().from(batches).where(eq(batches.id, up.batchId));
    expect(batch).toMatchObject({ status: 'Completed', recordCount: 3, sheetName: 'Nurses' });
    const rows = await t.ctx.db.select().from(batchRows).where(eq(batchRows.batchId, up.batchId)).orderBy(batchRows.rowIndex);
    expect(rows.map((r) => r.uniqueId)).toEqual(['N-1', 'N-2', 'N-3']);
    expect(rows[0].values).toMatchObject({ 'First Name': 'Ada', 'Last Name': 'Okafor', 'Date of Birth': '1980-02-03' });
    const [submitted] = await t.ctx.db.select().from(batchEvents).where(and(eq(batchEvents.batchId, up.batchId), eq(batchEvents.kind, 'submitted')));
    expect(submitted.details).toMatchObject({ sheet: 'Nurses', rows: 3 });

    const report = await agent.get(`/services/flexsearchs/${up.batchId}/auditreport?format=pdf`);
    expect(report.statusCode).toBe(200);
    // The PDF shows the curly quotes in its fonts' WinAnsi codes (0x93, 0x94), which the text extraction keeps.
    const text = pdfText(report.rawPayload).replace(/[\u0093\u0094]/g, '"').replace(/\s+/g, ' ');
    expect(text).toContain('rosters.xlsx, sheet "Nurses"');
    expect(text).toContain('Uploaded rosters.xlsx, sheet "Staff", 12 rows');
    expect(text).toContain('Submitted for screening sheet "Nurses"; 3 rows');
    // A submitted batch keeps its sheet.
    expect((await agent.post(`/services/flexsearchs/${up.batchId}/sheet`, { sheet: 'Staff' })).statusCode).toBe(409);
  });

  it('takes the sheet with the upload too, and refuses an unknown sheet listing the sheets, keeping no file', async () => {
    const named = UploadResponseSchema.parse((await uploadWorkbook(agent, { sheet: 'Nurses' })).json());
    expect(named.format).toMatchObject({ sheet: 'Nurses' });
    const before = readdirSync(path.join(t.ctx.config.dataDir, 'uploads'));
    const unknown = await uploadWorkbook(agent, { sheet: 'Doctors' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({ message: SHEET_MESSAGES.unknownSheet('Doctors', ['Cover', 'Staff', 'Nurses']), fields: { sheet: expect.stringContaining('“Cover”, “Staff”, “Nurses”') } });
    expect(readdirSync(path.join(t.ctx.config.dataDir, 'uploads'))).toEqual(before);
    const switched = await agent.post(`/services/flexsearchs/${named.batchId}/sheet`, { sheet: 'Doctors' });
    expect(switched.statusCode).toBe(400);
    expect(errorOf(switched).message).toBe(SHEET_MESSAGES.unknownSheet('Doctors', ['Cover', 'Staff', 'Nurses']));
    // The draft is as it was.
    const [draft] = await t.ctx.db.select().from(batches).where(eq(batches.id, named.batchId));
    expect(draft).toMatchObject({ sheetName: 'Nurses', recordCount: 3 });
  });

  it('answers 404 for another client’s draft and 400 for a CSV file', async () => {
    const up = UploadResponseSchema.parse((await uploadWorkbook(agent)).json());
    expect((await other.post(`/services/flexsearchs/${up.batchId}/sheet`, { sheet: 'Nurses' })).statusCode).toBe(404);
    const csv = UploadResponseSchema.parse((await upload(agent, 'First Name,Last Name\nAnn,Lee\n')).json());
    const res = await agent.post(`/services/flexsearchs/${csv.batchId}/sheet`, { sheet: 'Sheet1' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(SHEET_MESSAGES.notAWorkbook);
  });
});
