/** SQL of batch processing: submission, chunks, rows, record snapshots, the chunk's one write. */
import { and, asc, count, eq, getTableColumns, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { findVersionRecords } from '../db/list-records';
import { insertJsonRows } from '../db/json-insert';
import { rowsOf } from '../db/rows';
import { batchChunks, batchResults, batches, batchRows, usageRecords } from '../db/schema';
import { recordBatchEvent } from './events';
import type { NewBatch } from './queries';
import { inChunk } from './chunk-range';
import { incompleteChunks, reopenChunks } from './completion-check';
import { insertCopyShaped, RESULTS_PER_STATEMENT, SHAPED_RECORD_SQL, shapedResultStatements, type ShapedResults } from './result-shaped-write';
import { turnOfTheLoop } from '../../engine-runtime/event-loop-turn';

/** Moves a draft to Submitted with its mapping; false when it was no longer a draft. */
export async function markSubmitted(db: Db, batchId: number, set: Partial<NewBatch>): Promise<boolean> {
  const rows = await db.update(batches).set({ ...set, status: 'Submitted' }).where(and(eq(batches.id, batchId), isNull(batches.status))).returning({ id: batches.id });
  return rows.length > 0;
}

/** Creates the chunks once (a re-run finds them) and answers those not done. */
export async function ensureChunks(db: Db, batchId: number, recordCount: number, chunkRows: number) {
  const values = [];
  for (let first = 0, i = 0; first < recordCount; first += chunkRows, i++) values.push({ batchId, chunkIndex: i, firstRow: first, rowCount: Math.min(chunkRows, recordCount - first) });
  for (let i = 0; i < values.length; i += 1000) await db.insert(batchChunks).values(values.slice(i, i + 1000)).onConflictDoNothing();
  return db.select().from(batchChunks).where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.status, 'pending'))).orderBy(asc(batchChunks.chunkIndex));
}

/**
 * Counts an attempt at a chunk not done (outside any transaction, so a crash still counts) and
 * makes it the chunk's claim ("<attempt>@<process>", issue 50): from here only this attempt's
 * write is taken, and an earlier one's (a process handed back as dead, a slow one) is refused.
 * A chunk done answers as it is, its claim kept.
 */
export async function startChunkAttempt(db: Db, batchId: number, chunkIndex: number, now: Date, process: string) {
  const where = and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, chunkIndex));
  const [chunk] = await db
    .update(batchChunks)
    .set({ attempts: sql`${batchChunks.attempts} + 1`, startedAt: now, claim: sql`(${batchChunks.attempts} + 1)::text || '@' || ${process}::text` })
    .where(and(where, sql`${batchChunks.status} <> 'done'`))
    .returning();
  if (chunk) return chunk as typeof chunk & { claim: string };
  const [done] = await db.select().from(batchChunks).where(where);
  return done ? { ...done, claim: done.claim ?? '' } : null;
}

/**
 * Records why an attempt failed; `isFinal` marks the chunk failed (its attempts ran out) and removes
 * whatever results an attempt killed with its process left of it: a failed chunk holds none, so
 * once reopened (attempts from 0) its first attempt has nothing to clear (ADR 084). Answers whether
 * it recorded the failure (false: the chunk is done, or another attempt's claim).
 */
export async function failChunk(db: Db, batchId: number, chunkIndex: number, reason: string, isFinal: boolean, claim?: string): Promise<boolean> {
  // Only the chunk's current claim records its failure: an attempt handed back to another touches
  // nothing (an operator's or the demo's failure, with no claim, does).
  const where = and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, chunkIndex), sql`${batchChunks.status} <> 'done'`, claim === undefined ? undefined : eq(batchChunks.claim, claim));
  const failures = sql`${batchChunks.failures} + 1`;
  if (!isFinal) return (await db.update(batchChunks).set({ error: reason, failures }).where(where).returning({ status: batchChunks.status })).length > 0;
  return db.transaction(async (tx) => {
    const [chunk] = await tx.update(batchChunks).set({ error: reason, status: 'failed', failures }).where(where).returning({ firstRow: batchChunks.firstRow, rowCount: batchChunks.rowCount });
    if (chunk) await tx.delete(batchResults).where(inChunk({ batchId, firstRow: chunk.firstRow, rowCount: chunk.rowCount }));
    return chunk !== undefined;
  });
}

