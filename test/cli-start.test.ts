/** The real command, as a user runs it: first start on an empty DATA_DIR, the setup link, the lock. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, root } from '#test/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-cli-'));
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
});

function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(root, 'bin/clearlist.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const waitFor = (pattern: RegExp, ms = 120_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = output.match(pattern);
        if (m) {
          clearInterval(timer);
          resolve(m);
        }
      }, 100);
      setTimeout(() => {
        clearInterval(timer);
        reject(new Error(`timed out waiting for ${pattern}; output:\n${output}`));
      }, ms);
    });
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, waitFor, exited, output: () => output };
}

describe('clearlist serve on an empty data folder (embedded database)', () => {
  it('prints a one-time setup link, refuses a second process on the same folder, and the link sets up the admin', async () => {
    const port = await freePort();
    const server = start(['serve'], { PORT: String(port), HOST: '127.0.0.1', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
    const [, token] = await server.waitFor(/\/setup\/([A-Za-z0-9_-]+)/);
    await server.waitFor(/Clearlist is running at/);

    const second = start(['serve'], { PORT: String(await freePort()), HOST: '127.0.0.1' });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(new RegExp(`in use by process ${server.child.pid}`));

    const base = `http://127.0.0.1:${port}`;
    const body = { token, username: 'firstadmin', email: 'admin@example.test', firstName: 'First', lastName: 'Admin', password: 'Harbor-lights-42' };
    const res = await fetch(`${base}/services/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    const login = await fetch(`${base}/services/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'firstadmin', password: 'Harbor-lights-42' }),
    });
    expect(await login.json()).toBe('LOGIN_SUCCESSFUL');
    // `serve` loads no synthetic sample (ADR 114): on an empty folder no list is loaded yet.
    const lists = (await (await fetch(`${base}/services/lists`)).json()) as { source: string; records: number; version: number | null }[];
    expect(lists.find((l) => l.source === 'leie')).toMatchObject({ records: 0, version: null });
    expect(lists.every((l) => l.version === null)).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
