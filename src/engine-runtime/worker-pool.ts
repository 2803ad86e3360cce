/**
 * The only non-pure part of matching: a pool of worker threads that screen batches off
 * the event loop, all reading one shared copy of the index.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { toTransferable, type TransferableIndex } from '../engine/index-transfer';
import { PartedIndex, type SearchIndex } from '../engine/index-parts';
import type { MatchIndex } from '../engine/match-index';
import { lexiconIfMade, type LexiconData, type PartsLexicon } from '../engine/parts-lexicon';
import { toShared } from '../engine/growable';
import type { ScreenQuery, ScreenResult } from '../engine/query-types';
import type { ScreenOptions } from '../engine/settings';
import type { LightScreenResult } from './light-hits';

interface Pending {
  resolve: (r: never) => void;
  reject: (e: Error) => void;
}

export interface PoolOptions {
  /** Worker count (default: available cores). */
  size?: number;
  /** Queries per message; small enough to balance, big enough to amortise messaging. */
  chunkSize?: number;
  /** How much less priority the threads get than the process (a nice value; Linux; 0: the same, ADR 088). */
  nice?: number;
  /** Each thread's young generation in MB (default `SCREENING_YOUNG_GENERATION_MB`, ADR 097). */
  youngGenerationMb?: number;
}

/**
 * Each screening thread's young generation (V8's two semi-spaces and its young large objects),
 * MB: 64 MB semi-spaces where Node's default gives 16 (ADR 097). A thread allocates ~70 KB per
 * batch row, nearly all of it garbage by the end of its slice; with the default it scavenged every
 * ~100 ms, ~250 times per 100,000 rows, each a pause of 3–20 ms copying the slice's live objects
 * (and more CPU on V8's helper threads). With this size ~74, and each thread's pauses fell from
 * 2.2 s to 0.6 s per 100,000-row batch.
 */
export const SCREENING_YOUNG_GENERATION_MB = 192;

// A part goes to shared memory once, whatever the number of workers and swaps.
const sharedForms = new WeakMap<MatchIndex, TransferableIndex>();
const shared = (index: MatchIndex): TransferableIndex => {
  let t = sharedForms.get(index);
  if (!t) sharedForms.set(index, (t = toTransferable(index)));
  return t;
};

const WORKER_URL = new URL('./screen-worker.ts', import.meta.url);
// The worker registers tsx's ESM hooks itself before importing our TypeScript, so the pool
// works under node --import tsx, vitest or a plain node parent alike.
const TSX_API = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/index\.cjs$/, 'index.mjs');
/** The source of a worker (eval: true) that runs the TypeScript module at `url`. */
export const workerBootstrap = (url: URL): string => `import(${JSON.stringify(TSX_API)}).then((api) => { api.register(); return import(${JSON.stringify(url.href)}); });`;
/**
 * A screening thread lowers its priority (workerData.nice, ADR 088) before anything else (ADR
 * 098): its boot (tsx, the modules' transform and compile) then runs below the main thread too,
 * which is storing the submission's rows meanwhile. `screen-worker.ts` sets the same value again
 * and reports it; where it cannot be set nothing changes.
 */
const PRIORITY_FIRST = `try { const nice = require('node:worker_threads').workerData?.nice; if (nice && process.platform === 'linux') { const os = require('node:os'); const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()); os.setPriority(tid, Math.min(19, os.getPriority(process.pid) + nice)); } } catch {}\n`;
const BOOTSTRAP = PRIORITY_FIRST + workerBootstrap(WORKER_URL);

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

/** A part as the workers are told of it: its id, and its arrays the first time only. */
export interface PartMessage {
  name: string;
  id: number;
  index?: TransferableIndex;
}

/**
 * Which index the workers hold under `version`, and which versions they keep (the others they drop);
 * `lexicon`: the index's parts' dictionary when it was made before (ADR 077), so a worker's first
 * search on it does not make its own.
 */
export interface UseIndexMessage {
  use: { version: string; parts: PartMessage[]; keep: string[]; lexicon?: LexiconData };
}

