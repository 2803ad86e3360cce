/** Screening a batch: cut into chunks on the queue, each chunk screened and written once. */
import { SEARCH_TYPES } from '#shared/search-types';
import type { AppContext } from '../app-context';
import { carryForwardClearings } from './carry-forward';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { clearProcessing, ensureChunks, failChunk, IncompleteChunkWrite, readRows, startChunkAttempt, WRITE_SLICE_ROWS, writeChunk, type ChunkWriteOutcome } from './processing-queries';
import { clientReviewThreshold, findBatch, moveStatus, updateBatch } from './queries';
import { recordBatchEvent } from './events';
import type { NearMisses, RowInput } from '../screening/row-screening';
import { currentScreening, warmScreeningPool } from '../screening/screener';
import { chunkScreening, resultShapeOf } from './chunk-screen';
import { takeHeadStart } from './head-start';
import { usageFor } from './usage';
import { chunkPipelineOf } from './chunk-pipeline';
import { turnOfTheLoop } from '../../engine-runtime/event-loop-turn';
import { liveChunkJobs } from '../jobs/boss-jobs';
import { withCopiedRecords } from './result-shaped-write';

/** Failed attempts at a chunk (errors) before the batch is marked 'Internal Error - contact support'. */
export const MAX_CHUNK_ATTEMPTS = 3;
/**
 * Attempts that claimed a chunk, whatever became of them, before it fails for good: attempts lost
 * with a killed process are not the chunk's errors, but a chunk that takes its process down each
 * time (memory, say) must not loop forever (issue 50).
 */
export const MAX_CHUNK_CLAIMS = 10;
export const INTERNAL_ERROR = 'Internal Error - contact support';

/** The queue of a batch's chunks (its job is defined in jobs.ts). */
export const SCREEN_CHUNK_JOB = 'batches.screen-chunk';

/** Queues one chunk at the batch's queue priority. */
type SendChunk = (payload: { batchId: number; chunkIndex: number }, priority: number) => Promise<unknown>;

/** The 'batches.screen' job: creates the chunks (once) and queues those not done. */
export async function startBatch(ctx: AppContext, batchId: number, sendChunk: SendChunk): Promise<void> {
  const batch = await findBatch(ctx.db, batchId);
  if (!batch) return;
  if (batch.status === 'Batch Kill Requested') {
    if (await moveStatus(ctx.db, batchId, ['Batch Kill Requested'], { status: 'Cancelled', processedAt: ctx.now() })) await recordBatchEvent(ctx.db, { batchId, clientId: batch.clientId, kind: 'cancelled', userId: null, at: ctx.now() });
    return;
  }
  // Pending or Processing: this job runs again after its process died while it queued the chunks
  // (other processes may be screening the ones it queued): the chunks left are queued now (ADR 091).
  if (batch.status !== 'Submitted' && batch.status !== 'Pending' && batch.status !== 'Processing') return;
  // The screening threads start while the chunks are made and the first one read (ADR 088).
  void warmScreeningPool(ctx, batch.recordCount);
  const pending = await ensureChunks(ctx.db, batchId, batch.recordCount, ctx.config.batchChunkRows);
  await moveStatus(ctx.db, batchId, ['Submitted'], { status: 'Pending' });
  const queued = batch.status === 'Submitted' ? new Set<number>() : await liveChunkJobs(ctx.db, SCREEN_CHUNK_JOB, batchId);
  for (const chunk of pending) if (!queued.has(chunk.chunkIndex)) await sendChunk({ batchId, chunkIndex: chunk.chunkIndex }, batch.queuePriority);
}

/**
 * The 'batches.screen-chunk' job: screens one chunk and writes it in one transaction. On the
 * embedded database the chunk passes the process's pipeline: screened while the chunk before is
 * written, written after it (ADR 082).
 */
export async function screenChunk(ctx: AppContext, batchId: number, chunkIndex: number, sendChunk: SendChunk = sendOnQueue(ctx)): Promise<void> {
  const pipeline = chunkPipelineOf(ctx.database);
  const outcome = pipeline ? await pipeline.run((toWrite) => runChunk(ctx, batchId, chunkIndex, toWrite)) : await runChunk(ctx, batchId, chunkIndex, async () => undefined);
  if (outcome === 'rescreen') await requeueChunks(ctx, batchId, sendChunk);
}

/** Queues a chunk on the context's job queue (the job's module loaded when first needed: it imports this one). */
const sendOnQueue =
  (ctx: AppContext): SendChunk =>
  async (chunk, priority) => {
    if (!ctx.jobs) throw new Error('the job queue is not running');
    const { screenChunkJob } = await import('./jobs');
    return ctx.jobs.send(screenChunkJob, chunk, { priority });
  };

