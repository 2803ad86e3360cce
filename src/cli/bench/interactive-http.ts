/**
 * Bench: interactive name search over HTTP under load (issue 21: 20 concurrent signed-in clients,
 * ≥ 300 requests/s on two cores, p99 ≤ 100 ms, every search recorded and billed once).
 *
 * Method: the same ~1,000,000 list records as the interactive-search bench are written to the
 * database and indexed; the real app listens on a loopback port in this process. Twenty users
 * of four paying clients sign in (one session each). A child process (`load-clients.mjs`, so its
 * CPU is not counted as the server's) keeps the twenty sessions busy with name searches, one
 * request at a time per session, for CLEARLIST_BENCH_SECONDS (default 30): names taken from the
 * lists and names on none of them, one in four fuzzy. Requests per second and latency are the
 * client's (fetch to the last byte). The server's CPU per request is this process's CPU time
 * (all threads: the embedded database runs here) over the load, divided by the answers; on
 * PostgreSQL the database server's processes are added (read from /proc). Afterwards the
 * stored searches and usage records of the four clients are counted against the answers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import { seededRandom, syntheticFirstName, syntheticSurname } from '#engine/synthetic-records';
import { createApp } from '#server/app';
import type { AppContext } from '#server/app-context';
import { createLogger } from '#server/logger';
import { testConfig } from '#server/config';
import { interactiveSearches, usageRecords } from '#server/db/schema';
import { createMailer } from '#server/mail/mailer';
import { createIndexStore } from '#server/screening/index-store';
import { createClient, createUser } from '#test/factories';
import { openBenchDatabase } from './bench-db';
import { EXCLUSION_RECORDS, loadRecords, NPPES_RECORDS, OPTOUT_RECORDS } from './interactive-search';
import { figure, peakRssMiB, percentile, type Figure } from './measure';
import { profiled } from './phase-profile';
import { databaseServerCpuMs } from './postgres-cpu';

const CLIENTS = 4;
const USERS_PER_CLIENT = 5;
const SEED = 77;

interface LoadResult {
  elapsedMs: number;
  latencies: number[];
  statuses: Record<string, number>;
  searchIds: number[];
  errors: Record<string, number>;
}

/** Signs a user in with plain fetch; answers the cookie header and the CSRF token of the session. */
async function signIn(base: string, username: string, password: string): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`${base}/services/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if ((await res.json()) !== 'LOGIN_SUCCESSFUL') throw new Error(`${username} could not sign in`);
  const cookies = new Map(res.headers.getSetCookie().map((c) => c.split(';')[0].split('=') as [string, string]));
  const csrf = cookies.get('csrf') ?? '';
  return { cookie: `sid=${cookies.get('sid')}; csrf=${csrf}`, csrf };
}

function runLoad(plan: object): Promise<LoadResult> {
  const script = fileURLToPath(new URL('./load-clients.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, JSON.stringify(plan)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`the load generator exited with ${code}`))));
  });
}

function queriesOf(names: { firstName: string; lastName: string }[]): string[] {
  const rnd = seededRandom(SEED);
  const urls: string[] = [];
  for (let i = 0; i < 1000; i++) {
    // Two in three names are on a list; the others are made up (most answer "No match").
    const n = i % 3 === 2 ? { firstName: syntheticFirstName(rnd), lastName: `${syntheticSurname(rnd)}${syntheticSurname(rnd).slice(0, 3).toLowerCase()}` } : names[i % names.length];
    const matchingAlgorithm = i % 4 === 0 ? 'Fuzzy' : 'Exact';
    urls.push(`/services/interactivesearch/name?${new URLSearchParams({ ...n, matchingAlgorithm })}`);
  }
  return urls;
}

export async function benchInteractiveHttp(kind: 'pglite' | 'postgres'): Promise<Figure[]> {
  const { database, dispose } = await openBenchDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-http-'));
  const config = testConfig({ dataDir });
  const ctx: AppContext = { db: database.db, database, config, mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }), log: createLogger({ level: 'warn' }), jobs: null, now: () => new Date() };
  try {
    const loaded = await loadRecords(ctx);
    ctx.screening = await createIndexStore(database.db);
    const app = await createApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const clientIds: number[] = [];
      const sessions: { cookie: string; csrf: string }[] = [];
      for (let c = 0; c < CLIENTS; c++) {
        const client = await createClient(database.db, { searchOptions: ['NAME', 'NPI', 'OFAC'], teamType: 'MULTI_TEAM' });
        clientIds.push(client.id);
        for (let u = 0; u < USERS_PER_CLIENT; u++) {
          const user = await createUser(database.db, { clientId: client.id, roles: ['paying_user', 'name_search_user', 'npi_search_user'] });
          sessions.push(await signIn(base, user.username, user.password));
        }
      }
      const queries = queriesOf(loaded.names);
      // Warm-up (compiled paths, caches of list versions), not counted.
      await runLoad({ base, seconds: 3, clients: sessions, queries: queries.slice(500) });
      const before = await countsOf(ctx, clientIds);
      const seconds = Number(process.env.CLEARLIST_BENCH_SECONDS ?? 30);
      const cpuBefore = process.cpuUsage();
      const dbCpuBefore = kind === 'postgres' ? await databaseServerCpuMs(ctx) : 0;
      const load = await profiled(`interactive-http-${kind}`, () => runLoad({ base, seconds, clients: sessions, queries }));
      const cpu = process.cpuUsage(cpuBefore);
      const dbCpuMs = kind === 'postgres' ? (await databaseServerCpuMs(ctx)) - dbCpuBefore : 0;
      const after = await countsOf(ctx, clientIds);
      const answered = load.latencies.length;
      const ok = load.statuses['200'] ?? 0;
      const sorted = [...load.latencies].sort((a, b) => a - b);
      const stored = after.searches - before.searches;
      const billed = after.usage - before.usage;
      const distinct = new Set(load.searchIds).size;
      const serverCpuMs = (cpu.user + cpu.system) / 1000;
      const failures = Object.entries(load.statuses).filter(([s]) => s !== '200' && s !== '422');
      const errorCount = Object.values(load.errors).reduce((a, b) => a + b, 0) + failures.reduce((a, [, n]) => a + n, 0);
      return [
        figure(`HTTP name search (${kind}): ${(EXCLUSION_RECORDS + NPPES_RECORDS + OPTOUT_RECORDS).toLocaleString('en-US')} records, ${sessions.length} signed-in clients, ${seconds} s`, answered / (load.elapsedMs / 1000), 'req/s', { min: 300, text: '≥ 300 req/s' }),
        figure(`HTTP name search (${kind}) latency p50`, percentile(sorted, 50), 'ms'),
        figure(`HTTP name search (${kind}) latency p95`, percentile(sorted, 95), 'ms'),
        figure(`HTTP name search (${kind}) latency p99`, percentile(sorted, 99), 'ms', { max: 100, text: '≤ 100 ms' }),
        figure(`HTTP name search (${kind}) server process CPU per request (all its threads)`, serverCpuMs / answered, 'ms'),
        ...(kind === 'postgres' ? [figure('HTTP name search (postgres) database server CPU per request', dbCpuMs / answered, 'ms')] : []),
        figure(`HTTP name search (${kind}) answers 200 (${load.statuses['422'] ?? 0} answered MaxMatchesExceeded, ${errorCount} errors)`, ok, ''),
        figure(`HTTP name search (${kind}) searches stored / answered 200 (distinct ids ${distinct})`, stored / Math.max(1, ok), '', { min: 1, max: 1, text: '= 1' }),
        figure(`HTTP name search (${kind}) usage records / answered 200`, billed / Math.max(1, ok), '', { min: 1, max: 1, text: '= 1' }),
        figure(`Machine load average at the end (${cpus().length} cores)`, loadavg()[0], ''),
        figure(`HTTP name search (${kind}) peak memory of the server process`, peakRssMiB(), 'MiB'),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function countsOf(ctx: AppContext, clientIds: number[]): Promise<{ searches: number; usage: number }> {
  const [s] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(interactiveSearches).where(inArray(interactiveSearches.clientId, clientIds));
  const [u] = await ctx.db.select({ n: sql<number>`coalesce(sum(${usageRecords.quantity}), 0)::int` }).from(usageRecords).where(inArray(usageRecords.clientId, clientIds));
  return { searches: s.n, usage: u.n };
}
