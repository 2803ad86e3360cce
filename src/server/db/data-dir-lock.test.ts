import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { openDatabase } from './client';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the DATA_DIR lock', () => {
  it('refuses a second opener of the same folder, naming the holder', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        new RegExp(`in use by process ${process.pid} on ${hostname()}`),
      );
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('refuses while another live process holds it', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(
        path.join(dir, 'clearlist.lock'),
        JSON.stringify({ pid: child.pid, host: hostname(), startedAt: 'earlier', command: 'clearlist serve' }),
      );
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/clearlist serve/);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a process that died', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'clearlist.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), startedAt: 'x', command: 'x' }));
    const lock = acquireDataDirLock(dir);
    lock.release();
  });

  it('takes over a lock naming this process’s pid that this process did not take (a restarted container)', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'clearlist.lock'), JSON.stringify({ pid: process.pid, host: hostname(), startedAt: 'before the restart', command: 'clearlist serve' }));
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    acquireDataDirLock(dir).release();
  });
});
