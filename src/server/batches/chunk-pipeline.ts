/**
 * The embedded runner's pipeline of batch chunks (ADR 082). On PGlite one process runs every
 * chunk: the database's writes run on the main thread, the screening on the pool's threads. Two
 * chunk jobs run at once (`embeddedConcurrency`) and pass two lanes in turn: a chunk is read and
 * screened in the first, written in the second, and leaves the first as it enters the second. So
 * chunk N+1 is screened while chunk N is written (both cores busy), the writes stay one at a time
 * in the order the chunks were screened, and at most one screened chunk waits for its write.
 * Each chunk is still one job written as before: its results and its done mark together, a kill
 * or pause seen as before, a crash leaving its chunk to the retry.
 */
import type { Database } from '../db/client';

/** One holder at a time, in the order they asked. */
class Lane {
  private tail: Promise<void> = Promise.resolve();

  /** Waits for the lane; answers its release (calling it again does nothing). */
  async take(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const before = this.tail;
    this.tail = before.then(() => held);
    await before;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  }
}

export interface ChunkPipeline {
  /**
   * Runs one chunk's job: `work` gets the screening lane at once, and calls `toWrite` before its
   * write (it waits for the write lane, then lets the next chunk into the screening lane).
   */
  run<T>(work: (toWrite: () => Promise<void>) => Promise<T>): Promise<T>;
}

function createChunkPipeline(): ChunkPipeline {
  const screening = new Lane();
  const writing = new Lane();
  return {
    async run(work) {
      const leaveScreening = await screening.take();
      let leaveWriting: (() => void) | undefined;
      try {
        return await work(async () => {
          leaveWriting ??= await writing.take();
          leaveScreening();
        });
      } finally {
        leaveScreening();
        leaveWriting?.();
      }
    },
  };
}

const pipelines = new WeakMap<object, ChunkPipeline>();

/** The pipeline of chunks of a process on an embedded database (null on PostgreSQL, where each chunk runs on its own). */
export function chunkPipelineOf(database: Pick<Database, 'kind'>): ChunkPipeline | null {
  if (database.kind !== 'pglite') return null;
  let pipeline = pipelines.get(database);
  if (!pipeline) pipelines.set(database, (pipeline = createChunkPipeline()));
  return pipeline;
}
