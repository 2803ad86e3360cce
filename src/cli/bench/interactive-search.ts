/**
 * Bench: interactive name and NPI searches with about 1,000,000 list records loaded (issue:
 * server time p95 < 50 ms). Synthetic records are written to `list_records` as active
 * versions of their sources (plus NPPES and opt-out records for the NPI search), the index
 * store builds from the database as the server does, and the real app answers a signed-in
 * user over HTTP; the server time of each answer is Fastify's own (onResponse elapsedTime).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { emptyListRecord, type ListRecord, type SourceId } from '#shared/list-record';
import { storedRecordJson } from '#lists/core/stored-record';
import { seededRandom, syntheticDob, syntheticFirstName, syntheticNpi, syntheticRecords, syntheticSurname } from '#engine/synthetic-records';
import { createApp } from '#server/app';
import type { AppContext } from '#server/app-context';
import { createLogger } from '#server/logger';
import { testConfig } from '#server/config';
import { clients, listVersions } from '#server/db/schema';
import { bulkWriterFor } from '#server/lists/bulk-writer';
import { copyLine } from '#server/lists/copy-batch';
import { createMailer } from '#server/mail/mailer';
import { createIndexStore } from '#server/screening/index-store';
import { nameSourcesFor } from '#server/interactive/name-search';
import { screen } from '#engine/screen';
import { createUser } from '#test/factories';
import { openBenchDatabase } from './bench-db';
import { HttpClient } from './http-client';
import { figure, peakRssMiB, percentile, type Figure } from './measure';

export const EXCLUSION_RECORDS = 850_000;
export const NPPES_RECORDS = 130_000;
export const OPTOUT_RECORDS = 20_000;
const SEARCHES = 400;
const SEED = 42;

/** NPPES directory entries and opt-out affidavits, some sharing NPIs with the exclusion records. */
function* directoryRecords(source: 'nppes' | 'optout', n: number, seed: number, sharedNpis: string[]): Generator<ListRecord> {
  const rnd = seededRandom(seed);
  for (let i = 0; i < n; i++) {
    const npi = i % 4 === 0 && sharedNpis.length ? sharedNpis[i % sharedNpis.length] : syntheticNpi(rnd);
    const r = emptyListRecord(source, `${source}-${npi}-${i}`, 'person');
    Object.assign(r, { npi, firstName: syntheticFirstName(rnd), lastName: syntheticSurname(rnd), dateOfBirth: syntheticDob(rnd), state: 'NY' });
    if (source === 'nppes') {
      r.extra.entityTypeCode = '1';
      if (i % 50 === 0) r.extra.deactivationDate = '2020-01-01';
    } else r.exclusionDate = '2024-01-01';
    yield r;
  }
}

/** Writes the records as one active version per source; answers the sample the searches use. */
export async function loadRecords(ctx: AppContext): Promise<{ names: { firstName: string; lastName: string }[]; npis: string[]; ms: number }> {
  const started = performance.now();
  const writer = bulkWriterFor(ctx.db);
  if (!writer) throw new Error('no COPY writer for this database');
  const versions = new Map<SourceId, number>();
  const counts = new Map<number, number>();
  const versionOf = async (source: SourceId) => {
    let id = versions.get(source);
    if (id === undefined) {
      const [row] = await ctx.db
        .insert(listVersions)
        .values({ source, status: 'active', mode: 'full', origin: 'import', fileNames: ['bench'], fileSha256: ['-'], fileSizes: [0], fetchedAt: new Date(), asOf: '2026-04-01', activatedAt: new Date() })
        .returning({ id: listVersions.id });
      id = row.id;
      versions.set(source, id);
    }
    return id;
  };
  const names: { firstName: string; lastName: string }[] = [];
  const npis: string[] = [];
  let lines: string[] = [];
  const flush = async () => {
    if (lines.length && !(await writer.copy(Buffer.from(lines.join(''))))) throw new Error('duplicate record id in the bench data');
    lines = [];
  };
  const write = async (r: ListRecord) => {
    const versionId = await versionOf(r.source);
    counts.set(versionId, (counts.get(versionId) ?? 0) + 1);
    lines.push(copyLine(versionId, r.sourceRecordId, storedRecordJson(r)));
    if (lines.length >= 20_000) await flush();
  };
  let i = 0;
  for (const r of syntheticRecords(EXCLUSION_RECORDS, SEED)) {
    if (i++ % 997 === 0 && r.kind === 'person' && r.firstName && r.lastName) names.push({ firstName: r.firstName, lastName: r.lastName });
    if (r.npi && npis.length < 2000 && i % 13 === 0) npis.push(r.npi);
    await write(r);
  }
  for (const r of directoryRecords('nppes', NPPES_RECORDS, SEED + 1, npis)) await write(r);
  for (const r of directoryRecords('optout', OPTOUT_RECORDS, SEED + 2, npis)) await write(r);
  await flush();
  for (const [id, records] of counts) await ctx.db.update(listVersions).set({ records, rowsLoaded: records }).where(eq(listVersions.id, id));
  return { names, npis, ms: performance.now() - started };
}

