import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/app';
import type { Database } from '#server/db/client';
import { listRecords } from '#server/db/schema';
import type { ListRecord } from '#shared/list-record';
import { bulkWriterFor } from './bulk-writer';
import { copyLine } from './copy-batch';
import { importList, type ImportRequest } from './import';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const leieFull = path.join(root, 'src/lists/leie/fixtures/UPDATED.csv');
const tmp = mkdtempSync(path.join(tmpdir(), 'clearlist-bulk-'));

// A second full file repeating PATEL's record id (same names, DOB, exclusion) with another address.
const [header, ...rows] = readFileSync(leieFull, 'utf8').trimEnd().split('\n');
const patel = rows.find((l) => l.startsWith('"PATEL"'))!;
mkdirSync(path.join(tmp, 'b'));
const repeat = path.join(tmp, 'b', 'UPDATED.csv');
writeFileSync(repeat, `${header}\n${patel.replace('1500 OAK LANE', '9 LAST WINS RD')}\n`);

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

async function importBoth(options: Partial<ImportRequest>) {
  const summary = await importList(database.db, { source: 'leie', files: [leieFull, repeat], origin: 'import', now: new Date('2026-11-02T08:00:00Z'), ...options });
  const stored = await database.db.select().from(listRecords).where(eq(listRecords.versionId, summary.version));
  const addresses = stored.map((r) => r.data as ListRecord).filter((r) => r.lastName === 'PATEL').map((r) => r.address);
  return { summary, addresses };
}

describe('full imports repeating a record id', () => {
  it('has a COPY writer for the database driver', () => {
    expect(bulkWriterFor(database.db)).not.toBeNull();
  });

  // Batch size 3 puts the repeat in a later batch than the first copy; 1000 puts both in one
  // batch's worth of rows. Either way, and without COPY, the last one wins.
  it.each([
    ['COPY, repeat in a later batch', { batchSize: 3 }],
    ['COPY, repeat within one batch', { batchSize: 1000 }],
    ['statements', { bulk: null, batchSize: 3 }],
    ['COPY of batches from a parse worker, repeat in a later batch', { batchSize: 3, parseInWorker: true }],
    ['COPY of batches from a parse worker, repeat within one batch', { batchSize: 1000, parseInWorker: true }],
  ])('keeps the last one (%s)', async (_name, options: Partial<ImportRequest>) => {
    const { summary, addresses } = await importBoth(options);
    expect(summary).toMatchObject({ status: 'active', rowsLoaded: 7, records: 6 });
    expect(addresses).toEqual(['9 LAST WINS RD']);
  });
});

describe('copyLine', () => {
  it('escapes what COPY text format reads specially, and only backslashes in the JSON', () => {
    expect(copyLine(3, 'a\tb\\c', JSON.stringify({ name: 'x\\y\n' }))).toBe('3\ta\\tb\\\\c\t{"name":"x\\\\\\\\y\\\\n"}\n');
  });
});
