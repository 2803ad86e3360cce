import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BatchListSchema } from '#shared/batches';
import { BATCH_MESSAGES } from '#shared/messages';
import { batchChunks, batches, batchResults, clients, listRecords, listVersions, usageRecords } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { parseLeie } from '#lists/leie/parse';
import { INTERNAL_ERROR, MAX_CHUNK_ATTEMPTS, screenChunk, startBatch } from './processing';
import { readRecords, writeChunk } from './processing-queries';
import { recordHashSql } from '#server/db/sql-fragments';

const fixtures = fileURLToPath(new URL('../../lists', import.meta.url));
const now = new Date('2026-04-02T09:00:00Z');

let t: TestApp;
let queue: JobQueue;
let user: Awaited<ReturnType<typeof createUser>>;
let leieVersion: number;
beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 });
  t.setNow(now);
  queue = await startQueue(t);
  leieVersion = await seedLeie();
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  user = await createUser(t.ctx.db, { clientId: client.id });
});
/** An active LEIE version of the fixture file, written directly (the import has its own tests). */
async function seedLeie(): Promise<number> {
  const [version] = await t.ctx.db
    .insert(listVersions)
    .values({ source: 'leie', status: 'active', mode: 'full', origin: 'import', fileNames: ['UPDATED.csv'], fileSha256: ['-'], fileSizes: [0], fetchedAt: now })
    .returning();
  const rows = [];
  for await (const record of parseLeie([path.join(fixtures, 'leie/fixtures/UPDATED.csv')])) rows.push({ versionId: version.id, recordId: record.sourceRecordId, data: record });
  await t.ctx.db.insert(listRecords).values(rows).onConflictDoNothing();
  return version.id;
}

afterAll(async () => {
  await queue.stop();
  await t.close();
});

const CSV = 'First,Last,DOB,NPI\n' + 'Kathleen,Brennan,1971-02-03,1234567893\n' + 'Ann,Lee,,1234567893\n' + 'Anil,Patel,,1000000012\n' + 'Luz,Ramirez,1988-01-12,1234567893\n';
const MAPPING = {
  columnMappings: { First: 'First Name', Last: 'Last Name', DOB: 'Date of Birth', NPI: 'NPI' },
  searchTypes: ['Exclusion Search by Individual Name', 'Search by NPI'],
};
const TYPES = 3; // the name search, Search by NPI and the NPI Validation it brings

const batchOf = async (id: number) => (await t.ctx.db.select().from(batches).where(eq(batches.id, id)))[0];
const resultsOf = (id: number) => t.ctx.db.select().from(batchResults).where(eq(batchResults.batchId, id)).orderBy(batchResults.rowIndex, batchResults.id);
const usageOf = (id: number) => t.ctx.db.select().from(usageRecords).where(eq(usageRecords.batchId, id));

/** One result set per row: its NPI row once, each list record once. */
async function expectOneResultSetPerRow(batchId: number, rows: number) {
  const results = await resultsOf(batchId);
  for (let row = 0; row < rows; row++) {
    const mine = results.filter((r) => r.rowIndex === row);
    expect(mine.filter((r) => r.resultType === 'npi')).toHaveLength(1);
    const keys = mine.filter((r) => r.resultType === 'exclusions').map((r) => `${r.source}|${r.sourceRecordId}`);
    expect(new Set(keys).size).toBe(keys.length);
  }
  const usage = await usageOf(batchId);
  const billed = new Map<string, number>();
  for (const u of usage) billed.set(u.searchType, (billed.get(u.searchType) ?? 0) + u.quantity);
  expect([...billed.values()]).toEqual(Array(TYPES).fill(rows));
  expect(new Set(usage.map((u) => `${u.rowIndex}|${u.searchType}`)).size).toBe(usage.length);
  return results;
}