/** Queues the batch's pending chunks that have no job waiting or running (the completion check reopened them). */
async function requeueChunks(ctx: AppContext, batchId: number, sendChunk: SendChunk): Promise<void> {
  const batch = await findBatch(ctx.db, batchId);
  if (!batch) return;
  const pending = await ensureChunks(ctx.db, batchId, batch.recordCount, ctx.config.batchChunkRows);
  const queued = await liveChunkJobs(ctx.db, SCREEN_CHUNK_JOB, batchId);
  ctx.log.warn({ batchId, chunks: pending.map((c) => c.chunkIndex) }, 'the completion check found chunks without a whole outcome: screened again');
  for (const chunk of pending) if (!queued.has(chunk.chunkIndex)) await sendChunk({ batchId, chunkIndex: chunk.chunkIndex }, batch.queuePriority);
}

/** This process as a chunk's claim names it: host, pid and a random tag (a restarted process with the same pid is another). */
export const PROCESS_CLAIM = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** One chunk; `toWrite` is awaited once its rows are screened, before its results are built and written. */
async function runChunk(ctx: AppContext, batchId: number, chunkIndex: number, toWrite: () => Promise<void>): Promise<ChunkWriteOutcome | undefined> {
  const phases = chunkPhases();
  const batch = await findBatch(ctx.db, batchId);
  if (!batch) return;
  if (batch.status === 'Batch Kill Requested') {
    if (await moveStatus(ctx.db, batchId, ['Batch Kill Requested'], { status: 'Cancelled', processedAt: ctx.now() })) await recordBatchEvent(ctx.db, { batchId, clientId: batch.clientId, kind: 'cancelled', userId: null, at: ctx.now() });
    return;
  }
  if (batch.status !== 'Pending' && batch.status !== 'Processing') return;
  const chunk = await startChunkAttempt(ctx.db, batchId, chunkIndex, ctx.now(), PROCESS_CLAIM);
  if (!chunk || chunk.status === 'done') return;
  const claim = chunk.claim;
  if (chunk.attempts > MAX_CHUNK_CLAIMS) {
    const reason = `chunk ${chunkIndex} was begun ${MAX_CHUNK_CLAIMS} times without being written`;
    if (await failChunk(ctx.db, batchId, chunkIndex, chunk.error ?? reason, true, claim)) await failBatch(ctx, batch, reason);
    return;
  }
  // The batch's first chunk moves it on; the others found it Processing already (one statement less each, ADR 076 round 2).
  if (batch.status === 'Pending') await moveStatus(ctx.db, batchId, ['Pending'], { status: 'Processing', startedAt: ctx.now() });
  phases.mark('start');
  try {
    const rows = (await readRows(ctx.db, batchId, chunk.firstRow, chunk.rowCount)) as RowInput[];
    // A chunk whose rows are not all stored is not screened (its rows would carry no outcome).
    if (rows.length !== chunk.rowCount) throw new IncompleteChunkWrite(`chunk ${chunkIndex}: ${rows.length} of its ${chunk.rowCount} rows are stored`);
    phases.mark('read');
    // The index and the NPPES/DMF versions of this chunk, read once: its lookups and results agree (ADR 060).
    const screening = await currentScreening(ctx);
    const { keyed } = screening;
    const dmfLoaded = keyed.dmfLoaded;
    // The threshold recorded at submission; a batch from before it was recorded uses the client's.
    const threshold = batch.reviewThreshold ?? (await clientReviewThreshold(ctx.db, batch.clientId));
    const shape = resultShapeOf(ctx);
    // A chunk the submission began to screen while it stored the rows (ADR 107), when it screened
    // what this job would: the same rows, threshold and list versions. Else screened here.
    let slices = await takeHeadStart(ctx.db, { batchId, submittedAt: batch.submittedAt, chunkIndex, firstRow: chunk.firstRow, rowCount: chunk.rowCount, threshold, version: screening.version });
    if (slices) phases.mark('setup');
    else {
      const screen = await chunkScreening(ctx, screening, batch, threshold, rows);
      phases.mark('setup');
      slices = await screen();
    }
    phases.mark('screen');
    // The chunk before this one is written first (PGlite, ADR 082); the next one is screened meanwhile.
    await toWrite();
    phases.mark('wait');
    // On PGlite every step below runs on this thread with the one connection: requests waiting
    // get a turn (ADR 069).
    await turnOfTheLoop();
    const now = ctx.now();
    // The results come shaped for the insert (ADR 084): this thread joins their text only, and on
    // PGlite appends to COPY lines the list records they name, read as stored text (ADR 093).
    const shaped = shape === 'copy' ? await withCopiedRecords(ctx.db, slices) : slices.length === 1 ? slices[0].results : slices.flatMap((s) => s.results);
    const results = { batchId, createdAt: now, texts: shaped, format: shape };
    const nearMisses: NearMisses = { scores: slices.flatMap((s) => s.nearMisses.scores), rowBest: slices.flatMap((s) => s.nearMisses.rowBest) };
    // The SSNs not in the DMF (or not checked) are kept by the chunk, with the DMF version checked.
    const ssnChecks = batch.searchTypes.includes('SSDMF') ? { rows: slices.flatMap((s) => s.ssnNotFound), dmfVersionId: dmfLoaded ? keyed.versions.dmf : null } : undefined;
    // An SSN check that did not run is not billed.
    const usage = usageFor(dmfLoaded ? batch : { ...batch, searchTypes: batch.searchTypes.filter((t) => t !== 'SSDMF') }, rows, now);
    // Its results left to review, counted as they were shaped: the last chunk sums the chunks' (ADR 107).
    const openResults = slices.reduce((n, s) => n + s.open, 0);
    const afterResults = (tx: typeof ctx.db) => carryForwardClearings(tx, { batchId, clientId: batch.clientId, firstRow: chunk.firstRow, rowCount: chunk.rowCount, now });
    phases.mark('build');
    // PGlite: results in slices outside the final transaction, so requests are not held for the whole write.
    const sliceRows = ctx.database.kind === 'pglite' ? WRITE_SLICE_ROWS : undefined;
    // The rows the screening recorded an outcome for: each slice answers the rows it screened.
    const rowsScreened = slices.reduce((n, s) => n + s.screened, 0);
    const outcome = await writeChunk(ctx.db, { batchId, clientId: batch.clientId, chunkIndex, firstRow: chunk.firstRow, rowCount: chunk.rowCount, results, usage, now, clock: ctx.now, afterResults, nearMisses, ssnChecks, openResults, sliceRows, isFirstAttempt: chunk.attempts === 1, claim, rowsScreened, screenedWith: screening.version });
    phases.mark('write');
    if (outcome === 'superseded') ctx.log.warn({ batchId, chunkIndex, claim }, 'a chunk attempt handed back to another was not written');
    // Where a chunk's time goes (the scale-out bench reads these lines, ADR 065).
    ctx.log.debug({ batchId, chunkIndex, startedAt: phases.startedAt, endedAt: Date.now(), phasesMs: phases.spent }, 'batch chunk timings');
    return outcome;
  } catch (error) {
    const reason = reasonOf(error);
    // Every failed attempt leaves its reason on the chunk (the queue page shows it).
    const isFinal = chunk.failures + 1 >= MAX_CHUNK_ATTEMPTS;
    const recorded = await failChunk(ctx.db, batchId, chunkIndex, reason, isFinal, claim);
    if (!isFinal) throw error;
    ctx.log.error({ batchId, chunkIndex, err: error }, 'batch chunk failed for good');
    // An attempt handed back to another fails nothing: the chunk is that attempt's.
    if (recorded) await failBatch(ctx, batch, reason);
  }
}

