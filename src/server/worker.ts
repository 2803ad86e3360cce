/** `clearlist worker`: a process that only runs jobs, beside `clearlist serve` processes. */
import path from 'node:path';
import type { AppContext } from './app-context';
import { parseEnv, toAppConfig } from './config';
import { startJobQueue } from './jobs/queue';
import { JOBS } from './jobs/registry';
import { createMailer } from './mail/mailer';
import { openConfiguredDatabase } from './main';

export async function startWorker(rawEnv: NodeJS.ProcessEnv): Promise<{ stop(): Promise<void> }> {
  const env = parseEnv(rawEnv);
  if (!env.DATABASE_URL) {
    throw new Error(
      'clearlist worker needs DATABASE_URL: the embedded database belongs to the one process that opens DATA_DIR, ' +
        'and `clearlist serve` already runs the jobs itself.',
    );
  }
  const config = toAppConfig(env, undefined);
  const database = await openConfiguredDatabase(env);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom });
  const ctx: AppContext = { db: database.db, database, config, mailer, jobs: null, now: () => new Date() };
  // Schedules are installed by the servers; a worker only pulls jobs.
  ctx.jobs = await startJobQueue(ctx, JOBS, { work: true, schedule: false });
  console.log(`Clearlist worker running ${JOBS.length} job types on the PostgreSQL server.`);
  return {
    async stop() {
      await ctx.jobs?.stop();
      await database.close();
    },
  };
}