export async function readRows(db: Db, batchId: number, firstRow: number, rowCount: number) {
  return db
    .select({ rowIndex: batchRows.rowIndex, values: batchRows.values, uniqueId: batchRows.uniqueId })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), gte(batchRows.rowIndex, firstRow), lt(batchRows.rowIndex, firstRow + rowCount)))
    .orderBy(asc(batchRows.rowIndex));
}

/** The full list records behind hits, by (version id, record id): one index probe each (ADR 066). */
export async function readRecords(db: Db, keys: readonly { versionId: number; recordId: string }[]) {
  const out = new Map<string, unknown>();
  const byVersion = new Map<number, Set<string>>();
  for (const k of keys) byVersion.set(k.versionId, (byVersion.get(k.versionId) ?? new Set()).add(k.recordId));
  for (const [versionId, ids] of byVersion) {
    const all = [...ids];
    for (let i = 0; i < all.length; i += 5000) {
      for (const r of await findVersionRecords(db, versionId, all.slice(i, i + 5000))) out.set(`${versionId}|${r.recordId}`, r.data);
    }
  }
  return out;
}

/**
 * A result to write. With `recordFrom` (a list version id) the database copies the result's list
 * record, whole, from that version's record `sourceRecordId` into `record` as it inserts the row
 * (NULL when the version has no such record): the record is neither read out nor sent back
 * (ADR 073). Without it, `record` is stored as given.
 */
export type ResultWrite = typeof batchResults.$inferInsert & { recordFrom?: number | null };

/** A chunk's results: as objects, or shaped already. */
export type ChunkResults = readonly ResultWrite[] | ShapedResults;

const isShaped = (r: ChunkResults): r is ShapedResults => !Array.isArray(r);
const resultCount = (r: ChunkResults): number => (isShaped(r) ? r.texts.length : r.length);
const resultSlice = (r: ChunkResults, from: number, to: number): ChunkResults => (isShaped(r) ? { ...r, texts: r.texts.slice(from, to) } : r.slice(from, to));

export interface ChunkWrite {
  batchId: number;
  clientId: number;
  chunkIndex: number;
  firstRow: number;
  rowCount: number;
  results: ChunkResults;
  usage: (typeof usageRecords.$inferInsert)[];
  now: Date;
  /**
   * Runs in the write transaction once the results are in (review carries clearings forward, ADR 015);
   * answers how many of the results left to review it cleared (none when it answers nothing).
   */
  afterResults?: (tx: Db) => Promise<{ carried: number } | void>;
  /**
   * The chunk's results left to review (NONCLEARED or UNDER_REVIEW) as written, before `afterResults`
   * (ADR 107). Absent, results given as objects are counted here; shaped ones leave the count to the
   * batch's completion.
   */
  openResults?: number;
  /** Name candidates under the batch's threshold (the threshold preview, ADR 042). */
  nearMisses?: { scores: number[]; rowBest: number[] };
  /** The rows whose SSN the DMF version did not hold (null version: no DMF loaded), kept by the chunk (docs/plans/ssn-checks-per-chunk.md); absent when the batch asks no SSDMF. */
  ssnChecks?: { rows: number[]; dmfVersionId: number | null };
  /** Write the results in slices of this many, outside the final transaction (PGlite, ADR 069). */
  sliceRows?: number;
  /**
   * The chunk's first attempt (PGlite, ADR 084): no earlier attempt can have left results of it, so
   * its slices go in without a transaction first to check the batch and delete them; the final one checks.
   */
  isFirstAttempt?: boolean;
  /** The clock that stamps the chunk done once its results are in (ADR 073: its time includes the write); `now` without it. */
  clock?: () => Date;
  /**
   * The attempt's claim (`startChunkAttempt`): the write is refused ('superseded') once the chunk's
   * claim is another's. Absent: a write of a chunk no attempt claimed (tests, seeds).
   */
  claim?: string;
  /**
   * Rows the screening recorded an outcome for (results or none found): a write of fewer than
   * `rowCount` is refused. Absent: the writer vouches for every row (tests and seeds that write
   * results they made; a chunk's job always gives it).
   */
  rowsScreened?: number;
  /** What the chunk was screened against (the screening's version string), kept with it for the audit. */
  screenedWith?: string;
}

