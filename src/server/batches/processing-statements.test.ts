/** The statements a chunk sends to the database (ADR 076 round 2, ADR 080, ADR 084), watched at the driver. */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchChunks, batches, batchResults, batchRows } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { insertBatchRows } from './queries';
import { MAX_CHUNK_CLAIMS, screenChunk, startBatch } from './processing';
import { writeChunk } from './processing-queries';
import { reopenFailedChunks } from './queue-queries';

const now = new Date('2026-04-02T09:00:00Z');

let t: TestApp;
let queue: JobQueue;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0 });
  t.setNow(now);
  queue = await startQueue(t);
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI'] });
  user = await createUser(t.ctx.db, { clientId: client.id });
});

afterAll(async () => {
  await queue.stop();
  await t.close();
});

const CSV = 'First,Last,DOB,NPI\n' + 'Kathleen,Brennan,1971-02-03,1234567893\n' + 'Ann,Lee,,1234567893\n' + 'Anil,Patel,,1000000012\n' + 'Luz,Ramirez,1988-01-12,1234567893\n';
const MAPPING = {
  columnMappings: { First: 'First Name', Last: 'Last Name', DOB: 'Date of Birth', NPI: 'NPI' },
  searchTypes: ['Exclusion Search by Individual Name', 'Search by NPI'],
};

const batchOf = async (id: number) => (await t.ctx.db.select().from(batches).where(eq(batches.id, id)))[0];
const resultsOf = (id: number) => t.ctx.db.select().from(batchResults).where(eq(batchResults.batchId, id)).orderBy(batchResults.rowIndex, batchResults.id);
/**
 * The statements sent to the database while `run` runs, lower-cased: the driver's `query` and
 * `exec`, and those of a transaction's own client (PGlite's `transaction`, a pool's `connect`).
 */
async function statementsOf(run: () => Promise<unknown>, params: unknown[][] = []): Promise<string[]> {
  const client = (t.ctx.db as unknown as { $client: Record<string, unknown> }).$client;
  const statements: string[] = [];
  const undo: (() => void)[] = [];
  const watch = (target: Record<string, unknown>) => {
    for (const name of ['query', 'exec'] as const) {
      const original = target[name];
      if (typeof original !== 'function') continue;
      target[name] = function (this: unknown, text: unknown, ...rest: unknown[]) {
        statements.push((typeof text === 'string' ? text : String((text as { text?: string })?.text ?? text)).toLowerCase());
        params.push(Array.isArray(rest[0]) ? rest[0] : ((text as { values?: unknown[] })?.values ?? []));
        return (original as (...args: unknown[]) => unknown).call(target, text, ...rest);
      };
      undo.push(() => (target[name] = original));
    }
  };
  watch(client);
  const transaction = client.transaction;
  if (typeof transaction === 'function') {
    client.transaction = (callback: (tx: Record<string, unknown>) => unknown, ...rest: unknown[]) =>
      (transaction as (...args: unknown[]) => unknown).call(client, (tx: Record<string, unknown>) => (watch(tx), callback(tx)), ...rest);
    undo.push(() => (client.transaction = transaction));
  }
  const connect = client.connect;
  if (typeof connect === 'function') {
    client.connect = (...args: unknown[]) => {
      // A pool's own query() connects with a callback and its statement is already seen above.
      if (typeof args[args.length - 1] === 'function') return (connect as (...a: unknown[]) => unknown).apply(client, args);
      return (async () => {
        const connection = (await (connect as (...a: unknown[]) => Promise<Record<string, unknown>>).apply(client, args)) as Record<string, unknown>;
        watch(connection);
        return connection;
      })();
    };
    undo.push(() => (client.connect = connect));
  }
  try {
    await run();
  } finally {
    for (const restore of undo.reverse()) restore();
  }
  return statements;
}