// A dictionary's arrays go to shared memory once, whatever the number of workers.
const sharedLexicons = new WeakMap<PartsLexicon, LexiconData>();
/** The dictionary made for this index, its arrays on shared memory (its tokens are copied to each worker). */
function lexiconMessage(index: SearchIndex): LexiconData | undefined {
  const lex = index instanceof PartedIndex ? lexiconIfMade(index) : undefined;
  if (!lex) return undefined;
  let data = sharedLexicons.get(lex);
  if (!data) {
    const d = lex.data;
    data = { tokens: d.tokens, toUnion: d.toUnion.map(toShared), toLocal: d.toLocal.map(toShared), typo: { hashes: toShared(d.typo.hashes), tokens: toShared(d.typo.tokens), hashBits: d.typo.hashBits } };
    sharedLexicons.set(lex, data);
  }
  return data;
}

// Ids of the parts (MatchIndex objects) handed to worker threads: the same part keeps its id across swaps.
const partIds = new WeakMap<MatchIndex, number>();
let nextPartId = 1;
const partIdOf = (index: MatchIndex): number => {
  let id = partIds.get(index);
  if (id === undefined) partIds.set(index, (id = nextPartId++));
  return id;
};
const partsOf = (index: SearchIndex): { name: string; index: MatchIndex }[] => (index instanceof PartedIndex ? [...index.parts] : [{ name: index.version, index }]);

/**
 * Screens batches on worker threads; results come back in query order. The workers revive each
 * part of the index once: a new index (a list change, ADR 068) sends them only its new parts.
 */
export class ScreeningPool {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private posted = 0;
  private failed = false;
  private next = 0;
  private closed = false;
  /** Part ids of each index version the workers hold, the current one last. */
  private held = new Map<string, number[]>();
  private sentParts = 0;

  private constructor(
    private readonly workers: Worker[],
    index: SearchIndex,
    private readonly chunkSize: number,
    /** Each thread's nice value as it set it at its start (null: left as the process's). */
    readonly threadNices: readonly (number | null)[] = [],
    /** Each thread's young generation in MB as the thread reads its limits (ADR 097). */
    readonly threadYoungGenerationMbs: readonly (number | null)[] = [],
  ) {
    this.held.set(index.version, partsOf(index).map((p) => partIdOf(p.index)));
    this.sentParts = this.held.get(index.version)!.length;
    for (const w of workers) {
      w.on('message', (m: { id: number; results?: never; error?: string }) => {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        if (m.error !== undefined) p.reject(new Error(m.error));
        else p.resolve((m.results ?? []) as never);
      });
      w.on('error', (err) => this.fail(err));
      // A thread that ended while the pool is open answers nothing more: its pending work fails now, not never.
      w.on('exit', (code) => {
        if (!this.closed) this.fail(new Error(`a screening thread exited (code ${code})`));
      });
    }
  }

  /** Whether one of its threads failed or ended: the pool's owner replaces it (ADR 103). */
  get hasFailed(): boolean {
    return this.failed;
  }

  private fail(err: Error): void {
    this.failed = true;
    this.failAll(err);
  }

