/**
 * Bench: the public API's screening throughput with about 1,000,000 list records loaded
 * (issue 17: single-subject p95 ≤ 25 ms at the server, ≥ 3,000 subjects/s with 1,000 per
 * request). Same records as the interactive-search bench; a real key over HTTP; server time
 * is Fastify's own (onResponse elapsedTime).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createApp } from '#server/app';
import type { AppContext } from '#server/app-context';
import { createLogger } from '#server/logger';
import { testConfig } from '#server/config';
import { clients } from '#server/db/schema';
import { createMailer } from '#server/mail/mailer';
import { createIndexStore } from '#server/screening/index-store';
import { createUser } from '#test/factories';
import { openBenchDatabase } from './bench-db';
import { HttpClient } from './http-client';
import { EXCLUSION_RECORDS, loadRecords, NPPES_RECORDS, OPTOUT_RECORDS } from './interactive-search';
import { figure, peakRssMiB, percentile, type Figure } from './measure';
import { profiled } from './phase-profile';

const SINGLE_REQUESTS = 400;
const BULK_REQUESTS = 5;
const BULK_SIZE = 1000;

export async function benchPublicApi(): Promise<Figure[]> {
  const { database, dispose } = await openBenchDatabase('pglite');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-api-'));
  const config = testConfig({ dataDir, apiRequestsPerMinute: 1_000_000 });
  const ctx: AppContext = { db: database.db, database, config, mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }), log: createLogger({ level: config.logLevel }), jobs: null, now: () => new Date() };
  try {
    const loaded = await loadRecords(ctx);
    // INDEX_PARTS=one|sources picks the index's form (ADR 077 compares them); the store's default otherwise.
    ctx.screening = await createIndexStore(database.db, { parts: process.env.INDEX_PARTS === 'sources' || process.env.INDEX_PARTS === 'one' ? process.env.INDEX_PARTS : undefined });
    const app = await createApp(ctx);
    const serverMs = { single: [] as number[], bulk: [] as number[] };
    // CPU time of the whole process (worker threads and the embedded database included) from a
    // request's arrival to its answer: the client sends one request at a time, so it is the request's own.
    const serverCpuMs = { single: [] as number[], bulk: [] as number[] };
    const cpuAtStart = new WeakMap<object, NodeJS.CpuUsage>();
    app.addHook('onRequest', async (request) => {
      cpuAtStart.set(request, process.cpuUsage());
    });
    app.addHook('onResponse', async (request, reply) => {
      const used = process.cpuUsage(cpuAtStart.get(request));
      const cpuMs = (used.user + used.system) / 1000;
      if (request.url === '/api/v1/searches/name') {
        serverMs.single.push(reply.elapsedTime);
        serverCpuMs.single.push(cpuMs);
      }
      // Only the measured bulk requests (the warm-up's answer may finish after the measuring starts).
      if (request.url === '/api/v1/screenings' && request.headers['x-bench-measured'] === '1') {
        serverMs.bulk.push(reply.elapsedTime);
        serverCpuMs.bulk.push(cpuMs);
      }
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const user = await createUser(database.db, { roles: ['paying_user', 'name_search_user', 'npi_search_user', 'api_user'] });
      await database.db.update(clients).set({ searchOptions: ['NAME', 'NPI', 'OFAC'] }).where(eq(clients.id, user.clientId));
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const session = new HttpClient(base);
      await session.login(user.username, user.password);
      const { secret } = (await session.postJson('/services/apikeys', { name: 'bench' })) as { secret: string };
      const post = async (url: string, body: unknown, measured = true) => {
        const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json', 'x-bench-measured': measured ? '1' : '0' };
        const res = await fetch(base + url, { method: 'POST', headers, body: JSON.stringify(body) });
        // More than 100 matches (a common name) is an answer too (422).
        if (!res.ok && res.status !== 422) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
        await res.arrayBuffer();
      };
      const nameOf = (i: number) => loaded.names[i % loaded.names.length];
      for (let i = 0; i < 20; i++) await post('/api/v1/searches/name', { ...nameOf(i) });
      serverMs.single.length = 0;
      serverCpuMs.single.length = 0;
      const singleStarted = performance.now();
      await profiled('public-api-single', async () => {
        for (let i = 0; i < SINGLE_REQUESTS; i++) await post('/api/v1/searches/name', { ...nameOf(i), matchingAlgorithm: i % 4 === 0 ? 'Fuzzy' : 'Exact' });
      });
      const singleSeconds = (performance.now() - singleStarted) / 1000;
      const subjects = (offset: number) =>
        Array.from({ length: BULK_SIZE }, (_, i) =>
          i % 10 === 9 ? { type: 'npi', npi: loaded.npis[(offset + i) % loaded.npis.length] } : { type: 'person', ...nameOf(offset + i) },
        );
      // One request first, unmeasured (like the single searches' warm-up: starts the screening workers).
      await post('/api/v1/screenings', { subjects: subjects(BULK_REQUESTS * BULK_SIZE) }, false);
      const bulkStarted = performance.now();
      await profiled('public-api-bulk', async () => {
        for (let r = 0; r < BULK_REQUESTS; r++) await post('/api/v1/screenings', { subjects: subjects(r * BULK_SIZE) });
      });
      const bulkSeconds = (performance.now() - bulkStarted) / 1000;
      const single = serverMs.single.sort((a, b) => a - b);
      const bulk = serverMs.bulk.sort((a, b) => a - b);
      const bulkServerSeconds = bulk.reduce((a, b) => a + b, 0) / 1000;
      const total = EXCLUSION_RECORDS + NPPES_RECORDS + OPTOUT_RECORDS;
      return [
        figure(`Public API: ${total.toLocaleString('en-US')} list records loaded`, loaded.ms / 1000, 's'),
        figure(`Single-subject POST /api/v1/searches/name, one client in sequence (${single.length} requests, 1 in 4 fuzzy)`, SINGLE_REQUESTS / singleSeconds, 'req/s'),
        figure('Single-subject server time p50', percentile(single, 50), 'ms'),
        figure('Single-subject server time p95', percentile(single, 95), 'ms', { max: 25, text: '≤ 25 ms' }),
        figure('Single-subject server CPU time per request, p50 (process, all threads)', percentile(serverCpuMs.single.sort((a, b) => a - b), 50), 'ms'),
        figure('Single-subject server CPU time per request, p95', percentile(serverCpuMs.single, 95), 'ms'),
        figure(`Bulk POST /api/v1/screenings, ${BULK_SIZE} subjects a request (9 in 10 names, 1 in 10 NPIs), by server time`, (BULK_REQUESTS * BULK_SIZE) / bulkServerSeconds, 'subjects/s', {
          min: 3000,
          text: '≥ 3,000 subjects/s',
        }),
        figure('Bulk, by client wall time (answer transfer and parsing included)', (BULK_REQUESTS * BULK_SIZE) / bulkSeconds, 'subjects/s'),
        figure('Bulk server time p50 per 1,000-subject request', percentile(bulk, 50), 'ms'),
        figure('Bulk server CPU time p50 per 1,000-subject request (process, all threads)', percentile(serverCpuMs.bulk.sort((a, b) => a - b), 50), 'ms'),
        figure(`Machine load average during the run (${cpus().length} cores, shared)`, loadavg()[0], ''),
        figure('Public API bench peak memory', peakRssMiB(), 'MiB'),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
