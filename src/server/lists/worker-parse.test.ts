import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/app';
import type { Database } from '#server/db/client';
import { listRecords, listVersions } from '#server/db/schema';
import { emptyListRecord } from '#shared/list-record';
import { CopyBatcher, rowsOfBatch } from './copy-batch';
import { importList, ImportRefusedError } from './import';
import { findActiveVersion } from './queries';
import { storedRecordJson } from '#lists/core/stored-record';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = (...parts: string[]) => path.join(root, 'src/lists', ...parts);
const now = new Date('2026-11-02T08:00:00Z');

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const storedOf = async (version: number) =>
  (await database.db.select().from(listRecords).where(eq(listRecords.versionId, version))).map((r) => [r.recordId, r.data]).sort();

const checksumsOf = async (version: number) => (await database.db.select().from(listVersions).where(eq(listVersions.id, version)))[0].fileSha256;

describe('imports parsed in a worker thread', () => {
  // The 2017 LEIE layout has rows the parser reports: the worker must hand them over too.
  it.each([
    ['leie', ['leie', 'fixtures', 'UPDATED-2017.csv']],
    ['sam', ['sam', 'fixtures', 'SAM_Exclusions_Public_Extract_V2_24096.CSV']],
    ['nppes', ['nppes', 'fixtures', 'npidata_pfile_20050523-20240310.csv']],
  ])('store the same %s records, counts, as-of date and rejected rows as a parse in this thread', async (source, parts) => {
    const files = [fixture(...parts)];
    const here = await importList(database.db, { source, files, origin: 'import', now, parseInWorker: false });
    const there = await importList(database.db, { source, files, origin: 'import', now, parseInWorker: true, batchSize: 2 });
    const { version: _a, ...hereSummary } = here;
    const { version: _b, ...thereSummary } = there;
    expect(thereSummary).toEqual({ ...hereSummary, added: 0 });
    expect(await storedOf(there.version)).toEqual(await storedOf(here.version));
    expect(await checksumsOf(there.version)).toEqual(await checksumsOf(here.version));
    expect((await checksumsOf(there.version))[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a file of the wrong source with the parser’s message and keeps the previous version active', async () => {
    const before = await findActiveVersion(database.db, 'leie');
    const samFile = fixture('sam', 'fixtures', 'SAM_Exclusions_Public_Extract_V2_24096.CSV');
    const error = await importList(database.db, { source: 'leie', files: [samFile], origin: 'import', now, parseInWorker: true }).catch((e) => e);
    expect(error).toBeInstanceOf(ImportRefusedError);
    expect(error.message).toMatch(/LASTNAME/);
    expect((await findActiveVersion(database.db, 'leie'))?.id).toBe(before?.id);
    const [failed] = await database.db.select().from(listVersions).where(eq(listVersions.id, error.summary.version));
    expect(failed.status).toBe('failed');
    expect(failed.fileSha256[0]).toMatch(/^[0-9a-f]{64}$/); // read while the worker parsed
  });
});

describe('COPY batches', () => {
  it('give back the rows they were made of, escapes and all', () => {
    const batcher = new CopyBatcher(7, 10);
    const tricky = { ...emptyListRecord('ofac-sdn', 'a\tb\\c', 'person'), lastName: 'O\\BRIEN\t"Q"', comments: 'line\nbreak' };
    const plain = { ...emptyListRecord('ofac-sdn', '42', 'business'), businessName: 'ACME' };
    batcher.add(tricky);
    batcher.add(plain);
    const batch = batcher.take()!;
    expect(batch.count).toBe(2);
    expect(rowsOfBatch(batch)).toEqual([tricky, plain].map((r) => ({ recordId: r.sourceRecordId, json: storedRecordJson(r) })));
  });

  it('close a batch at its size and when an id repeats, and keep the latest action date', () => {
    const batcher = new CopyBatcher(1, 2);
    const record = (id: string, exclusionDate: string | null) => ({ ...emptyListRecord('leie', id, 'person'), exclusionDate });
    expect(batcher.add(record('a', '2020-01-01'))).toBeNull();
    expect(batcher.add(record('b', null))).toBeNull();
    expect(batcher.add(record('c', '2024-05-06'))?.count).toBe(2);
    expect(batcher.add(record('c', '2019-01-01'))?.count).toBe(1);
    expect(batcher.take()?.count).toBe(1);
    expect(batcher.take()).toBeNull();
    expect(batcher.totals).toEqual({ records: 4, latestDate: '2024-05-06' });
  });

  it('grow past their first megabyte and keep text that is not ASCII', () => {
    const batcher = new CopyBatcher(2, 5000);
    const records = Array.from({ length: 3000 }, (_, i) => ({ ...emptyListRecord('leie', `id-${i}`, 'person'), lastName: `ÉMILE-ZOË ${i}`, comments: 'x'.repeat(500) }));
    for (const record of records) expect(batcher.add(record)).toBeNull();
    const batch = batcher.take()!;
    expect(batch.payload.byteLength).toBeGreaterThan(1 << 20);
    expect(rowsOfBatch(batch)).toEqual(records.map((r) => ({ recordId: r.sourceRecordId, json: storedRecordJson(r) })));
  });

  it('may close the first batch sooner than the others', () => {
    const batcher = new CopyBatcher(1, 3, 1);
    const sizes = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => batcher.add(emptyListRecord('leie', id, 'person'))?.count ?? 0);
    expect(sizes).toEqual([0, 1, 0, 0, 3, 0]);
  });
});
