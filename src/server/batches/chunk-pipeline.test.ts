/**
 * The embedded runner's pipeline of chunks (ADR 082): the server's own job runner on PGlite,
 * working the queue as it does in production, screens a batch's next chunk while one is written,
 * writes one chunk at a time, and still stops for a kill or a pause and loses nothing to a failed write.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { batchChunks, batches, batchResults, listRecords, listVersions, usageRecords } from '#server/db/schema';
import { JOBS } from '#server/jobs/registry';
import { startJobQueue, type JobQueue } from '#server/jobs/queue';
import { writePause } from '#server/jobs/pause';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { parseLeie } from '#lists/leie/parse';

const fixtures = fileURLToPath(new URL('../../lists', import.meta.url));
const now = new Date('2026-04-02T09:00:00Z');
// Eight rows in chunks of two: four chunk jobs, one more than the runner takes at once.
const CSV =
  'First,Last,NPI\n' +
  'Kathleen,Brennan,1234567893\n' +
  'Ann,Lee,1234567893\n' +
  'Anil,Patel,1000000012\n' +
  'Luz,Ramirez,1234567893\n' +
  'Mary,Smith,1000000012\n' +
  'John,Doe,1000000012\n' +
  'Rosa,Diaz,1234567893\n' +
  'Omar,Haddad,1000000012\n';
const MAPPING = { columnMappings: { First: 'First Name', Last: 'Last Name', NPI: 'NPI' }, searchTypes: ['Exclusion Search by Individual Name', 'Search by NPI'] };
const ROWS = 8;
const CHUNKS = 4;
const TYPES = 3; // the name search, Search by NPI and the NPI Validation it brings

let t: TestApp;
let queue: JobQueue;
let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 });
  t.setNow(now);
  await seedLeie();
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  user = await createUser(t.ctx.db, { clientId: client.id });
  // The server's own runner: jobs pulled and run continuously, as `clearlist serve` does.
  queue = await startJobQueue(t.ctx, JOBS, { work: true, schedule: false });
  t.ctx.jobs = queue;
});

afterEach(() => held?.release());

afterAll(async () => {
  await queue.stop();
  await t.close();
});

async function seedLeie(): Promise<void> {
  const [version] = await t.ctx.db
    .insert(listVersions)
    .values({ source: 'leie', status: 'active', mode: 'full', origin: 'import', fileNames: ['UPDATED.csv'], fileSha256: ['-'], fileSizes: [0], fetchedAt: now })
    .returning();
  const rows = [];
  for await (const record of parseLeie([path.join(fixtures, 'leie/fixtures/UPDATED.csv')])) rows.push({ versionId: version.id, recordId: record.sourceRecordId, data: record });
  await t.ctx.db.insert(listRecords).values(rows).onConflictDoNothing();
}

/** What happened while the first chunk's results were held on their way to the database. */
interface Held {
  /** The rows of a later chunk were read (its screening began) while the write was held. */
  laterChunkRead: Promise<boolean>;
  /** Two later chunks' rows were read before the first chunk's write was let go. */
  twoLaterChunksRead: Promise<boolean>;
  /** Whether another chunk's results were sent while the first one's were held (false after a few seconds without). */
  otherWriteWhileHeld(): Promise<boolean>;
  release(): void;
}
let held: Held | null = null;

/**
 * Holds the batch's first results insert (the first chunk's write) until another chunk's rows
 * are read, or a few seconds pass: a runner that does one chunk at a time reads no other chunk's
 * rows between the first chunk's screening and the end of its write.
 */