describe('statements per chunk (ADR 076, round 2)', () => {
  it('a chunk of a batch already processing does not move its status again', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    const first = await statementsOf(() => screenChunk(t.ctx, batchId, 0));
    expect(first.filter((s) => /^update "batches" set "status" = \$1, "started_at"/.test(s))).toHaveLength(1);
    expect((await batchOf(batchId)).status).toBe('Processing');
    const second = await statementsOf(() => screenChunk(t.ctx, batchId, 1));
    expect(second.filter((s) => /"started_at"/.test(s) && /^update "batches"/.test(s))).toEqual([]);
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', rowsDone: 4 });
  });

  it('stores an upload’s rows as they are, one parameter per statement', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    const retiredAt = new Date('2026-04-01T10:00:00Z');
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      batchId,
      rowIndex: 100 + i,
      values: { 'First Name': `Ann ${i}`, NPI: '1234567893' },
      uniqueId: i % 2 ? `E-${i}` : null,
      ...(i % 3 ? { additional: { Department: `D"${i}` } } : {}),
      ...(i === 7 ? { retiredAt } : {}),
    }));
    const params: unknown[][] = [];
    const statements = await statementsOf(() => insertBatchRows(t.ctx.db, rows), params);
    const inserts = statements.map((s, i) => ({ s, n: params[i].length })).filter(({ s }) => /insert into "batch_rows"/.test(s));
    expect(inserts.map(({ n }) => n)).toEqual([1, 1]);
    const stored = await t.ctx.db.select().from(batchRows).where(and(eq(batchRows.batchId, batchId), sql`${batchRows.rowIndex} >= 100`)).orderBy(batchRows.rowIndex);
    expect(stored).toEqual(rows.map((r) => ({ additional: {}, retiredAt: null, ...r })));
  });

  it('stores a submission’s rows by COPY on PGlite, in the transaction that marks it Submitted, as the JSON statements store them (ADR 098)', async () => {
    const agent = await signedIn(t, user);
    // COPY's markup as values (a backslash, \N, \.), quotes and non-ASCII text.
    const csv = 'First,Last,DOB,NPI\n' + 'Zoë,O\\Brien,1971-02-03,1234567893\n' + '\\N,\\.,,1234567893\n' + '"Ann ""Jo""",Lee,,1234567893\n';
    let batchId = 0;
    const statements = await statementsOf(async () => void (batchId = await submitBatch(agent, csv, MAPPING)));
    expect(await batchOf(batchId)).toMatchObject({ status: 'Submitted', recordCount: 3 });
    const stored = await t.ctx.db.select().from(batchRows).where(eq(batchRows.batchId, batchId)).orderBy(batchRows.rowIndex);
    expect(stored.map((r) => r.values)).toEqual([
      { 'First Name': 'Zoë', 'Last Name': 'O\\Brien', 'Date of Birth': '1971-02-03', NPI: '1234567893' },
      { 'First Name': '\\N', 'Last Name': '\\.', NPI: '1234567893' },
      { 'First Name': 'Ann "Jo"', 'Last Name': 'Lee', NPI: '1234567893' },
    ]);
    expect(stored.map((r) => [r.additional, r.uniqueId, r.retiredAt])).toEqual(Array(3).fill([{}, null, null]));
    const rowWrites = statements.filter((s) => /^copy batch_rows|^insert into "batch_rows"/.test(s));
    if (t.ctx.database.kind === 'pglite') {
      expect(rowWrites).toEqual([expect.stringMatching(/^copy batch_rows/)]);
      // The move to Submitted comes first, in the same transaction: a second submission stores nothing.
      const submitted = statements.findIndex((s) => /^update "batches" set .*"status"/.test(s));
      expect(submitted).toBeGreaterThan(-1);
      expect(submitted).toBeLessThan(statements.indexOf(rowWrites[0]));
    } else {
      expect(rowWrites).toEqual([expect.stringMatching(/^insert into "batch_rows"/)]);
    }
  });

  it('a chunk written in one transaction reads the batch row once, under its lock, and still stops for a kill', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    const result = { batchId, rowIndex: 0, resultType: 'npi', searchType: 'NPI Validation', searchCriteriaKey: 'row 0', reviewStatus: 'CLEARED', createdAt: now };
    const write = (chunkIndex: number) => ({ batchId, clientId: user.clientId, chunkIndex, firstRow: chunkIndex * 2, rowCount: 2, results: [{ ...result, rowIndex: chunkIndex * 2 }], usage: [], now });
    let outcome: unknown;
    const statements = await statementsOf(async () => (outcome = await writeChunk(t.ctx.db, write(0))));
    expect(outcome).toBe('written');
    expect(statements.filter((s) => /^select .* from "batches"/.test(s))).toHaveLength(1);
    // A kill requested before the write: nothing of the chunk is kept, the batch ends cancelled.
    await t.ctx.db.update(batches).set({ status: 'Batch Kill Requested' }).where(eq(batches.id, batchId));
    expect(await writeChunk(t.ctx.db, write(1))).toBe('cancelled');
    expect(await batchOf(batchId)).toMatchObject({ status: 'Cancelled', rowsDone: 2 });
    expect((await resultsOf(batchId)).map((r) => r.rowIndex)).toEqual([0]);
  });
});