/** Milliseconds spent between marks, by the mark's name. */
function chunkPhases() {
  const startedAt = Date.now();
  let last = performance.now();
  const spent: Record<string, number> = {};
  return {
    startedAt,
    spent,
    mark(name: string) {
      const at = performance.now();
      spent[name] = Math.round((at - last) * 10) / 10;
      last = at;
    },
  };
}

/** Ends a running batch in the internal error, once. */
async function failBatch(ctx: AppContext, batch: { id: number; clientId: number }, reason: string): Promise<void> {
  const moved = await moveStatus(ctx.db, batch.id, ['Pending', 'Processing'], { status: INTERNAL_ERROR, error: reason, processedAt: ctx.now() });
  if (moved) await recordBatchEvent(ctx.db, { batchId: batch.id, clientId: batch.clientId, kind: 'failed', userId: null, at: ctx.now(), details: { status: INTERNAL_ERROR } });
}

/** The database's own words when there are some: a failed query's text would carry row values. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)).split('\n')[0].slice(0, 300);
}

/** Puts a finished batch back to Submitted without its results (its usage stays billed once). */
export async function resetForResubmit(ctx: AppContext, batchId: number): Promise<void> {
  await clearProcessing(ctx.db, batchId);
  const batch = await findBatch(ctx.db, batchId);
  // A re-run screens with the client's threshold of today, and records it.
  const reviewThreshold = batch ? await clientReviewThreshold(ctx.db, batch.clientId) : null;
  await updateBatch(ctx.db, batchId, { status: 'Submitted', rowsDone: 0, hits: 0, toReview: 0, startedAt: null, processedAt: null, error: null, submittedAt: ctx.now(), reviewThreshold });
}

/** Search types of a batch as the info endpoint's flags: exclusions, NPI, SSDMF. */
export function resultTypeFlags(searchTypes: readonly string[]): [boolean, boolean, boolean] {
  const types = SEARCH_TYPES.filter((t) => searchTypes.includes(t.name)).map((t) => t.resultType);
  return [types.includes('exclusions'), types.includes('npi'), types.includes('ssdmf')];
}
