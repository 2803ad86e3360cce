/**
 * Bench (issue 18): upload and dry run of a 100,000-row messy roster (semicolons, a BOM, short and
 * padded rows, blank lines; clinicians and staff mixed) on the embedded database; target ≤ 10 s on
 * two cores. Wall and CPU time of this process (the server and its upload worker thread) are given.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from '#server/app';
import type { AppContext } from '#server/app-context';
import { testConfig } from '#server/config';
import { openDatabase } from '#server/db/client';
import { createLogger } from '#server/logger';
import { createMailer } from '#server/mail/mailer';
import { createUser } from '#test/factories';
import { messyRoster } from '#test/messy-rosters';
import { HttpClient } from './http-client';
import { figure, peakRssMiB, type Figure } from './measure';

const ROWS = Number(process.env.BENCH_INTAKE_ROWS ?? 100_000);

export async function benchBatchIntake(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-intake-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const config = testConfig({ dataDir, uploadMaxBytes: 200 * 1_048_576 });
  const ctx: AppContext = { db: database.db, database, config, mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom }), log: createLogger({ level: config.logLevel }), jobs: null, now: () => new Date() };
  const app = await createApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const user = await createUser(database.db, { roles: ['name_search_user', 'npi_search_user'] });
    const { clients } = await import('#server/db/schema');
    const { eq } = await import('drizzle-orm');
    await database.db.update(clients).set({ searchOptions: ['NAME', 'NPI', 'SSNDMF'] }).where(eq(clients.id, user.clientId));
    const http = new HttpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    await http.login(user.username, user.password);
    const roster = messyRoster({ rows: ROWS, seed: 100, delimiter: ';', encoding: 'utf-8-bom', shortShare: 0.3, extraEmptyShare: 0.1, blankShare: 0.01, npiShare: 0.12, ssnShare: 0.1 });
    // The first upload starts the worker thread; a warm-up keeps that out of the figure, as in a running server.
    await http.uploadCsv(messyRoster({ rows: 10, seed: 1 }).bytes, 'warm-up.csv');
    const cpu = process.cpuUsage();
    const started = performance.now();
    const batchId = await http.uploadCsv(roster.bytes, 'roster-100k.csv');
    const uploaded = performance.now();
    const mapping = {
      columnMappings: { 'Given Name': 'First Name', Surname: 'Last Name', 'Date of Birth': 'Date of Birth', 'NPI #': 'NPI', SSN: 'SSN' },
      searchTypes: ['Exclusion Search by Individual Name', 'NPI Validation', 'SSDMF'],
      correlatedColumnIndexes: [6, 7],
      uniqueIdIndex: 0,
    };
    const answer = (await http.postJson(`/services/flexsearchs/${batchId}/columnmappings?dryrun=true`, mapping)) as { recordCount: number };
    const done = performance.now();
    const used = process.cpuUsage(cpu);
    if (answer.recordCount !== ROWS) throw new Error(`the dry run counted ${answer.recordCount} rows, not ${ROWS}`);
    return [
      figure(`upload + dry run, ${ROWS.toLocaleString('en-US')} messy rows (${(roster.bytes.length / 1_048_576).toFixed(1)} MiB)`, (done - started) / 1000, 's', { max: 10, text: '≤ 10 s' }),
      figure('  of which the upload (stored, read, previewed)', (uploaded - started) / 1000, 's'),
      figure('  CPU time of the process (user + system, worker included)', (used.user + used.system) / 1e6, 's'),
      figure('peak memory (RSS)', peakRssMiB(), 'MiB'),
    ];
  } finally {
    await app.close();
    await database.close();
  }
}