describe('the progress at a chunk’s end (ADR 080)', () => {
  it('sums the chunks and writes the progress in one statement after the batch row’s lock, and the last chunk still completes the batch', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    const result = { batchId, rowIndex: 0, resultType: 'npi', searchType: 'NPI Validation', searchCriteriaKey: 'row 0', reviewStatus: 'NONCLEARED', createdAt: now };
    const write = (chunkIndex: number) => ({ batchId, clientId: user.clientId, chunkIndex, firstRow: chunkIndex * 2, rowCount: 2, results: [{ ...result, rowIndex: chunkIndex * 2 }], usage: [], now });
    const first = await statementsOf(() => writeChunk(t.ctx.db, write(0)));
    const afterLock = first.slice(first.findIndex((s) => /^select .* from "batches" .* for no key update/.test(s)) + 1).filter((s) => !/^(begin|commit)/.test(s.trim()));
    expect(afterLock).toHaveLength(1);
    expect(afterLock[0]).toMatch(/^update batches b set rows_done = p\.done\s+from \(select coalesce\(sum\(row_count\)/);
    expect(await batchOf(batchId)).toMatchObject({ rowsDone: 2 });
    expect(await writeChunk(t.ctx.db, write(1))).toBe('completed');
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', rowsDone: 4, hits: 2, toReview: 2 });
  });
});

describe('the results left to review at the batch’s end (ADR 107)', () => {
  // The count of the results left to review (by status): the chunk's own count of what it wrote
  // and the completion check (issue 50) count results by row range, not by status.
  const countsResults = (statements: string[]) => statements.filter((s) => /count\(\*\)/.test(s) && /from "batch_results"/.test(s) && /review_status/.test(s));
  const openOf = async (batchId: number) => (await resultsOf(batchId)).filter((r) => r.reviewStatus === 'NONCLEARED' || r.reviewStatus === 'UNDER_REVIEW').length;

  it('each chunk keeps the count of its results to review as screened, and the last one sums them without counting the batch’s results', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    await screenChunk(t.ctx, batchId, 0);
    const last = await statementsOf(() => screenChunk(t.ctx, batchId, 1));
    expect(countsResults(last)).toEqual([]);
    // The client cleared nothing yet: no clearing to carry, the chunk's results are not read for one.
    expect(last.filter((s) => /review_clearances/.test(s))).toHaveLength(1);
    expect(last.filter((s) => /with fresh as/.test(s))).toEqual([]);
    const open = await openOf(batchId);
    expect(open).toBeGreaterThan(0);
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', hits: open, toReview: open });
    const chunks = await t.ctx.db.select().from(batchChunks).where(eq(batchChunks.batchId, batchId)).orderBy(batchChunks.chunkIndex);
    expect(chunks.map((c) => c.openResults).reduce((a, b) => a! + b!, 0)).toBe(open);
  });

  it('counts out the results a chunk’s clearings carried forward cleared', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    const result = (rowIndex: number) => ({ batchId, rowIndex, resultType: 'exclusions', searchType: 'Search by NPI', searchCriteriaKey: `row ${rowIndex}`, reviewStatus: 'NONCLEARED', createdAt: now });
    // A clearing carried forward in the write: one of the chunk's two results arrives cleared.
    const carryOne = async (tx: typeof t.ctx.db) => {
      await tx.update(batchResults).set({ reviewStatus: 'CLEARED' }).where(and(eq(batchResults.batchId, batchId), eq(batchResults.rowIndex, 0)));
      return { carried: 1 };
    };
    await writeChunk(t.ctx.db, { batchId, clientId: user.clientId, chunkIndex: 0, firstRow: 0, rowCount: 2, results: [result(0), result(1)], usage: [], now, afterResults: carryOne });
    const last = await statementsOf(() => writeChunk(t.ctx.db, { batchId, clientId: user.clientId, chunkIndex: 1, firstRow: 2, rowCount: 2, results: [result(2)], usage: [], now }));
    expect(countsResults(last)).toEqual([]);
    expect(await openOf(batchId)).toBe(2);
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', hits: 2, toReview: 2 });
  });

  it('counts the batch’s results when a chunk did not count its own (shaped results, or written before the counts)', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    const result = (rowIndex: number) => ({ batchId, rowIndex, resultType: 'exclusions', searchType: 'Search by NPI', searchCriteriaKey: `row ${rowIndex}`, reviewStatus: 'NONCLEARED', createdAt: now });
    await writeChunk(t.ctx.db, { batchId, clientId: user.clientId, chunkIndex: 0, firstRow: 0, rowCount: 2, results: [result(0), result(1)], usage: [], now });
    // A chunk done by a build before the counts: its count is null.
    await t.ctx.db.update(batchChunks).set({ openResults: null }).where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, 0)));
    const last = await statementsOf(() => writeChunk(t.ctx.db, { batchId, clientId: user.clientId, chunkIndex: 1, firstRow: 2, rowCount: 2, results: [result(2)], usage: [], now }));
    expect(countsResults(last)).toHaveLength(1);
    expect(await batchOf(batchId)).toMatchObject({ status: 'Completed', hits: 3, toReview: 3 });
  });
});

