/**
 * `clearlist serve` on a small, full DATA_DIR (issue 53 §4, ADR 112), on real tmpfs volumes: the
 * start says what is wrong and what to do, and exits 1; never `[object Object]` nor a bare failed query.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStartError } from '#server/http/disk-space';
import { openDatabase } from '#server/db/client';
import { freePort, root } from '#test/server-process';

const mounts: string[] = [];
/** A tmpfs of `megabytes`, or null where mounting is not permitted (needs root). */
function smallVolume(megabytes: number): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), `clearlist-${megabytes}mb-`));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'ignore' });
    mounts.push(dir);
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}
const canMount = (() => {
  const probe = smallVolume(1);
  if (!probe) console.warn('disk-full-start.test: cannot mount a tmpfs (needs root): skipped');
  return probe !== null;
})();
afterAll(() => {
  for (const dir of mounts) {
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

async function serve(dataDir: string): Promise<{ code: number | null; output: string }> {
  const proc = spawn(process.execPath, [path.join(root, 'bin/clearlist.mjs'), 'serve'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (d) => (output += d));
  proc.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
  return { code, output };
}

describe.skipIf(!canMount)('a start on a small DATA_DIR', () => {
  it.each([4, 40])('on %i MB says how much is free and what Clearlist needs, and exits 1', async (megabytes) => {
    const volume = smallVolume(megabytes)!;
    const { code, output } = await serve(path.join(volume, 'data'));
    expect(code).toBe(1);
    expect(output.trim()).toMatch(new RegExp(`^DATA_DIR ${volume}/data has (${megabytes - 1}|${megabytes}) MB free; Clearlist needs at least 100 MB free to start`));
    expect(output).toContain('Free space on that disk, or set DATA_DIR to a folder on a larger one.');
    expect(output).not.toMatch(/\[object Object\]|Failed query/);
  }, 60_000);

  it('words the database failing on a disk that fills during the start (what 40 MB printed as "Failed query: CREATE UNIQUE INDEX …")', async () => {
    const volume = smallVolume(40)!;
    const error = await (async () => {
      const database = await openDatabase({ dataDir: path.join(volume, 'db') });
      try {
        await database.migrate();
      } finally {
        await database.close().catch(() => undefined);
      }
    })().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(await describeStartError(error, volume)).toMatch(/^The disk is full: DATA_DIR \S+ has \d+ MB free space left, and Clearlist needs at least 100 MB free to start\./);
  }, 120_000);
});