/**
 * 'superseded': the chunk was claimed by a later attempt (this one was handed back): nothing written.
 * 'rescreen': the batch's last chunk found chunks whose outcome is not whole; they are pending again,
 * their jobs to be queued, and the batch is not Completed.
 */
export type ChunkWriteOutcome = 'written' | 'already-done' | 'cancelled' | 'completed' | 'superseded' | 'rescreen';

/** Thrown when a write is not whole (rows not screened, results missing): the attempt fails and is retried. */
export class IncompleteChunkWrite extends Error {}

/** Thrown inside a chunk's write to roll it back: the batch was cancelled while the chunk was written. */
class KilledDuringWrite extends Error {}

/**
 * Results per statement when a chunk's results are written in slices (PGlite, ADR 069): a
 * 1,000-row chunk carries ~4,600 results (~5.6 MB of JSON); written in one transaction, it held
 * the embedded database's one connection for the whole write, and every request waited.
 */
export const WRITE_SLICE_ROWS = 1000;

const isStopped = (status: string | null | undefined) => !status || status === 'Batch Kill Requested' || status === 'Cancelled';

/**
 * Writes a chunk's results and usage, marks it done and updates progress, in one transaction:
 * a crash leaves all or nothing, a re-run replaces. The chunk's row is locked for the whole write
 * (a second writer of the same chunk waits, then finds it done); the batch row only for the
 * progress at the end, so the writes of other chunks of the batch run meanwhile (ADR 065), and
 * the last chunk committed sees every other one done.
 *
 * With `sliceRows` (PGlite: one process, one connection, chunks run one at a time) the results
 * go in first, `sliceRows` per statement with a turn of the event loop between, and the last
 * transaction checks the batch again, carries clearings forward, bills and marks the chunk
 * done. A failed attempt or a cancel in between deletes the slices; a killed process leaves
 * them to the chunk's re-run, which deletes the rows of its chunk before writing (ADR 069).
 */
export async function writeChunk(db: Db, w: ChunkWrite): Promise<ChunkWriteOutcome> {
  if (w.rowsScreened !== undefined && w.rowsScreened !== w.rowCount) throw new IncompleteChunkWrite(`chunk ${w.chunkIndex}: ${w.rowsScreened} of its ${w.rowCount} rows were screened`);
  if (w.sliceRows) return writeChunkInSlices(db, w, w.sliceRows);
  try {
    return await db.transaction(async (tx) => {
      const [chunk] = await tx.select({ status: batchChunks.status, claim: batchChunks.claim }).from(batchChunks).where(and(eq(batchChunks.batchId, w.batchId), eq(batchChunks.chunkIndex, w.chunkIndex))).for('update');
      if (!chunk || chunk.status === 'done') return 'already-done';
      if (chunk.claim !== (w.claim ?? null)) return 'superseded';
      // A kill is seen under the batch row at the end (finishChunk), which rolls the write back:
      // no read of the batch's status before it (ADR 076 round 2).
      await tx.delete(batchResults).where(inChunk(w));
      await insertResults(tx as unknown as Db, w.results);
      return finishChunk(tx as unknown as Db, w);
    });
  } catch (error) {
    if (!(error instanceof KilledDuringWrite)) throw error;
    // Cancelled before this chunk committed: nothing of it is kept; a pending kill ends the batch, once.
    await db.transaction(async (tx) => {
      const [batch] = await tx.select({ status: batches.status }).from(batches).where(eq(batches.id, w.batchId)).for('no key update');
      if (batch?.status !== 'Batch Kill Requested') return;
      await tx.update(batches).set({ status: 'Cancelled', processedAt: w.now }).where(eq(batches.id, w.batchId));
      await recordBatchEvent(tx as unknown as Db, { batchId: w.batchId, clientId: w.clientId, kind: 'cancelled', userId: null, at: w.now });
    });
    return 'cancelled';
  }
}