function holdFirstWrite(): Held {
  const client = (t.ctx.db as unknown as { $client: Record<string, unknown> }).$client;
  const original = { query: client.query, exec: client.exec };
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let sawRead!: (seen: boolean) => void;
  const laterChunkRead = new Promise<boolean>((resolve) => (sawRead = resolve));
  let holding = false;
  let firstHeld = false;
  let laterRead = false;
  const laterFirstRows = new Set<number>();
  let sawTwo!: (seen: boolean) => void;
  const twoLaterChunksRead = new Promise<boolean>((resolve) => (sawTwo = resolve));
  let otherWrite!: (seen: boolean) => void;
  const otherWriteSeen = new Promise<boolean>((resolve) => (otherWrite = resolve));
  const state: Held = {
    laterChunkRead,
    twoLaterChunksRead,
    otherWriteWhileHeld: () => Promise.race([otherWriteSeen, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3_000))]),
    release: () => {
      for (const name of ['query', 'exec'] as const) client[name] = original[name];
      holding = false;
      sawRead(false);
      sawTwo(false);
      otherWrite(false);
      release();
      held = null;
    },
  };
  for (const name of ['query', 'exec'] as const) {
    const call = original[name] as (...args: unknown[]) => Promise<unknown>;
    client[name] = async function (this: unknown, text: unknown, ...rest: unknown[]) {
      const statement = String(typeof text === 'string' ? text : ((text as { text?: string })?.text ?? text)).toLowerCase();
      const params = Array.isArray(rest[0]) ? rest[0] : [];
      // INSERT on PostgreSQL, COPY on PGlite (ADR 093).
      if (/^(insert into|copy) "?batch_results"?/.test(statement)) {
        if (!firstHeld) {
          firstHeld = holding = true;
          if (laterRead) sawRead(true);
          const timer = setTimeout(() => state.release(), 8_000);
          await gate;
          clearTimeout(timer);
        } else if (holding) otherWrite(true);
      } else if (/from "batch_rows"/.test(statement) && /"row_index" >= \$2/.test(statement) && Number(params[1]) > 0) {
        // Read before the first chunk's results went in (it is past its screening), or while they are held.
        laterRead = true;
        if (holding) sawRead(true);
        laterFirstRows.add(Number(params[1]));
        if (laterFirstRows.size >= 2) sawTwo(true);
      }
      return call.call(client, text, ...rest);
    };
  }
  held = state;
  return state;
}

/** Resolves once a statement matching `pattern` is sent (lower-cased). */
function statementSent(pattern: RegExp): Promise<void> {
  const client = (t.ctx.db as unknown as { $client: Record<string, unknown> }).$client;
  const original = { query: client.query, exec: client.exec };
  return new Promise((resolve) => {
    for (const name of ['query', 'exec'] as const) {
      const call = original[name] as (...args: unknown[]) => Promise<unknown>;
      client[name] = function (this: unknown, text: unknown, ...rest: unknown[]) {
        if (pattern.test(String(typeof text === 'string' ? text : ((text as { text?: string })?.text ?? text)).toLowerCase())) {
          for (const restored of ['query', 'exec'] as const) client[restored] = original[restored];
          resolve();
        }
        return call.call(client, text, ...rest);
      };
    }
  });
}

