/**
 * The kill loop (issue 50): a batch with known matches screened once without a kill (the control),
 * then again while the real server is SIGKILLed at random moments and started again on the same
 * data folder; the second batch's results must equal the control's row for row, billed once.
 * Shared by the bounded test (test/kill-loop.test.ts) and the long run (scripts/kill-loop.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '#server/db/client';
import { cookieClient, freePort, root, startServe } from './server-process';
import { importSampleLists } from './sample-lists';

export interface KillLoopOptions {
  dataDir: string;
  rows: number;
  /** Kills per batch. */
  kills: number;
  /** The longest wait before a kill, ms (each kill waits a random time up to it). */
  maxDelayMs: number;
  env?: Record<string, string>;
  /** PostgreSQL server: the server runs on it instead of the embedded database. */
  databaseUrl?: string;
  log?: (line: string) => void;
  random?: () => number;
}

export interface KillRunOutcome {
  batchId: number;
  kills: number;
  /** Where each kill fell (the batch's status and rows done just before it). */
  killedAt: string[];
  wallMs: number;
}

export interface BatchDigest {
  status: string;
  rowsDone: number;
  /** Per row: its results as "source|record|type", sorted. */
  rows: Map<number, string[]>;
  billed: number;
  usageDuplicates: number;
  resultDuplicates: number;
}