/**
 * PGlite: the results in slices, then the final transaction (see writeChunk). The chunks' writes
 * take one lane in the process (chunk-pipeline.ts) and one process holds the database, so between
 * the first check and the final transaction no other write of results runs: the results this
 * attempt added are those of its chunk above the results' id sequence read at the first check.
 */
async function writeChunkInSlices(db: Db, w: ChunkWrite, sliceRows: number): Promise<ChunkWriteOutcome> {
  // The claim is checked before a result goes in. A re-run deletes what an attempt killed with its
  // process left (a first attempt has nothing to delete); a batch cancelled meanwhile is not written.
  const opened = await db.transaction(async (tx) => {
    const closed = await closedChunk(tx as unknown as Db, w);
    if (!closed && !w.isFirstAttempt) await tx.delete(batchResults).where(inChunk(w));
    const [{ mark }] = await rowsOf<{ mark: string }>(tx, sql`SELECT (CASE WHEN is_called THEN last_value ELSE last_value - 1 END)::text AS mark FROM batch_results_id_seq`);
    return { closed, mark };
  });
  if (opened.closed) return opened.closed;
  const ours = and(inChunk(w), sql`${batchResults.id} > ${opened.mark}::bigint`);
  try {
    for (let i = 0; i < resultCount(w.results); i += sliceRows) {
      await turnOfTheLoop();
      await insertResults(db, resultSlice(w.results, i, i + sliceRows));
    }
    await turnOfTheLoop();
    return await db.transaction(async (tx) => {
      const closed = await closedChunk(tx as unknown as Db, w);
      if (closed) {
        // This attempt's slices go: the batch was cancelled, or the chunk is another attempt's now.
        await tx.delete(batchResults).where(ours);
        return closed;
      }
      // The batch row is held since closedChunk read it: no second read.
      return finishChunk(tx as unknown as Db, w, true);
    });
  } catch (error) {
    // A failed attempt leaves nothing of its own, as one transaction would (a killed process
    // leaves its slices to the re-run, which deletes them first).
    await db
      .delete(batchResults)
      .where(ours)
      .catch(() => undefined);
    throw error;
  }
}

/**
 * Inserts results as one JSON parameter per statement (as `insertJsonRows`), each record given
 * or copied in the statement from its list version (`recordFrom`, ADR 073).
 */
export async function insertResults(db: Db, results: ChunkResults): Promise<void> {
  if (isShaped(results)) {
    // Lines for COPY (PGlite, ADR 093) go in outside a transaction: writeChunkInSlices writes them.
    if (results.format === 'copy') return insertCopyShaped(db, results);
    for (const statement of shapedResultStatements(results)) await db.execute(statement);
    return;
  }
  // No record to copy: the rows as they are, without the `recordFrom` key (null or absent), which is not a column.
  if (!results.some((r) => r.recordFrom != null)) return insertJsonRows(db, batchResults, results.map(({ recordFrom: _none, ...row }) => row));
  for (const statement of resultCopyStatements(results)) await db.execute(statement);
}

/**
 * The statements of `insertResults` for results of which some have a record to copy (the
 * results bench EXPLAINs them). A subquery per copied record reads it: measured against a join
 * probing each distinct record once, it cost the same (ADR 076, round 2).
 */
