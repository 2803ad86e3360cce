/**
 * The job queue: pg-boss on the same database (PGlite or PostgreSQL), so several processes
 * share it and a scheduled job runs once however many processes there are.
 */
import PgBoss from 'pg-boss';
import type { AppContext } from '../app-context';
import { DEAD_MS, startHeartbeat, type DeadWorkerJobs, type Heartbeat, type RunningJob, type WorkerKind } from './heartbeat';
import type { JobDefinition } from './job';
import { activeJobsAmong, giveBackJob } from './boss-jobs';
import { readPause } from './pause';
import { turnOfTheLoop } from '../../engine-runtime/event-loop-turn';

/** How long a stopping process lets its running jobs finish before handing them back (ADR 026). */
export const STOP_GRACE_MS = 4_000;
/** How long a worker that found the queue paused waits before it looks again. */
const PAUSED_WAIT_MS = 5_000;

export interface JobQueue {
  send<T>(job: JobDefinition<T>, payload: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Runs queued jobs in this process until none is left, or `max` ran (tests, CLI); never
   * sleeps. Pausable jobs stay queued while the batch queue is paused.
   */
  drain(max?: number): Promise<number>;
  /** This process's heartbeat, when it works the queue (null in tests that drain). */
  heartbeat: Heartbeat | null;
  stop(): Promise<void>;
  /** Started and not stopped (the readiness check). */
  isRunning(): boolean;
  /** This process's own loops work the queue `name` (its jobs may run here, not only in other processes). */
  worksHere(name: string): boolean;
}

export interface QueueOptions {
  /** Pull and run jobs continuously (the server and `clearlist worker`). */
  work: boolean;
  /** Install cron schedules (off in tests). */
  schedule: boolean;
  /** Beat a heartbeat row as this kind of process (the server's in-process runner, a worker). */
  heartbeat?: WorkerKind;
  /** Seconds an idle loop waits before it looks for a job again (default 1; a job sent by this process wakes it at once). */
  pollSeconds?: number;
}

/** Jobs of a queue one process runs at once, on a PostgreSQL server or the embedded database. */
export function loopsOf(job: Pick<JobDefinition<never>, 'postgresConcurrency' | 'embeddedConcurrency'>, kind: string): number {
  return Math.max(1, (kind === 'postgres' ? job.postgresConcurrency : job.embeddedConcurrency) ?? 1);
}

export async function startJobQueue(ctx: AppContext, jobs: readonly JobDefinition<never>[], options: QueueOptions): Promise<JobQueue> {
  const database = ctx.database;
  const boss =
    database.kind === 'postgres' && database.pool
      ? new PgBoss({ db: { executeSql: (text, values) => database.pool!.query(text, values) }, schedule: options.schedule, supervise: options.work })
      : new PgBoss({ db: { executeSql: (text, values) => database.sql(text, values) }, schedule: options.schedule, supervise: options.work });
  boss.on('error', (error) => ctx.log.error({ err: error }, 'job queue error'));
  await boss.start();
  let running = true;
  const byName = new Map(jobs.map((job) => [job.name, job as JobDefinition<unknown>]));
  for (const job of byName.values()) await boss.createQueue(job.name, { name: job.name, retryLimit: job.retryLimit ?? 3, retryBackoff: true });

  const runningJobs = new Map<string, RunningJob>();
  // A process whose beat stopped DEAD_MS ago is dead: its jobs still active are failed, so
  // pg-boss retries them (after its backoff) in any live process; their handlers are idempotent.
  const handBack = async (dead: DeadWorkerJobs) => {
    const active = await activeJobsAmong(ctx.db, dead.jobs.flatMap((j) => (j.jobId ? [j.jobId] : [])));
    const message = `the process running it (${dead.workerId}) stopped beating at ${dead.beatAt.toISOString()}; retried`;
    for (const job of active) await boss.fail(job.name, job.id, { message });
    if (active.length) ctx.log.warn({ worker: dead.workerId, jobs: active.length, silentMs: DEAD_MS }, 'handed back the running jobs of a dead worker');
  };
  const onBeatError = (error: unknown) => ctx.log.error({ err: error }, 'heartbeat failed');
  const heartbeat = options.heartbeat ? startHeartbeat(ctx.db, options.heartbeat, () => [...runningJobs.values()], ctx.now, onBeatError, handBack) : null;
  await heartbeat?.beat();
  const run = async (job: JobDefinition<unknown>, id: string, data: unknown) => {
    const payload = job.payloadSchema.parse(data);
    const about = payload && typeof payload === 'object' ? (payload as { batchId?: number; chunkIndex?: number }) : {};
    runningJobs.set(id, { jobId: id, name: job.name, batchId: about.batchId, chunkIndex: about.chunkIndex, since: ctx.now().toISOString() });
    // The row lists the job before its work starts (ADR 065): a process running two jobs at once
    // is never caught dead in the middle of one with the other unlisted but for the beat's round trip.
    await heartbeat?.flush().catch((error: unknown) => ctx.log.error({ err: error }, 'heartbeat failed'));
    try {
      await job.handler(ctx, payload);
    } finally {
      runningJobs.delete(id);
      heartbeat?.touch();
    }
  };
  // Waits of workers that found the queue paused; a stop ends them at once.
  const pausedWaits = new Set<() => void>();
  const waitWhilePaused = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        pausedWaits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, PAUSED_WAIT_MS);
      pausedWaits.add(done);
    });

  // This process's polling loops by queue: a job sent here wakes them (see send).
  const loopsByQueue = new Map<string, string[]>();
  // One pg-boss polling loop: takes a job, runs it, looks for the next at once.
  const workQueue = async (job: JobDefinition<unknown>) => {
    // pg-boss waits out the polling interval after every job, even when more are queued;
    // a worker that just ran one looks for the next at once (a batch's chunks run back to back).
    const worker = { id: '' };
    worker.id = await boss.work(job.name, { pollingIntervalSeconds: options.pollSeconds ?? 1, batchSize: 1 }, async ([item]) => {
      // Paused: the job goes back untouched (same place in the queue) and this worker waits;
      // a job that passed this check before the pause runs to its end.
      if (job.isPausable && running && (await readPause(ctx.db)).isPaused) {
        await giveBackJob(ctx.db, item.id);
        if (running) await waitWhilePaused();
        return;
      }
      try {
        await run(job, item.id, item.data);
      } finally {
        // Let waiting requests in first: on PGlite a job's queries can resolve without ever
        // leaving the microtask queue, so back-to-back jobs would starve the HTTP server.
        await turnOfTheLoop();
        if (worker.id) boss.notifyWorker(worker.id);
      }
    });
    loopsByQueue.set(job.name, [...(loopsByQueue.get(job.name) ?? []), worker.id]);
  };
  if (options.work) {
    // Several loops on one queue run that many of its jobs at once in this process.
    for (const job of byName.values()) for (let loop = 0; loop < loopsOf(job, database.kind); loop++) await workQueue(job);
  }
  if (options.schedule) {
    for (const job of byName.values()) {
      const cron = job.schedule?.(ctx);
      if (cron) await boss.schedule(job.name, cron, {}, { tz: 'UTC' });
      else if (job.schedule) await boss.unschedule(job.name).catch(() => {});
    }
  }

  return {
    send: async (job, payload, sendOptions) => {
      const id = await boss.send(job.name, job.payloadSchema.parse(payload) as object, sendOptions ?? {});
      // This process's idle loops on the queue look for it now rather than at their next poll (up
      // to a second later: a batch's job, then each of its first chunks, waited for it, ADR 088).
      for (const loop of loopsByQueue.get(job.name) ?? []) boss.notifyWorker(loop);
      return id;
    },
    async drain(max = Infinity) {
      let ran = 0;
      for (let found = true; found && ran < max; ) {
        found = false;
        const isPaused = (await readPause(ctx.db)).isPaused;
        for (const job of byName.values()) {
          if (ran >= max) break;
          if (job.isPausable && isPaused) continue;
          const [item] = (await boss.fetch(job.name, { batchSize: 1 })) ?? [];
          if (!item) continue;
          found = true;
          ran += 1;
          try {
            await run(job, item.id, item.data);
            await boss.complete(job.name, item.id);
          } catch (error) {
            await boss.fail(job.name, item.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }
      }
      return ran;
    },
    // Running jobs get a few seconds to finish; pg-boss then fails the rest, which puts them
    // back in the queue for a retry (a chunk is written in one transaction, so nothing doubles).
    stop: async () => {
      running = false;
      for (const end of [...pausedWaits]) end();
      await boss.stop({ graceful: true, wait: true, timeout: STOP_GRACE_MS });
      await heartbeat?.stop();
    },
    isRunning: () => running,
    worksHere: (name) => running && (loopsByQueue.get(name)?.length ?? 0) > 0,
    heartbeat,
  };
}