describe('screening a batch on the queue', () => {
  it('screens every chunk, keeps each hit’s record, bills every search and completes', async () => {
    const agent = await signedIn(t, user);
    const batchId = await submitBatch(agent, CSV, MAPPING);
    expect((await batchOf(batchId)).status).toBe('Submitted');
    await queue.drain();
    const batch = await batchOf(batchId);
    expect(batch).toMatchObject({ status: 'Completed', recordCount: 4, rowsDone: 4 });
    const results = await expectOneResultSetPerRow(batchId, 4);
    const brennan = results.find((r) => r.rowIndex === 0 && r.resultType === 'exclusions')!;
    expect(brennan).toMatchObject({ source: 'leie', listVersionId: leieVersion, reviewStatus: 'NONCLEARED', searchType: 'Exclusion Search by Individual Name', searchCriteriaKey: 'Kathleen Brennan | NPI 1234567893' });
    expect(brennan.record).toMatchObject({ lastName: 'BRENNAN', firstName: 'KATHLEEN' });
    expect(brennan.explanation).toMatchObject({ summary: expect.any(String) });
    expect(results.some((r) => r.rowIndex === 2 && r.resultType === 'exclusions' && r.source === 'leie')).toBe(true);
    expect(results.filter((r) => r.rowIndex === 1 && r.resultType === 'exclusions')).toEqual([]);
    const open = results.filter((r) => r.reviewStatus === 'NONCLEARED').length;
    expect(batch.hits).toBe(open);
    expect(batch.toReview).toBe(open);
    const usage = await usageOf(batchId);
    expect(usage.filter((u) => u.searchType === 'Exclusion Search by Individual Name').every((u) => u.unitPriceCents === 15 && u.searchOption === 'NAME')).toBe(true);
    expect(usage.filter((u) => u.searchOption === 'NPI').every((u) => u.unitPriceCents === 20)).toBe(true);
    const list = BatchListSchema.parse((await agent.get('/services/flexsearchs')).json());
    expect(list.items.find((i) => i.batchId === batchId)).toMatchObject({ status: 'Completed', rowsDone: 4, recordCount: 4, hits: open });
  });

  it('uses the client’s own review threshold', async () => {
    const csv = 'First,Last\nKathy,Brennan\n';
    const mapping = { columnMappings: { First: 'First Name', Last: 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'] };
    const strict = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    await t.ctx.db.update(clients).set({ reviewThreshold: 0.95 }).where(eq(clients.id, strict.id));
    const strictUser = await createUser(t.ctx.db, { clientId: strict.id });
    const strictBatch = await submitBatch(await signedIn(t, strictUser), csv, mapping);
    const defaultBatch = await submitBatch(await signedIn(t, user), csv, mapping);
    await queue.drain();
    // "Kathy" for "Kathleen" scores about 0.86: a match at the default 0.80, not at 0.95.
    expect((await resultsOf(defaultBatch)).filter((r) => r.resultType === 'exclusions')).toHaveLength(1);
    expect((await resultsOf(strictBatch)).filter((r) => r.resultType === 'exclusions')).toHaveLength(0);
  });

  it('survives a worker killed in the middle of a chunk’s write: one result set per row, one charge per search', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    // The first usage insert of this batch fails after the chunk's results were written.
    await t.ctx.database.sql(`CREATE SEQUENCE crash_once;
      CREATE FUNCTION crash_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.batch_id = ${batchId} AND nextval('crash_once') = 1 THEN RAISE EXCEPTION 'worker killed'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER crash_once BEFORE INSERT ON usage_records FOR EACH ROW EXECUTE FUNCTION crash_once();`);
    await queue.drain();
    // One chunk died (its job waits for its retry); the other finished.
    expect(await batchOf(batchId)).toMatchObject({ rowsDone: 2 });
    const partial = await resultsOf(batchId);
    expect(new Set(partial.map((r) => r.rowIndex)).size).toBe(2);
    // The retry, and duplicates of every job (a worker that died after its write but before it acknowledged).
    await queue.send((await import('./jobs')).screenBatchJob, { batchId });
    for (const chunkIndex of [0, 1]) await queue.send((await import('./jobs')).screenChunkJob, { batchId, chunkIndex });
    await queue.drain();
    await screenChunk(t.ctx, batchId, 0);
    await startBatch(t.ctx, batchId, async () => null);
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', rowsDone: 4 });
    await expectOneResultSetPerRow(batchId, 4);
    await t.ctx.database.sql('DROP TRIGGER crash_once ON usage_records; DROP FUNCTION crash_once(); DROP SEQUENCE crash_once;');
  });

  it('queues the chunks left when its batch job runs again after its process died while queueing them (ADR 091)', async () => {
    const { screenChunkJob } = await import('./jobs');
    const agent = await signedIn(t, user);
    const batchId = await submitBatch(agent, CSV, MAPPING);
    // The first run queues chunk 0 and dies before chunk 1; another process starts chunk 0 (the batch is Processing).
    const send = (sent: number[]) => (chunk: { batchId: number; chunkIndex: number }, priority: number) => (sent.push(chunk.chunkIndex), queue.send(screenChunkJob, chunk, { priority }));
    const first: number[] = [];
    await expect(startBatch(t.ctx, batchId, (chunk, priority) => (chunk.chunkIndex > 0 ? Promise.reject(new Error('worker killed')) : send(first)(chunk, priority)))).rejects.toThrow('worker killed');
    await t.ctx.db.update(batches).set({ status: 'Processing' }).where(eq(batches.id, batchId));
    // The run again queues chunk 1 only: chunk 0's job is still waiting.
    const again: number[] = [];
    await startBatch(t.ctx, batchId, send(again));
    expect({ first, again }).toEqual({ first: [0], again: [1] });
    await queue.drain();
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', rowsDone: 4 });
    await expectOneResultSetPerRow(batchId, 4);
  });

  it('marks a batch whose chunk keeps failing as an internal error; resubmit runs it again without billing twice', async () => {
    const agent = await signedIn(t, user);
    const batchId = await submitBatch(agent, CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => null);
    await screenChunk(t.ctx, batchId, 1);
    await t.ctx.database.sql(`CREATE FUNCTION always_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$;
      CREATE TRIGGER always_fail BEFORE INSERT ON batch_results FOR EACH ROW EXECUTE FUNCTION always_fail();`);
    for (let i = 1; i < MAX_CHUNK_ATTEMPTS; i++) await expect(screenChunk(t.ctx, batchId, 0)).rejects.toThrow();
    const logged = vi.spyOn(t.ctx.log, 'error').mockImplementation(() => {});
    await screenChunk(t.ctx, batchId, 0);
    expect(logged).toHaveBeenCalledWith({ batchId, chunkIndex: 0, err: expect.any(Error) }, 'batch chunk failed for good');
    logged.mockRestore();
    expect(await batchOf(batchId)).toMatchObject({ status: INTERNAL_ERROR, rowsDone: 2, error: 'disk full' });
    await t.ctx.database.sql('DROP TRIGGER always_fail ON batch_results; DROP FUNCTION always_fail();');
    const res = await agent.get(`/services/flexsearchs/${batchId}/resubmit`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe(BATCH_MESSAGES.resubmitted);
    await queue.drain();
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', rowsDone: 4, error: null });
    await expectOneResultSetPerRow(batchId, 4);
    const again = await agent.get(`/services/flexsearchs/${batchId}/resubmit`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BATCH_MESSAGES.cannotResubmit);
  });
});

describe('cancelling (kill)', () => {
  it('stops a queued batch before any work, at once (issue 53)', async () => {
    const agent = await signedIn(t, user);
    const batchId = await submitBatch(agent, CSV, MAPPING);
    const res = await agent.post(`/services/flexsearchs/${batchId}/kill`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await batchOf(batchId)).status).toBe('Cancelled');
    await queue.drain();
    expect(await batchOf(batchId)).toMatchObject({ status: 'Cancelled', rowsDone: 0 });
    expect(await resultsOf(batchId)).toEqual([]);
  });

  it('stops a running batch at the next chunk; only finished rows are billed', async () => {
    const agent = await signedIn(t, user);
    const batchId = await submitBatch(agent, CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => null);
    await screenChunk(t.ctx, batchId, 0);
    expect((await agent.post(`/services/flexsearchs/${batchId}/kill`)).statusCode).toBe(200);
    await queue.drain();
    await screenChunk(t.ctx, batchId, 1);
    expect(await batchOf(batchId)).toMatchObject({ status: 'Cancelled', rowsDone: 2 });
    expect((await usageOf(batchId)).reduce((n, u) => n + u.quantity, 0)).toBe(2 * TYPES);
    const done = await agent.post(`/services/flexsearchs/${batchId}/kill`);
    expect(done.statusCode).toBe(409);
    expect(done.json().error.message).toBe(BATCH_MESSAGES.cannotCancel);
    expect(await t.ctx.db.select().from(batchResults).where(and(eq(batchResults.batchId, batchId), eq(batchResults.rowIndex, 3)))).toEqual([]);
  });
});

// Slices are the embedded database's way (one connection, chunks one at a time); on PostgreSQL a
// chunk is one transaction, and another connection's reads need not fall between two slices.
describe('copying hits’ records in the database (ADR 073)', () => {
  it('stores the record a result names whole, as read in JS and with the same hash, and none for a record not in the version', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    const ids = (await t.ctx.db.select({ id: listRecords.recordId }).from(listRecords).where(eq(listRecords.versionId, leieVersion)).limit(2)).map((r) => r.id);
    const read = await readRecords(t.ctx.db, ids.map((recordId) => ({ versionId: leieVersion, recordId })));
    const hit = (rowIndex: number, sourceRecordId: string) => ({ batchId, rowIndex, resultType: 'exclusions', searchType: 'Exclusion Search by Individual Name', source: 'leie', sourceRecordId, listVersionId: leieVersion, searchCriteriaKey: `row ${rowIndex}`, createdAt: now });
    // Row 0: both records copied by the database, and one not on the list; row 1: the same two given whole, as before.
    const results = [hit(0, ids[0]), hit(0, ids[1]), hit(0, 'NOT-LISTED')].map((r) => ({ ...r, recordFrom: leieVersion }));
    const given = ids.map((id) => ({ ...hit(1, id), record: read.get(`${leieVersion}|${id}`) }));
    expect(await writeChunk(t.ctx.db, { batchId, clientId: user.clientId, chunkIndex: 0, firstRow: 0, rowCount: 2, results: [...results, ...given], usage: [], now })).toBe('written');
    const stored = await resultsOf(batchId);
    for (const id of ids) {
      const [copied, whole] = [0, 1].map((row) => stored.find((r) => r.rowIndex === row && r.sourceRecordId === id)!);
      expect(copied.record).toEqual(read.get(`${leieVersion}|${id}`));
      expect(copied.record).toEqual(whole.record);
    }
    expect(stored.find((r) => r.sourceRecordId === 'NOT-LISTED')!.record).toBeNull();
    // The carry-forward compares hashes of the stored record (ADR 015): a copied record hashes as one written whole.
    const hashes = (await t.ctx.db.execute(sql`SELECT row_index, ${recordHashSql(sql`record`)} AS h FROM batch_results WHERE batch_id = ${batchId} AND record IS NOT NULL ORDER BY source_record_id, row_index`)) as unknown as { rows: { h: string }[] };
    expect(hashes.rows.map((r) => r.h)).toEqual([hashes.rows[0].h, hashes.rows[0].h, hashes.rows[2].h, hashes.rows[2].h]);
  });
});

