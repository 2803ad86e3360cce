/**
 * The only non-pure part of matching: a pool of worker threads that screen batches off
 * the event loop, all reading one shared copy of the index.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { toTransferable } from '../engine/index-transfer';
import type { MatchIndex } from '../engine/match-index';
import type { ScreenQuery, ScreenResult } from '../engine/query-types';
import type { ScreenOptions } from '../engine/settings';
import type { LightScreenResult } from './light-hits';

interface Pending {
  resolve: (r: never[]) => void;
  reject: (e: Error) => void;
}

export interface PoolOptions {
  /** Worker count (default: available cores). */
  size?: number;
  /** Queries per message; small enough to balance, big enough to amortise messaging. */
  chunkSize?: number;
}

const WORKER_URL = new URL('./screen-worker.ts', import.meta.url);
// The worker registers tsx's ESM hooks itself before importing our TypeScript, so the pool
// works under node --import tsx, vitest or a plain node parent alike.
const TSX_API = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/index\.cjs$/, 'index.mjs');
const BOOTSTRAP = `import(${JSON.stringify(TSX_API)}).then((api) => { api.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;

/**
 * The chunk size that splits `count` queries into equal chunks, a multiple of the worker count
 * of them, none larger than `most`: chunks go to the workers in turn, so equal shares finish
 * together (900 names in chunks of 250 gave one worker 500 and the other 400).
 */
export function balancedChunkSize(count: number, workers: number, most: number): number {
  if (count <= 0) return most;
  const chunks = Math.ceil(Math.ceil(count / most) / workers) * workers;
  return Math.max(1, Math.ceil(count / chunks));
}

/** Screens batches on worker threads; results come back in query order. */
export class ScreeningPool {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private next = 0;
  private closed = false;

  private constructor(
    private readonly workers: Worker[],
    readonly indexVersion: string,
    private readonly chunkSize: number,
  ) {
    for (const w of workers) {
      w.on('message', (m: { id: number; results?: never[]; error?: string }) => {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.error !== undefined) p.reject(new Error(m.error));
        else p.resolve(m.results ?? []);
      });
      w.on('error', (err) => this.failAll(err));
    }
  }

  /** Starts the workers and hands each the shared index; resolves when all are ready. */
  static async create(index: MatchIndex, options: PoolOptions = {}): Promise<ScreeningPool> {
    const size = Math.max(1, options.size ?? availableParallelism());
    const shared = toTransferable(index);
    const workers = Array.from({ length: size }, () => new Worker(BOOTSTRAP, { eval: true, workerData: shared }));
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const onMessage = (m: { ready?: boolean }): void => {
              if (!m.ready) return;
              w.off('message', onMessage);
              resolve();
            };
            w.on('message', onMessage);
            w.once('error', reject);
          }),
      ),
    );
    return new ScreeningPool(workers, index.version, Math.max(1, options.chunkSize ?? 250));
  }

  get size(): number {
    return this.workers.length;
  }

  /** True while chunks are out on the workers. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Screens all queries across the workers; same results and order as screenMany. */
  async screenBatch(queries: readonly ScreenQuery[], options: ScreenOptions = {}): Promise<ScreenResult[]> {
    return this.screenChunks<ScreenResult>(queries, options, false);
  }

  /** As screenBatch, with light hits (a search's answer, ADR 057): less to move between threads. */
  async screenLight(queries: readonly ScreenQuery[], options: ScreenOptions = {}): Promise<LightScreenResult[]> {
    return this.screenChunks<LightScreenResult>(queries, options, true);
  }

  private async screenChunks<R>(queries: readonly ScreenQuery[], options: ScreenOptions, light: boolean): Promise<R[]> {
    if (this.closed) throw new Error('screening pool is closed');
    const chunks: Promise<R[]>[] = [];
    const size = balancedChunkSize(queries.length, this.workers.length, this.chunkSize);
    for (let i = 0; i < queries.length; i += size) chunks.push(this.send<R>(queries.slice(i, i + size), options, light));
    return (await Promise.all(chunks)).flat();
  }

  private send<R>(queries: ScreenQuery[], options: ScreenOptions, light: boolean): Promise<R[]> {
    const id = this.nextId++;
    const worker = this.workers[this.next++ % this.workers.length];
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (r: never[]) => void, reject });
      worker.postMessage({ id, queries, options, light });
    });
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new Error('screening pool closed'));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
