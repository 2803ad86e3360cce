/**
 * The bounded kill loop (issue 50): the real server SIGKILLed four times at random moments of a
 * batch (its submission, the screening on the threads, a chunk's write, the completion), started
 * again on the same data folder each time; the batch's results equal a control run's row for row
 * and it is billed once. On PostgreSQL (`npm run test:pg`) the server runs on a database of its own.
 * The long run is `npx tsx scripts/kill-loop.ts` (README).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './app';
import { batchDigest, digestDifferences, KillLoop, killLoopRoster } from './kill-loop-harness';

const ROWS = 3000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-kill-loop-'));
let loop: KillLoop | undefined;
let drop: (() => Promise<void>) | undefined;

afterAll(async () => {
  await loop?.kill();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A seeded generator, so that a failing run can be told apart by its seed. */
function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('a batch whose server is killed again and again', () => {
  it('ends with the control’s results row for row, billed once', async () => {
    let databaseUrl: string | undefined;
    if (process.env.DATABASE_URL) {
      const made = await createTestDatabase();
      databaseUrl = made.url;
      // Its pool stays open (idle) until the database is dropped, which closes it.
      drop = made.drop;
    }
    const seed = Date.now() % 100_000;
    // Chunks of 500 rows: each is screened on the threads, and the first ones are begun by the submission (ADR 107).
    loop = new KillLoop({ dataDir, rows: ROWS, kills: 4, maxDelayMs: 2500, databaseUrl, env: { BATCH_CHUNK_ROWS: '500' }, random: seeded(seed) });
    const csv = killLoopRoster(ROWS);
    await loop.start();
    const controlId = await loop.control(csv);
    await loop.stop();
    const control = await batchDigest({ dataDir, databaseUrl }, controlId);
    expect(control.rows.size).toBeGreaterThan(ROWS / 10);

    await loop.start();
    const run = await loop.killed(csv);
    await loop.stop();
    const digest = await batchDigest({ dataDir, databaseUrl }, run.batchId);
    const diff = digestDifferences(control, digest);
    const about = `seed ${seed}, kills at ${run.killedAt.join('; ')}: ${diff.examples.join('; ')}`;
    expect(run.kills, about).toBe(4);
    expect(digest.status, about).toBe('Completed');
    expect(digest.rowsDone, about).toBe(ROWS);
    expect(diff.rows, about).toBe(0);
    expect(digest.billed, about).toBe(control.billed);
    expect(digest.usageDuplicates, about).toBe(0);
    expect(digest.resultDuplicates, about).toBe(0);
  }, 600_000);
});