export async function benchInteractiveSearch(): Promise<Figure[]> {
  const { database, dispose } = await openBenchDatabase('pglite');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-interactive-'));
  const config = testConfig({ dataDir });
  const ctx: AppContext = { db: database.db, database, config, mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }), log: createLogger({ level: config.logLevel }), jobs: null, now: () => new Date() };
  try {
    const loaded = await loadRecords(ctx);
    const buildStarted = performance.now();
    // INDEX_PARTS=sources measures the index in parts (ADR 068, 070); the server's default otherwise.
    ctx.screening = await createIndexStore(database.db, { parts: process.env.INDEX_PARTS === 'sources' ? 'sources' : 'one' });
    const buildMs = performance.now() - buildStarted;
    const app = await createApp(ctx);
    const serverMs = new Map<string, number[]>([['name', []], ['npi', []], ['health', []]]);
    app.addHook('onResponse', async (request, reply) => {
      const url = request.url;
      const kind = url.startsWith('/services/interactivesearch/name') ? 'name' : url.startsWith('/services/interactivesearch/npi/') ? 'npi' : url === '/services/health' ? 'health' : null;
      if (kind) serverMs.get(kind)!.push(reply.elapsedTime);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const user = await createUser(database.db, { roles: ['paying_user', 'name_search_user', 'npi_search_user'] });
      await database.db.update(clients).set({ searchOptions: ['NAME', 'NPI', 'OFAC'] }).where(eq(clients.id, user.clientId));
      const http = new HttpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      await http.login(user.username, user.password);
      const rnd = seededRandom(SEED + 9);
      let tooMany = 0;
      const get = async (url: string) => {
        try {
          await http.getJson(url);
        } catch (error) {
          // More than 100 results (common names) is an answer too: the spec's MaxMatchesExceeded.
          if (!String(error).includes('422')) throw error;
          tooMany += 1;
        }
      };
      // Warm-up, then the measured searches: names on the lists (exact and fuzzy) and NPIs (on the lists, in NPPES, or unknown).
      for (let i = 0; i < 20; i++) await get(`/services/interactivesearch/npi/${loaded.npis[i]}`);
      for (const kind of serverMs.keys()) serverMs.get(kind)!.length = 0;
      const engineMs: number[] = [];
      for (let i = 0; i < SEARCHES; i++) {
        const n = loaded.names[i % loaded.names.length];
        const algorithm = i % 4 === 0 ? 'Fuzzy' : 'Exact';
        // The floor under the same load: a signed-in request that does nothing but its session lookup.
        await get('/services/health');
        const t = performance.now();
        screen(ctx.screening.getIndex(), { type: 'individual', firstName: n.firstName, lastName: n.lastName }, { algorithm, sources: nameSourcesFor({ kind: 'anonymous', addressHash: '' }), limit: 101 });
        engineMs.push(performance.now() - t);
        await get(`/services/interactivesearch/name?${new URLSearchParams({ firstName: n.firstName, lastName: n.lastName, matchingAlgorithm: algorithm })}`);
        const npi = i % 3 === 0 ? syntheticNpi(rnd) : loaded.npis[i % loaded.npis.length];
        await get(`/services/interactivesearch/npi/${npi}`);
      }
      const name = serverMs.get('name')!.sort((a, b) => a - b);
      const npi = serverMs.get('npi')!.sort((a, b) => a - b);
      const health = serverMs.get('health')!.sort((a, b) => a - b);
      engineMs.sort((a, b) => a - b);
      const total = EXCLUSION_RECORDS + NPPES_RECORDS + OPTOUT_RECORDS;
      return [
        figure(`Interactive search: ${total.toLocaleString('en-US')} list records written to the database`, loaded.ms / 1000, 's'),
        figure('Interactive search: index built from the database', buildMs / 1000, 's'),
        figure(`Name search server time p50 (${name.length} searches, 1 in 4 fuzzy, ${tooMany} over 100 results)`, percentile(name, 50), 'ms'),
        figure('Name search server time p95', percentile(name, 95), 'ms', { max: 50, text: '< 50 ms' }),
        figure(`NPI search server time p50 (${npi.length} searches)`, percentile(npi, 50), 'ms'),
        figure('NPI search server time p95', percentile(npi, 95), 'ms', { max: 50, text: '< 50 ms' }),
        figure('Engine alone, same name queries, p95 (in process)', percentile(engineMs, 95), 'ms'),
        figure('Signed-in GET /services/health server time p95 (session lookup only, same load)', percentile(health, 95), 'ms'),
        figure(`Machine load average during the run (${cpus().length} cores)`, loadavg()[0], ''),
        figure('Interactive search peak memory', peakRssMiB(), 'MiB'),
      ];
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
