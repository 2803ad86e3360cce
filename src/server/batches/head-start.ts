/**
 * A submission's head start (ADR 107). On the embedded database the COPY of a submission's rows
 * holds the main thread for half a second or more (100,000 rows), and the screening threads had
 * nothing to do until the first chunk's job read its rows after it. The submission now reads
 * what its first chunks are screened with and hands them to the threads before the COPY; each of
 * those chunks' jobs takes the screening begun, when it screens the same rows with the same
 * threshold and list versions, and screens the chunk itself otherwise. Held in this process only:
 * a job of another process, a retried chunk, or a batch resubmitted screens as before.
 */
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import type { ChunkSliceOutput } from '../screening/chunk-screening';
import type { RowInput } from '../screening/row-screening';
import { currentScreening, POOL_MIN_ROWS } from '../screening/screener';
import { readPause } from '../jobs/pause';
import { chunkScreening, type ScreenedBatch } from './chunk-screen';

/** Chunks begun ahead: the embedded runner takes three chunks at once (`embeddedConcurrency`). */
export const HEAD_CHUNKS = 3;
/** A head start no job took by then is dropped (its batch killed before its chunks ran, say). */
const HELD_MS = 120_000;

/** What a chunk was screened with, to compare with what its job would screen it with. */
interface HeadInputs {
  firstRow: number;
  rowCount: number;
  threshold: number;
  /** The screening's version string: the index's lists and the NPPES and DMF versions. */
  version: string;
}

interface HeadStart extends HeadInputs {
  /** Null when the screening failed: the job screens the chunk. */
  slices: Promise<ChunkSliceOutput[] | null>;
}

/** Head starts a job took, and those it found begun with other inputs (tests read them). */
export const headStartWork = { taken: 0, refused: 0 };

// Per database: tests open many databases in one process, with the same batch ids.
const held = new WeakMap<Db, Map<string, HeadStart>>();

const keyOf = (batchId: number, submittedAt: Date | null, chunkIndex: number): string => `${batchId}:${submittedAt?.toISOString() ?? ''}:${chunkIndex}`;

/**
 * Begins the screening of a submission's first chunks on the screening threads (PGlite with its
 * threads only) and answers once what they are screened with is read: the rows' COPY that
 * follows no longer holds those reads back. `rows` are the stored rows, in order.
 */
export async function startHeadScreening(ctx: AppContext, batch: ScreenedBatch, threshold: number, rows: readonly RowInput[]): Promise<number> {
  const chunkRows = ctx.config.batchChunkRows;
  if (ctx.database.kind !== 'pglite' || ctx.config.batchScreenWorkers === 0 || Math.min(chunkRows, rows.length) < POOL_MIN_ROWS) return 0;
  // A paused queue runs no chunk until it is resumed: nothing is screened ahead for it.
  if ((await readPause(ctx.db)).isPaused) return 0;
  let heads = held.get(ctx.db);
  if (!heads) held.set(ctx.db, (heads = new Map()));
  let begun = 0;
  try {
    const screening = await currentScreening(ctx);
    for (let chunkIndex = 0; chunkIndex < HEAD_CHUNKS && chunkIndex * chunkRows < rows.length; chunkIndex++) {
      const part = rows.slice(chunkIndex * chunkRows, (chunkIndex + 1) * chunkRows);
      // A chunk too small for the threads would be screened on this thread, before the COPY.
      if (part.length < POOL_MIN_ROWS) break;
      const screen = await chunkScreening(ctx, screening, batch, threshold, part);
      const head: HeadStart = { firstRow: part[0].rowIndex, rowCount: part.length, threshold, version: screening.version, slices: screen().catch(() => null) };
      const key = keyOf(batch.id, batch.submittedAt, chunkIndex);
      heads.set(key, head);
      setTimeout(() => heads.get(key) === head && heads.delete(key), HELD_MS).unref();
      begun++;
    }
  } catch (error) {
    // The chunks' jobs screen them, as without a head start.
    ctx.log.info(`a submission's first chunks were not screened ahead: ${error instanceof Error ? error.message : String(error)}`);
  }
  return begun;
}

/**
 * The screening a submission began for this chunk (and forgets it), when it screened what the job
 * would: null when none was begun, it was begun with other rows, threshold or list versions (a
 * list changed in between), or it failed.
 */
export async function takeHeadStart(db: Db, want: HeadInputs & { batchId: number; submittedAt: Date | null; chunkIndex: number }): Promise<ChunkSliceOutput[] | null> {
  const heads = held.get(db);
  const key = keyOf(want.batchId, want.submittedAt, want.chunkIndex);
  const head = heads?.get(key);
  if (!head) return null;
  heads!.delete(key);
  if (head.firstRow !== want.firstRow || head.rowCount !== want.rowCount || head.threshold !== want.threshold || head.version !== want.version) {
    headStartWork.refused++;
    return null;
  }
  headStartWork.taken++;
  return head.slices;
}

/** Head starts held for a database (tests). */
export const headStartsHeld = (db: Db): number => held.get(db)?.size ?? 0;