export function resultCopyStatements(results: readonly ResultWrite[]): SQL[] {
  const columns = getTableColumns(batchResults) as Record<string, { name: string; getSQLType(): string }>;
  const keys = [...new Set(results.flatMap((r) => Object.keys(r)))].filter((k) => k !== 'recordFrom' && k !== 'record' && results.some((r) => (r as Record<string, unknown>)[k] !== undefined));
  for (const key of keys) if (!columns[key]) throw new Error(`insertResults: ${key} is not a column`);
  const names = keys.map((k) => `"${columns[k].name}"`);
  const shape = [...keys.map((k) => `"${columns[k].name}" ${columns[k].getSQLType()}`), '"record" json', '"record_from" integer'].join(', ');
  const statements: SQL[] = [];
  for (let i = 0; i < results.length; i += RESULTS_PER_STATEMENT) {
    const slice = results.slice(i, i + RESULTS_PER_STATEMENT).map((r) => {
      const out: Record<string, unknown> = {};
      for (const k of keys) out[columns[k].name] = (r as Record<string, unknown>)[k] ?? null;
      out.record = r.recordFrom != null ? null : (r.record ?? null);
      out.record_from = r.recordFrom ?? null;
      return out;
    });
    statements.push(
      sql`INSERT INTO batch_results (${sql.raw(names.join(', '))}, "record") SELECT ${sql.raw(names.map((n) => `x.${n}`).join(', '))}, ${SHAPED_RECORD_SQL} FROM jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) AS x(${sql.raw(shape)})`,
    );
  }
  return statements;
}

/** Takes the batch row; answers why the chunk is not to be written (cancelled, done), or null. */
async function closedChunk(tx: Db, w: ChunkWrite): Promise<ChunkWriteOutcome | null> {
  const [batch] = await tx.select({ status: batches.status }).from(batches).where(eq(batches.id, w.batchId)).for('update');
  if (isStopped(batch?.status)) {
    if (batch?.status === 'Batch Kill Requested') {
      await tx.update(batches).set({ status: 'Cancelled', processedAt: w.now }).where(eq(batches.id, w.batchId));
      await recordBatchEvent(tx, { batchId: w.batchId, clientId: w.clientId, kind: 'cancelled', userId: null, at: w.now });
    }
    return 'cancelled';
  }
  const [chunk] = await tx.select({ status: batchChunks.status, claim: batchChunks.claim }).from(batchChunks).where(and(eq(batchChunks.batchId, w.batchId), eq(batchChunks.chunkIndex, w.chunkIndex)));
  if (!chunk || chunk.status === 'done') return 'already-done';
  if (chunk.claim !== (w.claim ?? null)) return 'superseded';
  return null;
}

