/** Hostile and odd batch files (ADR 025): limits, files that are not text, UTF-16, nothing left behind. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadResponseSchema } from '#shared/batches';
import { ErrorBodySchema } from '#shared/errors';
import { UPLOAD_MESSAGES } from '#shared/messages';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { signedIn, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { PREVIEW_VALUE_CHARS } from './csv-file';
import { DEFAULT_MAX_COLUMNS, MAX_LINE_CHARS, MAX_VALUE_CHARS } from './csv-shape';

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id }));
});
afterAll(() => t.close());

const errorOf = (res: { json(): unknown }) => ErrorBodySchema.parse(res.json()).error;
const storedFiles = () => {
  try {
    return readdirSync(path.join(t.ctx.config.dataDir, 'uploads'));
  } catch {
    return [];
  }
};

describe('limits of a batch file', () => {
  it('refuses a 6 MB line of 3 million columns at once with a short 400, keeps nothing, and answers other requests meanwhile', async () => {
    const before = storedFiles();
    const wide = Buffer.from(`${'a,'.repeat(3_000_000)}b\n${'1,'.repeat(10)}2\n`);
    const health = new Agent(t.app);
    const [res, ...checks] = await Promise.all([upload(agent, wide, 'wide.csv'), health.get('/services/health'), health.get('/services/health')]);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(UPLOAD_MESSAGES.tooManyColumns(1, DEFAULT_MAX_COLUMNS));
    expect(res.body.length).toBeLessThan(1000);
    for (const check of checks) expect(check.statusCode).toBe(200);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a value or a line past its limit, naming the line and column', async () => {
    const longValue = await upload(agent, `Name,Note\nAnn,ok\nBo,${'x'.repeat(MAX_VALUE_CHARS + 1)}\n`);
    expect(longValue.statusCode).toBe(400);
    expect(errorOf(longValue).message).toBe(UPLOAD_MESSAGES.valueTooLong(3, 2, MAX_VALUE_CHARS));
    // An unclosed quote swallows the rest of the file into one value.
    const unclosed = await upload(agent, `Name,Note\nAnn,"oops\n${'Bo,fine\n'.repeat(1000)}`);
    expect(errorOf(unclosed).message).toBe(UPLOAD_MESSAGES.valueTooLong(2, 2, MAX_VALUE_CHARS));
    const cells = Array.from({ length: 400 }, () => 'y'.repeat(300)).join(',');
    const longLine = await upload(agent, `${Array.from({ length: 400 }, (_, i) => `C${i}`).join(',')}\n${cells}\n`);
    expect(errorOf(longLine).message).toBe(UPLOAD_MESSAGES.lineTooLong(2, MAX_LINE_CHARS));
    expect(storedFiles()).toEqual([]);
  });

  it('takes the column limit from UPLOAD_MAX_COLUMNS', async () => {
    const configured = t.ctx.config.uploadMaxColumns;
    t.ctx.config.uploadMaxColumns = 3;
    try {
      const res = await upload(agent, 'a,b,c\n1,2,3\n1,2,3,4\n');
      expect(errorOf(res).message).toBe(UPLOAD_MESSAGES.tooManyColumns(3, 3));
    } finally {
      t.ctx.config.uploadMaxColumns = configured;
    }
  });

  it('cuts long sample values in the preview', async () => {
    const res = await upload(agent, `Name,Note\nAnn,${'n'.repeat(3000)}\n`);
    expect(res.statusCode, res.body).toBe(200);
    const { previewData } = UploadResponseSchema.parse(res.json());
    expect(previewData[1][1]).toBe('n'.repeat(PREVIEW_VALUE_CHARS));
  });
});

describe('files that are not CSV text', () => {
  const refusals: [string, Buffer, string][] = [
    ['a legacy Excel workbook', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(2000)]), 'an Excel 97–2003 (.xls) workbook'],
    ['UTF-16 without a byte order mark', Buffer.from('First Name,Last Name\r\nAnn,Lee\r\n', 'utf16le'), 'binary data (or UTF-16 text without a byte order mark)'],
  ];
  for (const [name, bytes, what] of refusals) {
    it(`refuses ${name} with 415 and keeps nothing`, async () => {
      const before = storedFiles();
      const res = await upload(agent, bytes, 'staff.csv');
      expect(res.statusCode).toBe(415);
      expect(errorOf(res).message).toBe(UPLOAD_MESSAGES.notText(what));
      expect(storedFiles()).toEqual(before);
    });
  }

  it('refuses a damaged workbook (a ZIP cut short) with 415 and keeps nothing', async () => {
    const before = storedFiles();
    const res = await upload(agent, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), Buffer.alloc(2000, 7)]), 'staff.xlsx');
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).message).toBe(UPLOAD_MESSAGES.badWorkbook('it is not a whole ZIP package'));
    expect(storedFiles()).toEqual(before);
  });

  it('reads UTF-16 with its byte order mark (little and big endian)', async () => {
    const text = 'First Name,Last Name\r\nJosé,Núñez\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    for (const bytes of [le, be]) {
      const res = await upload(agent, bytes);
      expect(res.statusCode, res.body).toBe(200);
      expect(UploadResponseSchema.parse(res.json()).previewData).toEqual([
        ['First Name', 'José'],
        ['Last Name', 'Núñez'],
      ]);
    }
  });

  it('refuses a NUL character in a column label with a 400 naming the column, and keeps nothing', async () => {
    const before = storedFiles();
    const res = await upload(agent, 'First Name,Last\u0000Name\nAnn,Lee\n');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(UPLOAD_MESSAGES.labelControlCharacter(2));
    expect(storedFiles()).toEqual(before);
  });
});

describe('a failed upload', () => {
  it('leaves no encrypted file behind when the database refuses the batch', async () => {
    const before = storedFiles();
    await t.ctx.database.sql(`CREATE FUNCTION refuse_batch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
      CREATE TRIGGER refuse_batch BEFORE INSERT ON batches FOR EACH ROW EXECUTE FUNCTION refuse_batch();`);
    try {
      const res = await upload(agent, 'First Name,Last Name\nAnn,Lee\n');
      expect(res.statusCode).toBe(500);
    } finally {
      await t.ctx.database.sql('DROP TRIGGER refuse_batch ON batches; DROP FUNCTION refuse_batch();');
    }
    expect(storedFiles()).toEqual(before);
  });
});
