/**
 * The long kill loop (issue 50): `npx tsx scripts/kill-loop.ts [runs] [rows] [kills]`. Screens a
 * roster with known matches once as the control, then `runs` times with `kills` SIGKILLs of the
 * real server each, and prints how many runs differed from the control (row for row) or billed
 * other than once. KILL_LOOP_DATABASE_URL runs the server on PostgreSQL instead of PGlite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { batchDigest, digestDifferences, KillLoop, killLoopRoster } from '../test/kill-loop-harness';

const [runs = 5, rows = 20_000, kills = 4] = process.argv.slice(2).map(Number);
const databaseUrl = process.env.KILL_LOOP_DATABASE_URL || undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-kill-loop-'));
const loop = new KillLoop({ dataDir, rows, kills, maxDelayMs: 0, databaseUrl, env: { BATCH_CHUNK_ROWS: process.env.BATCH_CHUNK_ROWS ?? '1000' } });
const csv = killLoopRoster(rows);
let differing = 0;
let killsMade = 0;
const extra: number[] = [];
try {
  await loop.start();
  const began = Date.now();
  const controlId = await loop.control(csv);
  const controlMs = Date.now() - began;
  // A kill by time falls in the first part of a batch (its setup and first chunks).
  loop.maxDelayMs = Number(process.env.KILL_LOOP_MAX_DELAY_MS ?? Math.round(controlMs * 0.3));
  await loop.stop();
  const control = await batchDigest({ dataDir, databaseUrl }, controlId);
  console.log(`control: batch ${controlId}, ${rows} rows, ${control.rows.size} rows with results, ${controlMs} ms, billed ${control.billed}`);
  for (let run = 1; run <= runs; run++) {
    await loop.start();
    const outcome = await loop.killed(csv);
    await loop.stop();
    killsMade += outcome.kills;
    const digest = await batchDigest({ dataDir, databaseUrl }, outcome.batchId);
    const diff = digestDifferences(control, digest);
    const wrong = digest.status !== 'Completed' || diff.rows > 0 || digest.billed !== control.billed || digest.usageDuplicates > 0 || digest.resultDuplicates > 0;
    if (wrong) differing++;
    extra.push((outcome.wallMs - controlMs) / outcome.kills);
    console.log(`run ${run}: batch ${outcome.batchId} ${digest.status}, kills at [${outcome.killedAt.join('; ')}], ${outcome.wallMs} ms; rows differing ${diff.rows}, billed ${digest.billed}, duplicate results ${digest.resultDuplicates}${wrong ? ' DIFFERS ' + diff.examples.join('; ') : ''}`);
  }
  const mean = extra.reduce((a, b) => a + b, 0) / Math.max(1, extra.length);
  console.log(`kill loop: ${runs} runs, ${killsMade} kills, ${differing} runs differing from the control; a kill cost ${Math.round(mean)} ms of wall time on average (${rows} rows)`);
} finally {
  await loop.kill();
  if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(differing ? 1 : 0);