describe('timing a chunk (ADR 073)', () => {
  it('stamps a chunk done when its results are in, not when its write began', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    const later = new Date(now.getTime() + 7_000);
    const result = { batchId, rowIndex: 0, resultType: 'npi', searchType: 'NPI Validation', searchCriteriaKey: 'row 0', reviewStatus: 'CLEARED', createdAt: now };
    for (const sliceRows of [undefined, 1]) {
      await t.ctx.db.update(batchChunks).set({ status: 'pending', doneAt: null }).where(eq(batchChunks.batchId, batchId));
      // Whether written in one transaction or in slices (PGlite), as screenChunk writes it.
      const write = { batchId, clientId: user.clientId, chunkIndex: 0, firstRow: 0, rowCount: 2, results: [result], usage: [], now, clock: () => later, sliceRows: process.env.DATABASE_URL ? undefined : sliceRows };
      expect(await writeChunk(t.ctx.db, write)).toBe('written');
      const [chunk] = await t.ctx.db.select().from(batchChunks).where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, 0)));
      expect(chunk.doneAt).toEqual(later);
    }
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('writing a chunk in slices (ADR 069)', () => {
  /** Six results of the chunk of rows 0-1, as the screening makes them. */
  const resultsFor = (batchId: number) =>
    Array.from({ length: 6 }, (_, i) => ({ batchId, rowIndex: i % 2, resultType: 'npi', searchType: 'NPI Validation', explanation: { n: i }, reviewStatus: 'CLEARED', searchCriteriaKey: `row ${i % 2}`, createdAt: now }));
  const chunkWrite = (batchId: number, sliceRows?: number) => ({ batchId, clientId: user.clientId, chunkIndex: 0, firstRow: 0, rowCount: 2, results: resultsFor(batchId), usage: [], now, sliceRows });

  /**
   * Counts the batch's results at every turn of the event loop while the chunk is written, as a
   * request arriving meanwhile would: a write in one transaction lets it in only before or after.
   */
  async function countsSeenWhileWriting(batchId: number, sliceRows?: number) {
    const seen: number[] = [];
    let writing = true;
    const watch = (async () => {
      while (writing) {
        seen.push((await resultsOf(batchId)).length);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const outcome = await writeChunk(t.ctx.db, chunkWrite(batchId, sliceRows));
    writing = false;
    await watch;
    return { outcome, seen };
  }

  it('lets other queries in between its slices and still writes each result once', async () => {
    const agent = await signedIn(t, user);
    const batchId = await submitBatch(agent, CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    const { outcome, seen } = await countsSeenWhileWriting(batchId, 2);
    expect(outcome).toBe('written');
    // Someone read between the slices: some results were written, not yet all.
    expect(seen.some((n) => n > 0 && n < 6)).toBe(true);
    expect(await resultsOf(batchId)).toHaveLength(6);
    // A re-run of the chunk (a crash after its slices) replaces them: still six, not twelve.
    await t.ctx.db.update(batchChunks).set({ status: 'pending' }).where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, 0)));
    expect((await countsSeenWhileWriting(batchId, 2)).outcome).toBe('written');
    expect(await resultsOf(batchId)).toHaveLength(6);
    expect((await batchOf(batchId)).rowsDone).toBe(2);
  });

  it('writes nothing of a chunk whose batch was cancelled meanwhile', async () => {
    const agent = await signedIn(t, user);
    const batchId = await submitBatch(agent, CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    const written = writeChunk(t.ctx.db, chunkWrite(batchId, 2));
    // The cancel lands after the first slice.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    await t.ctx.db.update(batches).set({ status: 'Batch Kill Requested' }).where(eq(batches.id, batchId));
    expect(await written).toBe('cancelled');
    expect(await resultsOf(batchId)).toHaveLength(0);
    expect((await batchOf(batchId)).status).toBe('Cancelled');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('writing chunks on PostgreSQL', () => {
  it('writes two chunks of one batch at once (the batch row is held only for the progress), and the last one completes the batch', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => null);
    // Each write waits, inside its transaction, until the other one is inside its own too (or 5 s pass).
    let inside = 0;
    let release: () => void = () => {};
    const bothInside = new Promise<void>((resolve) => (release = resolve));
    const overlapped: boolean[] = [];
    const meet = async () => {
      inside += 1;
      if (inside === 2) release();
      overlapped.push(await Promise.race([bothInside.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))]));
    };
    // A result and a usage row each: their foreign keys share-lock the batch row in both writers.
    const result = (rowIndex: number) => ({ batchId, rowIndex, resultType: 'npi', searchType: 'NPI Validation', searchCriteriaKey: `row ${rowIndex}`, reviewStatus: 'CLEARED', createdAt: now });
    const usage = (rowIndex: number) => ({ clientId: user.clientId, batchId, rowIndex, searchType: 'NPI Validation', searchOption: 'NPI', unitPriceCents: 1, quantity: 2, createdAt: now });
    const write = (chunkIndex: number) => writeChunk(t.ctx.db, { batchId, clientId: user.clientId, chunkIndex, firstRow: chunkIndex * 2, rowCount: 2, results: [result(chunkIndex * 2)], usage: [usage(chunkIndex * 2)], now, afterResults: meet });
    const outcomes = await Promise.all([write(0), write(1)]);
    expect(overlapped).toEqual([true, true]);
    expect(outcomes.sort()).toEqual(['completed', 'written']);
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', rowsDone: 4 });
    expect((await resultsOf(batchId)).map((r) => r.rowIndex)).toEqual([0, 2]);
  });
});