const batchOf = async (id: number) => (await t.ctx.db.select().from(batches).where(eq(batches.id, id)))[0];
const chunksOf = (id: number) => t.ctx.db.select().from(batchChunks).where(eq(batchChunks.batchId, id)).orderBy(batchChunks.chunkIndex);
const resultsOf = (id: number) => t.ctx.db.select().from(batchResults).where(eq(batchResults.batchId, id));
const usageOf = (id: number) => t.ctx.db.select().from(usageRecords).where(eq(usageRecords.batchId, id));
/** The batch's chunk jobs not finished (queued, running or waiting for a retry). */
const openChunkJobs = async (batchId: number) =>
  (
    (await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'batches.screen-chunk' AND (data->>'batchId')::int = ${batchId} AND state IN ('created', 'retry', 'active')`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0].n;
/** The batch's chunk jobs a loop is running. */
const runningChunkJobs = async (batchId: number) =>
  (
    (await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'batches.screen-chunk' AND (data->>'batchId')::int = ${batchId} AND state = 'active'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0].n;
const statusOf = async (id: number) => (await batchOf(id)).status;

async function expectOneResultSetPerRow(batchId: number) {
  const results = await resultsOf(batchId);
  for (let row = 0; row < ROWS; row++) {
    const mine = results.filter((r) => r.rowIndex === row);
    expect(mine.filter((r) => r.resultType === 'npi')).toHaveLength(1);
    const keys = mine.filter((r) => r.resultType === 'exclusions').map((r) => `${r.source}|${r.sourceRecordId}`);
    expect(new Set(keys).size).toBe(keys.length);
  }
  const usage = await usageOf(batchId);
  expect(usage.reduce((sum, u) => sum + u.quantity, 0)).toBe(ROWS * TYPES);
  expect(new Set(usage.map((u) => `${u.rowIndex}|${u.searchType}`)).size).toBe(usage.length);
}

const poll = { timeout: 30_000, interval: 100 };

describe.skipIf(!!process.env.DATABASE_URL)('the embedded runner’s pipeline of chunks (ADR 082)', () => {
  it('screens the next chunk while one is written, writes one chunk at a time, and completes the batch once', async () => {
    const hold = holdFirstWrite();
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    // The first chunk's write is held: the next chunk is read (and screened) meanwhile…
    expect(await hold.laterChunkRead).toBe(true);
    // …but not written before it: it waits, screened, for its turn.
    expect(await hold.otherWriteWhileHeld()).toBe(false);
    hold.release();
    await expect.poll(() => statusOf(batchId), poll).toBe('Completed');
    expect((await batchOf(batchId)).rowsDone).toBe(ROWS);
    expect((await chunksOf(batchId)).map((c) => c.status)).toEqual(Array(CHUNKS).fill('done'));
    await expectOneResultSetPerRow(batchId);
  }, 40_000);

  it('reads and screens the two chunks after the one written while it is written (ADR 088)', async () => {
    const hold = holdFirstWrite();
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    // The pool is not left waiting for the write: two more chunks are taken, read and screened meanwhile.
    expect(await hold.twoLaterChunksRead).toBe(true);
    hold.release();
    await expect.poll(() => statusOf(batchId), poll).toBe('Completed');
    await expectOneResultSetPerRow(batchId);
  }, 40_000);

  it('a kill while a chunk is written and the next one screened keeps nothing of either, and runs no more', async () => {
    const hold = holdFirstWrite();
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    expect(await hold.laterChunkRead).toBe(true);
    await t.ctx.db.update(batches).set({ status: 'Batch Kill Requested' }).where(eq(batches.id, batchId));
    hold.release();
    await expect.poll(() => openChunkJobs(batchId), poll).toBe(0);
    expect(await statusOf(batchId)).toBe('Cancelled');
    expect(await resultsOf(batchId)).toEqual([]);
    expect(await usageOf(batchId)).toEqual([]);
    expect((await chunksOf(batchId)).filter((c) => c.status === 'done')).toEqual([]);
  }, 40_000);

  it('a pause while a chunk is written lets the chunks already taken finish and starts no other; resumed, the batch completes', async () => {
    const hold = holdFirstWrite();
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    expect(await hold.laterChunkRead).toBe(true);
    await writePause(t.ctx.db, true, 'test', now);
    hold.release();
    const givenBack = statementSent(/^update pgboss\.job set state = 'created', started_on = null/);
    // The chunks taken before the pause (two or three: the runner takes three at once, the third
    // as soon as its loop polls) are written; a chunk taken after it is found paused and given
    // back, never started.
    await givenBack;
    await expect.poll(() => runningChunkJobs(batchId), poll).toBe(0);
    const chunks = await chunksOf(batchId);
    const done = chunks.filter((c) => c.status === 'done').length;
    expect(done).toBeGreaterThanOrEqual(2);
    expect(done).toBeLessThan(CHUNKS);
    for (const c of chunks.filter((c) => c.status !== 'done')) expect(c).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await batchOf(batchId)).toMatchObject({ status: 'Processing', rowsDone: done * 2 });
    // Their jobs wait in the queue (the ones taken are completed by pg-boss once their handlers return).
    await expect.poll(() => openChunkJobs(batchId), poll).toBe(CHUNKS - done);
    await writePause(t.ctx.db, false, 'test', now);
    await expect.poll(() => statusOf(batchId), poll).toBe('Completed');
    await expectOneResultSetPerRow(batchId);
  }, 40_000);

  it('a write that fails while the next chunk is screened loses nothing: the chunk is retried and the batch completes once', async () => {
    // The first usage insert from here on fails: the first chunk's write, after its results went in.
    await t.ctx.database.sql(`CREATE SEQUENCE fail_once;
      CREATE FUNCTION fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF nextval('fail_once') = 1 THEN RAISE EXCEPTION 'write failed'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER fail_once BEFORE INSERT ON usage_records FOR EACH ROW EXECUTE FUNCTION fail_once();`);
    try {
      const hold = holdFirstWrite();
      const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
      expect(await hold.laterChunkRead).toBe(true);
      hold.release();
      await expect.poll(() => statusOf(batchId), poll).toBe('Completed');
      expect((await chunksOf(batchId)).map((c) => c.attempts)).toEqual([2, 1, 1, 1]);
      await expectOneResultSetPerRow(batchId);
    } finally {
      await t.ctx.database.sql('DROP TRIGGER fail_once ON usage_records; DROP FUNCTION fail_once(); DROP SEQUENCE fail_once;');
    }
  }, 40_000);
});

describe('the pipeline on each database', () => {
  it('is the embedded database’s own: on PostgreSQL every process runs its chunks as they come', async () => {
    const { chunkPipelineOf } = await import('./chunk-pipeline');
    expect(chunkPipelineOf(t.ctx.database) === null).toBe(t.ctx.database.kind === 'postgres');
    // One pipeline per database, however many chunks ask.
    expect(chunkPipelineOf(t.ctx.database)).toBe(chunkPipelineOf(t.ctx.database));
  });
});
