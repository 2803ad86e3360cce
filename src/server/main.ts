/** Starts the server: the only place that reads the environment, opens resources and listens. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createApp } from './app';
import type { AppContext } from './app-context';
import { ensureFirstAdmin } from './auth/first-admin';
import { failInterruptedImports } from './lists/import-claims';
import { retireSamples } from './lists/samples';
import { checkOnFirstStart } from './lists/first-start';
import { startJobQueue } from './jobs/queue';
import { JOBS } from './jobs/registry';
import { sweepMonitoringJob } from './monitoring/jobs';
import { resumeUnfinishedBatches } from './batches/resume';
import { closeScreeningPool, openIndexStore } from './screening/screener';
import { warmInBackground } from './screening/thread-warmup';
import { parseEnv, toAppConfig, type Env } from './config';
import { openDatabase, type Database } from './db/client';
import { createLogger, type Logger } from './logger';
import { chooseLogFormat } from './log-format';
import { createMailer } from './mail/mailer';
import { requireStartSpace } from './http/disk-space';
import { recheckClearedNpiResults } from './results/npi-recheck';

/** How often the server checks for list versions activated by another process (e.g. `clearlist worker`). */
const INDEX_CHECK_MS = 5 * 60_000;

const webDir = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface Running {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database of the environment, applies migrations and fails imports whose process died. */
export async function openConfiguredDatabase(env: Env, log?: Logger): Promise<Database> {
  // The embedded database lives in DATA_DIR: a disk without room for it refuses the start in words (ADR 112).
  if (!env.DATABASE_URL) await requireStartSpace(env.DATA_DIR);
  const onIdleError = (error: Error) => log?.warn({ code: (error as { code?: string }).code }, 'the database server closed an idle connection');
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(path.resolve(env.DATA_DIR)), onIdleError });
  try {
    await database.migrate();
    const interrupted = await failInterruptedImports(database);
    if (interrupted) console.log(`Marked ${interrupted} interrupted list import${interrupted === 1 ? '' : 's'} as failed.`);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * What every process of Clearlist works with (server, job worker, billing command): the
 * configuration, the migrated database of the environment, the mailer and the clock.
 */
export async function openAppContext(env: Env, webDirectory?: string): Promise<AppContext> {
  const config = toAppConfig(env, webDirectory);
  const log = createLogger({ level: config.logLevel, format: chooseLogFormat(config.logFormat, process.stdout.isTTY === true) });
  const database = await openConfiguredDatabase(env, log);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom });
  return { db: database.db, database, config, mailer, log, jobs: null, now: () => new Date() };
}

export interface StartOptions {
  /** Runs after migrations and before listening (the demo seed and its samples). */
  prepare?: (ctx: AppContext) => Promise<void>;
  /** The demo keeps the shipped synthetic samples; `serve` retires any it finds (ADR 114). */
  isDemo?: boolean;
}

/** Starts Clearlist: `serve`, or the demo with its seed. */
export async function startServer(rawEnv: NodeJS.ProcessEnv, { prepare, isDemo = false }: StartOptions = {}): Promise<Running> {
  const env = parseEnv(rawEnv);
  const ctx = await openAppContext(env, webDir);
  const { config, database, mailer } = ctx;
  const app = await createApp(ctx);
  const admin = env.ADMIN_USERNAME && env.ADMIN_PASSWORD ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD, email: env.ADMIN_EMAIL } : null;
  let firstRun;
  let stopped = false;
  try {
    if (prepare) await prepare(ctx);
    firstRun = await ensureFirstAdmin(database.db, admin, new Date());
    // Production never searches invented people: samples loaded by an earlier version are retired, none is loaded (ADR 114).
    if (!isDemo) await retireSamples(database.db, (line) => ctx.log.info(line));
    // NPI results cleared before the name agreement rules get those rules once (ADR 033).
    const rechecked = await recheckClearedNpiResults(database.db, new Date());
    if (rechecked.checked) ctx.log.info(rechecked, 'stored NPI results re-checked');
    // Screening needs the index before the first request; list imports refresh it (jobs.ts).
    ctx.screening = await openIndexStore(ctx);
    // Jobs run in this process unless separate workers do them (JOBS_IN_PROCESS=false).
    ctx.jobs = await startJobQueue(ctx, JOBS, { work: env.JOBS_IN_PROCESS, schedule: true, heartbeat: env.JOBS_IN_PROCESS ? 'server' : undefined });
    const resumed = await resumeUnfinishedBatches(ctx);
    if (resumed) ctx.log.info(`Resumed ${resumed} unfinished batch${resumed === 1 ? '' : 'es'}.`);
    // No real list so far: fetch the real lists now rather than at the next scheduled check (ADR 049, 114, 115).
    // Not in the demo: it keeps its samples rather than fetch the real lists over them (ADR 114).
    const firstChecks = isDemo ? [] : await checkOnFirstStart(ctx);
    if (firstChecks.length) ctx.log.info(`First start: fetching ${firstChecks.length} lists from their publishers (${firstChecks.join(', ')}); Settings → Lists shows the progress.`);
    // List versions imported while the server was stopped (the CLI) reach monitored rosters (ADR 046).
    await ctx.jobs.send(sweepMonitoringJob, {});
    await app.listen({ port: env.PORT, host: env.HOST });
    // Where this process screens batch chunks, its screening threads start and warm now (ADR 103).
    if (env.JOBS_IN_PROCESS) warmInBackground(ctx, () => stopped);
  } catch (error) {
    await ctx.jobs?.stop();
    await app.close();
    await database.close();
    throw error;
  }
  const url = config.publicUrl;
  const where = database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL server (DATABASE_URL)';
  // The start-up banner is the command's own output for whoever started it, whatever LOG_LEVEL
  // says; the log gets the same facts as fields. The setup link is a live secret: banner only.
  const say = (line: string) => process.stdout.write(`${line}\n`);
  ctx.log.info({ url, database: database.kind, mail: mailer.describe() }, 'listening');
  say(`Clearlist is running at ${url} on ${where}; mail goes to the ${mailer.describe()}.`);
  if (firstRun.kind === 'created') say(`Created the first system administrator "${firstRun.username}".`);
  if (firstRun.kind === 'setup-link') say(`No administrator yet. Open this one-time link to choose one:\n\n  ${url}/setup/${firstRun.token}\n`);
  const indexCheck = setInterval(() => {
    ctx.screening?.refreshIfChanged().catch((error: unknown) => ctx.log.error({ err: error }, 'match index refresh failed'));
  }, INDEX_CHECK_MS);
  indexCheck.unref();
  return {
    app,
    ctx,
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(indexCheck);
      await app.close();
      await ctx.jobs?.stop();
      await closeScreeningPool();
      await database.close();
    },
  };
}
