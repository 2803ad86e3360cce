import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '#shared/errors';
import { UploadResponseSchema } from '#shared/batches';
import { BATCH_MESSAGES, fileTooLargeMessage, tooManyRowsMessage } from '#shared/messages';
import { createTestApp, type TestApp } from '#test/app';
import { multipart, signedIn, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { messyRoster } from '#test/messy-rosters';
import { KEY_FILE } from './file-store';

let t: TestApp;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: 4096, uploadMaxRows: 20 });
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  user = await createUser(t.ctx.db, { clientId: client.id });
});
afterAll(() => t.close());

const errorOf = (res: { json(): unknown }) => ErrorBodySchema.parse(res.json()).error;

describe('POST /services/fileupload', () => {
  it('stores the file encrypted and answers the batch id and preview', async () => {
    const agent = await signedIn(t, user);
    const csv = 'First Name,Last Name\r\nAnn,Lee\r\nBo,Ray\r\n';
    const res = await upload(agent, csv, 'Staff.CSV');
    expect(res.statusCode, res.body).toBe(200);
    const body = UploadResponseSchema.parse(res.json());
    expect(body.previewData).toEqual([
      ['First Name', 'Ann', 'Bo'],
      ['Last Name', 'Lee', 'Ray'],
    ]);
    const stored = readdirSync(path.join(t.ctx.config.dataDir, 'uploads'));
    expect(stored).toHaveLength(1);
    const onDisk = readFileSync(path.join(t.ctx.config.dataDir, 'uploads', stored[0]));
    expect(onDisk.includes(Buffer.from('Ann'))).toBe(false);
    expect(existsSync(path.join(t.ctx.config.dataDir, KEY_FILE))).toBe(true);
  });

  it('detects a semicolon-delimited UTF-8 file with BOM and says so in its answer (issue 18)', async () => {
    const roster = messyRoster({ rows: 12, seed: 3, delimiter: ';', encoding: 'utf-8-bom', shortShare: 0.5 });
    const res = await upload(await signedIn(t, user), roster.bytes, 'roster.csv');
    expect(res.statusCode, res.body).toBe(200);
    const body = UploadResponseSchema.parse(res.json());
    expect(body.format).toEqual({ kind: 'csv', encoding: 'UTF-8 with BOM', delimiter: 'semicolon', sheet: null, sheets: [] });
    expect(body.previewData.map((column) => column[0])).toEqual(roster.header);
    expect(body.previewData[1].slice(1)).toEqual(roster.rows.slice(0, 5).map((row) => row[1]));
  });

  it('refuses a file that is not .csv or .xlsx, with the spec’s text naming the workbook it takes too', async () => {
    const res = await upload(await signedIn(t, user), 'a,b\n1,2\n', 'staff.txt');
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).message).toBe('File type not supported, please upload a .CSV file or an Excel workbook (.xlsx).');
  });

  it('refuses a second file', async () => {
    const agent = await signedIn(t, user);
    const body = multipart({ typeName: 'Flex' }, [
      { fileName: 'a.csv', content: 'a\n1\n' },
      { fileName: 'b.csv', content: 'b\n2\n' },
    ]);
    const res = await agent.request({ method: 'POST', url: '/services/fileupload', ...body });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(BATCH_MESSAGES.noMoreFiles);
  });

  it('refuses a request without a file, and one without typeName=Flex', async () => {
    const agent = await signedIn(t, user);
    const none = await agent.request({ method: 'POST', url: '/services/fileupload', ...multipart({ typeName: 'Flex' }, []) });
    expect(errorOf(none).message).toBe(BATCH_MESSAGES.uploadFirst);
    const wrong = await agent.request({ method: 'POST', url: '/services/fileupload', ...multipart({ typeName: 'Other' }, [{ fileName: 'a.csv', content: 'a\n1\n' }]) });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe(BATCH_MESSAGES.typeNameFlex);
  });

  it('refuses a file over the size limit and keeps nothing of it', async () => {
    const before = readdirSync(path.join(t.ctx.config.dataDir, 'uploads')).length;
    const res = await upload(await signedIn(t, user), 'Name\n' + 'x'.repeat(5000) + '\n');
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).message).toBe(fileTooLargeMessage(4096));
    expect(readdirSync(path.join(t.ctx.config.dataDir, 'uploads'))).toHaveLength(before);
  });

  it('refuses more rows than the limit, naming both numbers', async () => {
    const res = await upload(await signedIn(t, user), ['Name', ...Array.from({ length: 21 }, (_, i) => `N${i}`)].join('\n'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(tooManyRowsMessage(21, 20));
  });

  it('refuses a header only, and an empty file, with clear messages', async () => {
    const agent = await signedIn(t, user);
    expect(errorOf(await upload(agent, 'First Name,Last Name\r\n')).message).toBe(BATCH_MESSAGES.headerOnly);
    expect(errorOf(await upload(agent, '')).message).toBe(BATCH_MESSAGES.fileEmpty);
  });

  it('refuses users of a client without search options, and anonymous callers', async () => {
    const bare = await createClient(t.ctx.db, { searchOptions: [] });
    const lonely = await createUser(t.ctx.db, { clientId: bare.id });
    const res = await upload(await signedIn(t, lonely), 'a\n1\n');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(BATCH_MESSAGES.noSearchOptions);
    const anon = await t.app.inject({ method: 'POST', url: '/services/fileupload', ...multipart({ typeName: 'Flex' }, [{ fileName: 'a.csv', content: 'a\n1\n' }]) });
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET /services/flexsearchs/searchtypes', () => {
  it('answers the types the client’s search options offer', async () => {
    const res = await (await signedIn(t, user)).get('/services/flexsearchs/searchtypes');
    const names = (res.json() as { name: string }[]).map((x) => x.name);
    expect(names).toEqual(['Exclusion Search by Individual Name', 'Exclusion Search by Business Name', 'Exclusion Search by NPI', 'Search by NPI', 'NPI Validation', 'NPI Medicare OptOut']);
    expect(res.json()[0]).toEqual({ name: 'Exclusion Search by Individual Name', required: true, requiredColumns: ['First Name', 'Last Name'], description: expect.any(String) });
  });

  it('answers an empty list to a client without search options', async () => {
    const bare = await createClient(t.ctx.db, { searchOptions: [] });
    const res = await (await signedIn(t, await createUser(t.ctx.db, { clientId: bare.id }))).get('/services/flexsearchs/searchtypes');
    expect(res.json()).toEqual([]);
  });
});
