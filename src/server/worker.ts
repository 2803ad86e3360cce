/** `clearlist worker`: a process that only runs jobs, beside `clearlist serve` processes. */
import { parseWorkerEnv } from './config';
import { closeScreeningPool, openIndexStore } from './screening/screener';
import { warmInBackground } from './screening/thread-warmup';
import { startJobQueue } from './jobs/queue';
import { JOBS } from './jobs/registry';
import { openAppContext } from './main';

export async function startWorker(rawEnv: NodeJS.ProcessEnv): Promise<{ stop(): Promise<void> }> {
  // One screening thread per worker unless BATCH_SCREEN_WORKERS says otherwise (ADR 083).
  const env = parseWorkerEnv(rawEnv);
  if (!env.DATABASE_URL) {
    throw new Error(
      'clearlist worker needs DATABASE_URL: the embedded database belongs to the one process that opens DATA_DIR, ' +
        'and `clearlist serve` already runs the jobs itself.',
    );
  }
  const ctx = await openAppContext(env);
  // The index is built before the first job is taken, so a new worker's first chunk does not
  // wait for it (nor count its build in a batch's time).
  // With the process's index settings (folder, parts, thread: ADR 062, 068, 077), as the server's store.
  ctx.screening = await openIndexStore(ctx);
  // Schedules are installed by the servers; a worker only pulls jobs.
  ctx.jobs = await startJobQueue(ctx, JOBS, { work: true, schedule: false, heartbeat: 'worker' });
  ctx.log.info(`Clearlist worker running ${JOBS.length} job types on the PostgreSQL server.`);
  // Its screening threads start and warm while it waits for its first chunk (ADR 103).
  let stopping = false;
  warmInBackground(ctx, () => stopping);
  return {
    async stop() {
      stopping = true;
      await ctx.jobs?.stop();
      await closeScreeningPool();
      await ctx.database.close();
    },
  };
}