describe.skipIf(!!process.env.DATABASE_URL)('a chunk’s first attempt on PGlite (ADR 084)', () => {
  const result = (batchId: number, rowIndex: number) => ({ batchId, rowIndex, resultType: 'npi', searchType: 'NPI Validation', searchCriteriaKey: `row ${rowIndex}`, reviewStatus: 'CLEARED', createdAt: now });
  const write = (batchId: number, isFirstAttempt: boolean) => ({ batchId, clientId: user.clientId, chunkIndex: 0, firstRow: 0, rowCount: 2, results: [result(batchId, 0), result(batchId, 1)], usage: [], now, sliceRows: 1, isFirstAttempt });

  it('checks its claim, then sends its results without clearing the chunk first; a later attempt clears it', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    const statements = (await statementsOf(() => writeChunk(t.ctx.db, write(batchId, true)))).map((s) => s.trim());
    const firstInsert = statements.findIndex((s) => /^insert into "batch_results"/.test(s));
    // The batch and the chunk's claim are read before any result goes in (issue 50), and nothing is deleted.
    expect(statements.slice(0, firstInsert).filter((s) => /^select .* from "batches"/.test(s))).toHaveLength(1);
    expect(statements.filter((s) => /^delete from "batch_results"/.test(s))).toEqual([]);
    expect(statements.filter((s) => /^select .* from "batches"/.test(s))).toHaveLength(2);
    expect((await resultsOf(batchId)).map((r) => r.rowIndex)).toEqual([0, 1]);
    // A re-run (a later attempt) checks and clears first, as before.
    await t.ctx.db.update(batchChunks).set({ status: 'pending' }).where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, 0)));
    const again = (await statementsOf(() => writeChunk(t.ctx.db, write(batchId, false)))).map((s) => s.trim());
    const clear = again.findIndex((s) => /^delete from "batch_results"/.test(s));
    expect(clear).toBeGreaterThan(-1);
    expect(clear).toBeLessThan(again.findIndex((s) => /^insert into "batch_results"/.test(s)));
    expect((await resultsOf(batchId)).map((r) => r.rowIndex)).toEqual([0, 1]);
  });

  it('keeps nothing of a batch killed before its write', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    await t.ctx.db.update(batches).set({ status: 'Batch Kill Requested' }).where(eq(batches.id, batchId));
    expect(await writeChunk(t.ctx.db, write(batchId, true))).toBe('cancelled');
    expect(await resultsOf(batchId)).toEqual([]);
    expect(await batchOf(batchId)).toMatchObject({ status: 'Cancelled' });
  });
});

describe('a chunk whose attempts ran out (ADR 084)', () => {
  it('keeps none of what an attempt killed with its process left, so its reopened first attempt has nothing to clear', async () => {
    const batchId = await submitBatch(await signedIn(t, user), CSV, MAPPING);
    await startBatch(t.ctx, batchId, async () => undefined);
    // The last attempt's process died after a slice of results: the chunk is still pending, its attempts spent.
    const left = 'left by an attempt killed with its process';
    await t.ctx.db.insert(batchResults).values({ batchId, rowIndex: 1, resultType: 'npi', searchType: 'NPI Validation', searchCriteriaKey: left, reviewStatus: 'CLEARED', createdAt: now });
    await t.ctx.db.update(batchChunks).set({ attempts: MAX_CHUNK_CLAIMS }).where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, 0)));
    await screenChunk(t.ctx, batchId, 0);
    expect((await t.ctx.db.select().from(batchChunks).where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, 0))))[0]).toMatchObject({ status: 'failed' });
    expect(await resultsOf(batchId)).toEqual([]);
    // Retried from the queue page: attempts from 0, so the next is a first attempt.
    expect(await reopenFailedChunks(t.ctx.db, batchId)).toEqual([0]);
    await t.ctx.db.update(batches).set({ status: 'Processing', error: null }).where(eq(batches.id, batchId));
    await screenChunk(t.ctx, batchId, 0);
    const results = await resultsOf(batchId);
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.searchCriteriaKey === left)).toEqual([]);
  });
});