  /** Starts the workers and hands each the shared index; resolves when all are ready. */
  static async create(index: SearchIndex, options: PoolOptions = {}): Promise<ScreeningPool> {
    const size = Math.max(1, options.size ?? availableParallelism());
    const first: UseIndexMessage = { use: { version: index.version, parts: partsOf(index).map((p) => ({ name: p.name, id: partIdOf(p.index), index: shared(p.index) })), keep: [index.version], lexicon: lexiconMessage(index) } };
    const resourceLimits = { maxYoungGenerationSizeMb: options.youngGenerationMb ?? SCREENING_YOUNG_GENERATION_MB };
    const workers = Array.from({ length: size }, () => new Worker(BOOTSTRAP, { eval: true, workerData: { ...first, nice: options.nice ?? 0 }, resourceLimits }));
    const nices: (number | null)[] = [];
    const youngMbs: (number | null)[] = [];
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const onMessage = (m: { ready?: boolean; nice?: number | null; youngMb?: number | null }): void => {
              if (!m.ready) return;
              w.off('message', onMessage);
              nices.push(m.nice ?? null);
              youngMbs.push(m.youngMb ?? null);
              resolve();
            };
            w.on('message', onMessage);
            w.once('error', reject);
          }),
      ),
    );
    return new ScreeningPool(workers, index, Math.max(1, options.chunkSize ?? 250), nices, youngMbs);
  }

  /** The version of the index the pool was last told to use. */
  get indexVersion(): string {
    return [...this.held.keys()].at(-1)!;
  }

  /** Whether the workers hold this index version (chunks of it need no message first). */
  holds(version: string): boolean {
    return this.held.has(version);
  }

  /** How many parts were sent to the workers in all (each once; the start counts its parts). */
  get partsSent(): number {
    return this.sentParts;
  }

  /**
   * Makes `index` the pool's current index: the workers get the parts they do not hold yet and
   * keep the ones they do. `exclusive` drops every other version (a swap: the old index goes);
   * else the previous version is kept too, for chunks of a caller still holding it. Chunks sent
   * before this call are screened first (messages to a worker keep their order).
   */
  use(index: SearchIndex, exclusive = false): void {
    if (this.closed) return;
    const parts = partsOf(index);
    const ids = parts.map((p) => partIdOf(p.index));
    const current = this.indexVersion;
    const had = new Set([...this.held.values()].flat());
    this.held.delete(index.version);
    const kept = new Map<string, number[]>(exclusive || current === index.version || !this.held.has(current) ? [] : [[current, this.held.get(current)!]]);
    kept.set(index.version, ids);
    this.held = kept;
    const message: UseIndexMessage = { use: { version: index.version, parts: parts.map((p, i) => (had.has(ids[i]) ? { name: p.name, id: ids[i] } : { name: p.name, id: ids[i], index: shared(p.index) })), keep: [...kept.keys()], lexicon: lexiconMessage(index) } };
    this.sentParts += message.use.parts.filter((p) => p.index).length;
    for (const w of this.workers) w.postMessage(message);
  }

  get size(): number {
    return this.workers.length;
  }

  /** True while chunks are out on the workers. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Screens all queries across the workers; same results and order as screenMany. */
  async screenBatch(queries: readonly ScreenQuery[], options: ScreenOptions = {}, version = this.indexVersion): Promise<ScreenResult[]> {
    return this.screenChunks<ScreenResult>(queries, options, false, version);
  }

  /** As screenBatch, with light hits (a search's answer, ADR 057): less to move between threads. */
  async screenLight(queries: readonly ScreenQuery[], options: ScreenOptions = {}, version = this.indexVersion): Promise<LightScreenResult[]> {
    return this.screenChunks<LightScreenResult>(queries, options, true, version);
  }

  private async screenChunks<R>(queries: readonly ScreenQuery[], options: ScreenOptions, light: boolean, version: string): Promise<R[]> {
    if (this.closed) throw new Error('screening pool is closed');
    if (!this.held.has(version)) throw new Error(`the screening pool does not hold index ${version}`);
    const chunks: Promise<R[]>[] = [];
    const size = balancedChunkSize(queries.length, this.workers.length, this.chunkSize);
    for (let i = 0; i < queries.length; i += size) chunks.push(this.send<R>(queries.slice(i, i + size), options, light, version));
    return (await Promise.all(chunks)).flat();
  }

  /**
   * Runs a task module's `runTask(index, payload)` on the workers against the index `version`,
   * one payload per message to the workers in turn (ADR 084: a batch chunk's slices, screened and
   * their results shaped off the main thread); answers their outputs in the payloads' order.
   * `module` is the URL of a TypeScript module exporting `runTask`, imported once by each worker.
   */
  async runTask<P, R>(module: URL, payloads: readonly P[], version = this.indexVersion): Promise<R[]> {
    if (this.closed) throw new Error('screening pool is closed');
    if (!this.held.has(version)) throw new Error(`the screening pool does not hold index ${version}`);
    return Promise.all(payloads.map((payload) => this.post<R>({ task: module.href, payload, version })));
  }

  private send<R>(queries: ScreenQuery[], options: ScreenOptions, light: boolean, version: string): Promise<R[]> {
    return this.post<R[]>({ queries, options, light, version });
  }

  /** Searches and tasks sent to the workers since the pool started. */
  get messagesSent(): number {
    return this.posted;
  }

  private post<R>(message: object): Promise<R> {
    this.posted++;
    const id = this.nextId++;
    const worker = this.workers[this.next++ % this.workers.length];
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (r: never) => void, reject });
      worker.postMessage({ id, ...message });
    });
  }

  /** How many parts' dictionaries each worker made itself (a swap's index comes with its own, ADR 077). */
  async lexiconsMade(): Promise<number[]> {
    return Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<number>((resolve, reject) => {
            const id = this.nextId++;
            this.pending.set(id, { resolve: ((r: number[]) => resolve(r[0])) as (r: never) => void, reject });
            worker.postMessage({ id, lexiconsMade: true });
          }),
      ),
    );
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
