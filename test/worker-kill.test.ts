/**
 * Scale-out on PostgreSQL (issue 21, ADR 063): two real `clearlist worker` processes share a
 * batch; one is killed with SIGKILL while it holds a chunk. The other hands that chunk back once
 * the dead one's heartbeat is DEAD_MS old, pg-boss retries it, and the batch completes with one
 * result set per row and one charge per search: nothing lost, nothing doubled.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMissingSamples } from '#server/lists/samples';
import type { RunningJob } from '#server/jobs/heartbeat';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn, startQueue, submitBatch } from '#test/batches';
import { createUser } from '#test/factories';
import { root } from '#test/server-process';

const url = process.env.DATABASE_URL;
const ROWS = 6000;
const CHUNK_ROWS = 100;
const children: ChildProcess[] = [];
let t: TestApp;

beforeAll(async () => {
  if (!url) return;
  t = await createTestApp();
  await startQueue(t);
  await importMissingSamples(t.ctx.db, new Date());
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await t?.ctx.jobs?.stop();
  await t?.close();
});

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, 'bin/clearlist.mjs'), 'worker'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: t.databaseUrl, DATA_DIR: t.ctx.config.dataDir, BATCH_CHUNK_ROWS: String(CHUNK_ROWS), BATCH_SCREEN_WORKERS: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL' && signal !== 'SIGTERM' && code !== 0) console.error(`worker exited with ${code}:\n${output.slice(-3000)}`);
  });
  children.push(child);
  return child;
}

const rowsOf = async <T,>(query: ReturnType<typeof sql>) => ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!url)('a clearlist worker killed with SIGKILL while it holds a chunk', () => {
  it('loses nothing: another worker retries its chunk and the batch completes once per row', async () => {
    const user = await createUser(t.ctx.db, { roles: ['name_search_user'] });
    const agent = await signedIn(t, user);
    const victim = startWorker();
    const survivor = startWorker();
    const lines = ['First Name,Last Name'];
    for (let i = 0; i < ROWS; i++) lines.push(i % 50 === 0 ? 'Christopher,Davis' : `Person${i},Example${i}`);
    const batchId = await submitBatch(agent, lines.join('\n'));

    // Freeze the victim while its heartbeat row lists a chunk of the batch, and kill it if pg-boss
    // still has that chunk active (else it had just finished it: let it go on and look again).
    let held: RunningJob | undefined;
    for (let i = 0; i < 6000 && !held; i++) {
      const [row] = await rowsOf<{ running: RunningJob[] }>(sql`SELECT running FROM queue_workers WHERE pid = ${victim.pid}`);
      const job = row?.running.find((j) => j.name === 'batches.screen-chunk' && j.batchId === batchId && j.jobId);
      if (job) {
        victim.kill('SIGSTOP');
        const [state] = await rowsOf<{ state: string }>(sql`SELECT state FROM pgboss.job WHERE id = ${job.jobId}::uuid`);
        if (state?.state === 'active') {
          victim.kill('SIGKILL');
          held = job;
          break;
        }
        victim.kill('SIGCONT');
      }
      await pause(10);
    }
    expect(held, 'the victim was never caught holding a chunk').toBeDefined();
    await new Promise((r) => (victim.exitCode !== null || victim.signalCode ? r(null) : victim.once('exit', r)));

    let status = '';
    for (let i = 0; i < 1500 && status !== 'Completed'; i++) {
      await pause(100);
      [{ status }] = await rowsOf<{ status: string }>(sql`SELECT status FROM batches WHERE id = ${batchId}`);
    }
    expect(status).toBe('Completed');
    expect(survivor.exitCode).toBeNull();

    // The dead worker's job was failed by the survivor and retried, once. The batch is marked
    // Completed inside the job, a moment before the queue marks the job completed: waited for.
    let job = { state: '', retry_count: -1 };
    for (let i = 0; i < 100 && job.state !== 'completed'; i++) {
      if (i > 0) await pause(100);
      [job] = await rowsOf<{ state: string; retry_count: number }>(sql`SELECT state, retry_count FROM pgboss.job WHERE id = ${held!.jobId}::uuid`);
    }
    expect(job.state).toBe('completed');
    expect(job.retry_count).toBe(1);
    const [chunk] = await rowsOf<{ status: string; attempts: number }>(sql`SELECT status, attempts FROM batch_chunks WHERE batch_id = ${batchId} AND chunk_index = ${held!.chunkIndex}`);
    // The killed attempt counts when the victim had begun screening (not when it died before).
    expect(chunk.status).toBe('done');
    expect([1, 2]).toContain(chunk.attempts);

    const [usage] = await rowsOf<{ n: number; records: number; d: number }>(sql`SELECT coalesce(sum(quantity), 0)::int AS n, count(*)::int AS records, count(DISTINCT (row_index, search_type))::int AS d FROM usage_records WHERE batch_id = ${batchId}`);
    // One usage record per chunk and search type (unique key), carrying the chunk's rows.
    expect(usage).toEqual({ n: ROWS, records: ROWS / CHUNK_ROWS, d: ROWS / CHUNK_ROWS });
    const [dupes] = await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT row_index, source, source_record_id FROM batch_results WHERE batch_id = ${batchId} GROUP BY 1, 2, 3 HAVING count(*) > 1) d`);
    expect(dupes.n).toBe(0);
    const [hits] = await rowsOf<{ n: number }>(sql`SELECT count(DISTINCT row_index)::int AS n FROM batch_results WHERE batch_id = ${batchId} AND result_type = 'exclusions'`);
    expect(hits.n).toBe(ROWS / 50);
    const [progress] = await rowsOf<{ rows_done: number }>(sql`SELECT rows_done FROM batches WHERE id = ${batchId}`);
    expect(progress.rows_done).toBe(ROWS);
  }, 240_000);
});
