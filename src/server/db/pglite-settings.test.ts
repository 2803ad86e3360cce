import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { root } from '#test/server-process';
import { openDatabase } from './client';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-settings-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const show = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  (await database.sql(`SELECT current_setting('shared_buffers') AS shared, current_setting('wal_buffers') AS wal, current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS sync, current_setting('full_page_writes') AS fpw`)).rows[0];

describe("PGlite's settings (ADR 090)", () => {
  it('gives a database in a folder WAL buffers for a batch write, the shared buffers and commit settings unchanged', async () => {
    const database = await openDatabase({ dataDir: tempDir() });
    try {
      expect(await show(database)).toEqual({ shared: '128MB', wal: '64MB', fsync: 'off', sync: 'on', fpw: 'on' });
    } finally {
      await database.close();
    }
  });

  it("keeps PGlite's defaults in memory (tests)", async () => {
    const database = await openDatabase({});
    try {
      expect(await show(database)).toMatchObject({ shared: '128MB', wal: '4MB', sync: 'on' });
    } finally {
      await database.close();
    }
  });

  it('loses no committed statement when the process is killed', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/pglite-commit-kill-child.ts', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
    expect(signal).toBe('SIGKILL');
    expect(out).toContain('committed');
    const database = await openDatabase({ dataDir });
    try {
      const { rows } = await database.sql('SELECT count(*)::int AS n, count(DISTINCT v)::int AS distinct_values FROM written');
      expect(rows[0]).toEqual({ n: 40_000, distinct_values: 40_000 });
    } finally {
      await database.close();
    }
  }, 120_000);
});