/** After the chunk's results: clearings carried, usage, done, and the progress under the batch row. */
async function finishChunk(tx: Db, w: ChunkWrite, isBatchHeld = false): Promise<ChunkWriteOutcome> {
  // The results in the table are the ones this write gave, no fewer and no more (issue 50).
  const resultsWritten = resultCount(w.results);
  const [{ found }] = await tx.select({ found: count() }).from(batchResults).where(inChunk(w));
  if (found !== resultsWritten) throw new IncompleteChunkWrite(`chunk ${w.chunkIndex}: ${found} results in the table, ${resultsWritten} written`);
  const carried = (w.afterResults ? await w.afterResults(tx) : undefined)?.carried ?? 0;
  const written = openResultsOf(w);
  const openResults = written === null ? null : written - carried;
  await insertJsonRows(tx, usageRecords, w.usage, sql`ON CONFLICT DO NOTHING`);
  await tx
    .update(batchChunks)
    .set({ status: 'done', doneAt: w.clock?.() ?? w.now, nearMissScores: w.nearMisses?.scores ?? null, nearMissRowBest: w.nearMisses?.rowBest ?? null, ssnNotFoundRows: w.ssnChecks?.rows ?? null, ssnDmfVersionId: w.ssnChecks?.dmfVersionId ?? null, openResults, writtenBy: w.claim ?? null, rowsScreened: w.rowsScreened ?? w.rowCount, resultsWritten, screenedWith: w.screenedWith ?? null })
    .where(and(eq(batchChunks.batchId, w.batchId), eq(batchChunks.chunkIndex, w.chunkIndex)));
  // From here to the commit the batch row is held: a kill waits for it, or was seen. NO KEY
  // UPDATE: the usage's foreign key holds the row FOR KEY SHARE in every writer of the batch,
  // which FOR UPDATE would wait for (a deadlock between two writers). The results have no
  // foreign key (ADR 080): this lock is what keeps a removed batch from getting any — a
  // batch removed before it finds no row here and the write rolls back, one removed after
  // waits for the commit and its trigger removes them.
  if (!isBatchHeld) {
    const [batch] = await tx.select({ status: batches.status }).from(batches).where(eq(batches.id, w.batchId)).for('no key update');
    if (isStopped(batch?.status)) throw new KilledDuringWrite();
  }
  // The chunks summed and the progress written in one statement (ADR 080): a statement of its
  // own after the lock above, so its snapshot sees every chunk committed before this one.
  // The chunks' counts of results left to review are summed too: the last chunk counts no result
  // row (ADR 107), unless a chunk did not count its own.
  const [progress] = await rowsOf<{ done: number; pending: number; open: number; uncounted: number }>(
    tx,
    sql`UPDATE batches b SET rows_done = p.done
        FROM (SELECT coalesce(sum(row_count) FILTER (WHERE status = 'done'), 0)::int AS done, count(*) FILTER (WHERE status <> 'done')::int AS pending,
                     coalesce(sum(open_results) FILTER (WHERE status = 'done'), 0)::int AS open, count(*) FILTER (WHERE status = 'done' AND open_results IS NULL)::int AS uncounted
              FROM batch_chunks WHERE batch_id = ${w.batchId}) p
        WHERE b.id = ${w.batchId} RETURNING p.done, p.pending, p.open, p.uncounted`,
  );
  if (progress.pending > 0) return 'written';
  // Every chunk done: the batch completes only when each one's outcome is whole, read from the data.
  const broken = await incompleteChunks(tx, w.batchId);
  if (broken.length) {
    await reopenChunks(tx, w.batchId, broken);
    await recordBatchEvent(tx, { batchId: w.batchId, clientId: w.clientId, kind: 'rescreened', userId: null, at: w.now, details: { chunks: broken.map((c) => c.chunkIndex), reasons: broken.map((c) => c.reason) } });
    return 'rescreen';
  }
  const open = progress.uncounted === 0 ? progress.open : await countOpenResults(tx, w.batchId);
  await tx.update(batches).set({ status: 'Completed', processedAt: w.now, hits: open, toReview: open }).where(eq(batches.id, w.batchId));
  await recordBatchEvent(tx, { batchId: w.batchId, clientId: w.clientId, kind: 'completed', userId: null, at: w.now, details: { rows: progress.done, toReview: open } });
  return 'completed';
}

/** The results left to review of a write as given (`openResults`), or counted when given as objects; null when shaped and not counted. */
function openResultsOf(w: ChunkWrite): number | null {
  if (w.openResults !== undefined) return w.openResults;
  if (isShaped(w.results)) return null;
  return w.results.filter((r) => OPEN_STATUSES.includes(r.reviewStatus ?? 'NONCLEARED')).length;
}

/** The statuses of a result left to review: the batch's hits and results to review count them. */
const OPEN_STATUSES = ['NONCLEARED', 'UNDER_REVIEW'];

/** The batch's results left to review, counted row by row (a chunk that did not count its own). */
async function countOpenResults(tx: Db, batchId: number): Promise<number> {
  const [{ open }] = await tx.select({ open: count() }).from(batchResults).where(and(eq(batchResults.batchId, batchId), inArray(batchResults.reviewStatus, OPEN_STATUSES)));
  return open;
}

/** Forgets a batch's chunks and results (resubmit); usage stays, so nothing is billed twice. */
export async function clearProcessing(db: Db, batchId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(batchResults).where(eq(batchResults.batchId, batchId));
    await tx.delete(batchChunks).where(eq(batchChunks.batchId, batchId));
  });
}
