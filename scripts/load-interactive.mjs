#!/usr/bin/env node
// A 30-second load on interactive search (issue: security hardening must not cost throughput):
// starts `clearlist demo` from a checkout (this one, or --root DIR) on a fresh data folder and a
// loopback port, signs the demo owner in, then keeps N connections busy with name and NPI
// searches for the given time and prints requests per second, latency percentiles and errors.
//   node scripts/load-interactive.mjs [--root DIR] [--seconds 30] [--connections 20]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const root = path.resolve(arg('root', '.'));
const seconds = Number(arg('seconds', '30'));
const connections = Number(arg('connections', '20'));
const port = 18_000 + Math.floor(Math.random() * 2_000);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-load-'));

const server = spawn(process.execPath, [path.join(root, 'bin/clearlist.mjs'), 'demo'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', LIST_UPDATE_SCHEDULE: 'off', BILLING_SCHEDULE: 'off' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

const cookies = new Map();
async function call(url, init = {}) {
  const headers = new Headers(init.headers);
  headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  headers.set('x-csrf-token', cookies.get('csrf') ?? '');
  const res = await fetch(base + url, { ...init, headers });
  for (const cookie of res.headers.getSetCookie()) {
    const [name, value] = cookie.split(';')[0].split('=');
    cookies.set(name, value);
  }
  return res;
}

async function waitForServer() {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/services/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer within 180 s');
}

const NAMES = [
  ['John', 'Smith'],
  ['Maria', 'Garcia'],
  ['James', 'Wang'],
  ['Linda', 'Davis'],
  ['Robert', 'Johnson'],
  ['Ana', 'Lopez'],
  ['William', 'Brown'],
  ['Jennifer', 'Miller'],
];
const NPIS = ['1234567893', '1003000126', '1245319599', '1922047729'];

try {
  await waitForServer();
  await call('/services/health');
  const login = await call('/services/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'owner', password: 'Demo-pass-2026' }) });
  if ((await login.json()) !== 'LOGIN_SUCCESSFUL') throw new Error('the demo owner could not log in');
  // Warm-up: the match index is built after start.
  for (let i = 0; i < 20; i++) await call(`/services/interactivesearch/name?firstName=John&lastName=Smith&matchingAlgorithm=Fuzzy`);

  const latencies = [];
  const errors = new Map();
  let done = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async (w) => {
    for (let i = w; performance.now() < end; i += connections) {
      const url =
        i % 5 === 4
          ? `/services/interactivesearch/npi/${NPIS[i % NPIS.length]}`
          : `/services/interactivesearch/name?firstName=${NAMES[i % NAMES.length][0]}&lastName=${NAMES[i % NAMES.length][1]}&matchingAlgorithm=${i % 2 ? 'Fuzzy' : 'Exact'}`;
      const started = performance.now();
      try {
        const res = await call(url);
        await res.arrayBuffer();
        // 422 MaxMatchesExceeded is an answer of the spec, not an error.
        if (!res.ok && res.status !== 422) errors.set(res.status, (errors.get(res.status) ?? 0) + 1);
      } catch (error) {
        errors.set(String(error.code ?? error.message), (errors.get(String(error.code ?? error.message)) ?? 0) + 1);
      }
      latencies.push(performance.now() - started);
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(`interactive search load: ${connections} connections, ${seconds} s, root ${root}`);
  console.log(`  requests ${done}, ${(done / seconds).toFixed(1)} req/s, p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, errors ${errorCount}${errorCount ? ` ${JSON.stringify(Object.fromEntries(errors))}` : ''}`);
  process.exitCode = errorCount ? 1 : 0;
} catch (error) {
  console.error(error.message);
  process.exitCode = 2;
} finally {
  stop();
}
