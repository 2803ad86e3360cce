/**
 * The embedded runner's pipeline of batch chunks (ADR 082, 088). On PGlite one process runs every
 * chunk: the database's reads and writes run on the main thread, the screening on the pool's
 * threads. Three chunk jobs run at once (`embeddedConcurrency`): while chunk N is written, the
 * chunks after it are read and screened, so the pool's threads always have a chunk to screen
 * (with one chunk screened at a time they waited for each chunk's reads, its build and its turn
 * to write: idle a quarter of the batch, ADR 088). The writes take one lane: one at a time, in
 * the order the chunks asked for it (the order their screening ended: the pool's threads take
 * messages in the order sent). Each chunk is still one job written as before: its results and
 * its done mark together, a kill or pause seen as before, a crash leaving its chunk to the retry.
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
  /** Runs one chunk's job: `work` calls `toWrite` before its write, which waits for the write lane. */
  run<T>(work: (toWrite: () => Promise<void>) => Promise<T>): Promise<T>;
}

function createChunkPipeline(): ChunkPipeline {
  const writing = new Lane();
  return {
    async run(work) {
      let leaveWriting: (() => void) | undefined;
      try {
        return await work(async () => {
          leaveWriting ??= await writing.take();
        });
      } finally {
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
