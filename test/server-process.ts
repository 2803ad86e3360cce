/** The real server as a child process, for tests that stop, kill or restart it: a free port, start, a cookie client. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** A loopback port nothing listens on now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** `clearlist serve` (or `demo`) on the data folder and port, with `root` / `Harbor-lights-42` as first admin; resolves once it listens. */
export async function startServe(dataDir: string, port: number, env: Record<string, string> = {}, command: 'serve' | 'demo' = 'serve'): Promise<{ proc: ChildProcess; output: () => string }> {
  const proc = spawn(process.execPath, [path.join(root, 'bin/clearlist.mjs'), command], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'Harbor-lights-42', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  for (let i = 0; i < 1200 && !/Clearlist is running/.test(output); i++) await new Promise((r) => setTimeout(r, 100));
  if (!/Clearlist is running/.test(output)) throw new Error(`server did not start:\n${output}`);
  return { proc, output: () => output };
}

/** A tiny browser: the session and CSRF cookies, the token echoed on every call (the state-changing GETs need it too, ADR 026). */
export function cookieClient(base: string) {
  const cookies = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    headers.set('x-csrf-token', cookies.get('csrf') ?? '');
    const res = await fetch(base + url, { ...init, headers });
    for (const c of res.headers.getSetCookie()) {
      const [k, v] = c.split(';')[0].split('=');
      cookies.set(k, v);
    }
    return res;
  };
}