const CREDENTIALS = JSON.stringify({ username: 'root', password: 'Harbor-lights-42' });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A roster with known matches: every seventh row an individual of the shipped LEIE sample, the others made-up names. */
export function killLoopRoster(rows: number): string {
  const sample = readFileSync(path.join(root, 'data/samples/leie/UPDATED.csv'), 'utf8').split('\n').slice(1);
  const people = sample.map((l) => l.split('","').map((c) => c.replace(/^"|"$/g, ''))).filter((c) => c[0] && c[1]).map((c) => [c[1], c[0]]);
  const firsts = ['James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'Carlos', 'Mei', 'Ahmed', 'Olga'];
  const lines = ['First Name,Last Name'];
  for (let i = 0; i < rows; i++) {
    const [first, last] = i % 7 === 0 ? people[(i / 7) % people.length] : [firsts[i % firsts.length], `Zq${(i * 7919) % 100_003}x`];
    lines.push(`${first},${last}`);
  }
  return lines.join('\n');
}

export class KillLoop {
  private child: ChildProcess | undefined;
  private port = 0;
  private call: ReturnType<typeof cookieClient> | undefined;
  private hasLists = false;

  /** The longest wait before a kill (the options' at first). */
  maxDelayMs: number;

  constructor(private readonly o: KillLoopOptions) {
    this.maxDelayMs = o.maxDelayMs;
  }

  private get env(): Record<string, string> {
    return { LIST_UPDATE_SCHEDULE: 'off', ...(this.o.databaseUrl ? { DATABASE_URL: this.o.databaseUrl } : {}), ...this.o.env };
  }

  async start(): Promise<void> {
    this.port ||= await freePort();
    // `serve` loads no sample (ADR 114): the shipped samples are imported as list files before the first start.
    if (!this.hasLists) await importSampleLists(this.o.dataDir, { url: this.o.databaseUrl });
    this.hasLists = true;
    this.child = (await startServe(this.o.dataDir, this.port, this.env)).proc;
    const call = cookieClient(`http://127.0.0.1:${this.port}`);
    const login = await call('/services/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: CREDENTIALS });
    if ((await login.json()) !== 'LOGIN_SUCCESSFUL') throw new Error('the kill loop could not sign in');
    this.call = call;
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }

  /** Uploads and submits the roster (name search, and OFAC); answers the batch id, or null when a kill fell before the submission was answered. */
  private async submit(csv: string, killAfterMs: number | null): Promise<number | null> {
    const form = new FormData();
    form.set('typeName', 'Flex');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'kill-loop.csv');
    const up = await this.call!('/services/fileupload', { method: 'POST', body: form });
    if (up.status !== 200) throw new Error(`upload answered ${up.status}: ${await up.text()}`);
    const { batchId } = (await up.json()) as { batchId: number };
    const mapping = { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name', 'OFAC'], correlatedColumnIndexes: [], uniqueIdIndex: null };
    const submitted = this.call!(`/services/flexsearchs/${batchId}/columnmappings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(mapping) });
    if (killAfterMs !== null) {
      // A kill while the rows are stored: the submission may or may not have been taken. The failure is
      // caught before the kill, else the socket's close rejects it unhandled while the kill is awaited.
      const answered = submitted.catch(() => null);
      await pause(killAfterMs);
      await this.kill();
      const res = await answered;
      return res?.status === 200 ? batchId : -batchId;
    }
    const res = await submitted;
    if (res.status !== 200) throw new Error(`submission answered ${res.status}: ${await res.text()}`);
    return batchId;
  }

  private async progress(batchId: number): Promise<{ status: string; rowsDone: number }> {
    const res = await this.call!(`/services/flexsearchs/${batchId}`);
    if (res.status !== 200) return { status: `HTTP ${res.status}`, rowsDone: 0 };
    const body = (await res.json()) as { status: string | null; rowsDone: number };
    return { status: body.status ?? 'draft', rowsDone: body.rowsDone };
  }

  /** Waits for the batch to end (Completed or an error status); answers its status. */
  async waitEnd(batchId: number, timeoutMs = 900_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { status } = await this.progress(batchId);
      if (!['Submitted', 'Pending', 'Processing', 'draft'].includes(status)) return status;
      if (Date.now() > until) throw new Error(`batch ${batchId} still ${status} after ${timeoutMs} ms`);
      await pause(200);
    }
  }

  /** The control: the roster screened without a kill. */
  async control(csv: string): Promise<number> {
    const batchId = (await this.submit(csv, null))!;
    const status = await this.waitEnd(batchId);
    if (status !== 'Completed') throw new Error(`the control batch ended ${status}`);
    return batchId;
  }

  /** The roster screened with `kills` SIGKILLs at random moments, the server started again after each. */
  async killed(csv: string): Promise<KillRunOutcome> {
    const random = this.o.random ?? Math.random;
    const began = Date.now();
    const killedAt: string[] = [];
    let kills = 0;
    // One kill in four falls during the submission (the rows' storage), when it is the first.
    let batchId: number | null = null;
    while (batchId === null) {
      const duringSubmission = kills < this.o.kills && random() < 0.25;
      const id = await this.submit(csv, duringSubmission ? Math.floor(random() * 1500) : null);
      if (!duringSubmission) batchId = id;
      else {
        kills++;
        killedAt.push('submission');
        await this.start();
        // Taken (or stored before the kill): that batch is carried on; else submitted again.
        const status = (await this.progress(Math.abs(id!))).status;
        if (status !== 'draft' && !status.startsWith('HTTP')) batchId = Math.abs(id!);
      }
    }
    while (kills < this.o.kills) {
      // Most kills fall when the batch has reached a random number of rows (in a chunk's screening
      // or its write), the others a random time after the start (its setup, the queue, the restart).
      const byRows = random() < 0.7;
      const target = Math.floor(random() * this.o.rows);
      const until = Date.now() + (byRows ? 600_000 : Math.floor(random() * this.maxDelayMs));
      let seen = await this.progress(batchId);
      while (Date.now() < until && ['Submitted', 'Pending', 'Processing'].includes(seen.status) && !(byRows && seen.rowsDone >= target)) {
        await pause(Math.min(byRows ? 15 : 50, Math.max(1, until - Date.now())));
        seen = await this.progress(batchId);
      }
      // Past its row target: a random moment of the next chunk's work.
      if (byRows) await pause(Math.floor(random() * 400));
      if (!['Submitted', 'Pending', 'Processing'].includes(seen.status)) {
        // Ended before the kill: a kill now falls on the completion's aftermath (or idle).
        killedAt.push(`after ${seen.status}`);
      } else killedAt.push(`${seen.status} ${seen.rowsDone}`);
      await this.kill();
      kills++;
      await this.start();
    }
    await this.waitEnd(batchId);
    return { batchId, kills, killedAt, wallMs: Date.now() - began };
  }
}

/** A batch's outcome read from its database (the server stopped): results per row, billing. */
export async function batchDigest(o: Pick<KillLoopOptions, 'dataDir' | 'databaseUrl'>, batchId: number): Promise<BatchDigest> {
  const database = await openDatabase(o.databaseUrl ? { url: o.databaseUrl } : { dataDir: o.dataDir });
  try {
    const q = async <T,>(text: string) => (await database.sql(text, [batchId])).rows as T[];
    const [batch] = await q<{ status: string; rows_done: number }>('SELECT status, rows_done FROM batches WHERE id = $1');
    const rows = new Map<number, string[]>();
    for (const r of await q<{ row_index: number; key: string }>("SELECT row_index, coalesce(source, '') || '|' || coalesce(source_record_id, '') || '|' || result_type AS key FROM batch_results WHERE batch_id = $1")) {
      rows.set(r.row_index, [...(rows.get(r.row_index) ?? []), r.key]);
    }
    for (const list of rows.values()) list.sort();
    const [usage] = await q<{ n: number; dupes: number }>('SELECT coalesce(sum(quantity), 0)::int AS n, (count(*) - count(DISTINCT (row_index, search_type)))::int AS dupes FROM usage_records WHERE batch_id = $1');
    const [dupes] = await q<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT row_index, source, source_record_id, result_type FROM batch_results WHERE batch_id = $1 GROUP BY 1, 2, 3, 4 HAVING count(*) > 1) d');
    return { status: batch.status, rowsDone: batch.rows_done, rows, billed: usage.n, usageDuplicates: usage.dupes, resultDuplicates: dupes.n };
  } finally {
    await database.close();
  }
}

/** The rows whose results differ between two batches (at most `limit` of them, described). */
export function digestDifferences(control: BatchDigest, run: BatchDigest, limit = 5): { rows: number; results: number; examples: string[] } {
  const all = new Set([...control.rows.keys(), ...run.rows.keys()]);
  let rows = 0;
  let results = 0;
  const examples: string[] = [];
  for (const row of [...all].sort((a, b) => a - b)) {
    const a = control.rows.get(row) ?? [];
    const b = run.rows.get(row) ?? [];
    if (a.join('\n') === b.join('\n')) continue;
    rows++;
    results += Math.abs(a.length - b.length) || 1;
    if (examples.length < limit) examples.push(`row ${row}: control ${a.length} results, run ${b.length}`);
  }
  return { rows, results, examples };
}
