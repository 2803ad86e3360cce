/**
 * Each process that runs jobs beats a row in `queue_workers` (ADR 038): who it is (host, pid,
 * server or worker) and what it runs, so operators see the workers alive. The rows also hand a
 * dead process's jobs back (ADR 063): each beat of a live process claims the rows silent for
 * DEAD_MS that still list running jobs, and the queue fails those jobs, which pg-boss retries.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queueWorkers } from '../db/schema';

/** How often a process beats; a worker silent for three beats is shown as gone. */
export const HEARTBEAT_MS = 10_000;
export const ALIVE_MS = 3 * HEARTBEAT_MS;
/**
 * A process silent this long is taken for dead and its running jobs are handed back: four and a
 * half beats, so a live process whose beat was late once or twice keeps its jobs.
 */
export const DEAD_MS = 45_000;
/** Rows of processes silent this long are removed by the next beat of any process. */
const FORGET_MS = 24 * 3_600_000;

export type WorkerKind = 'server' | 'worker';

export interface RunningJob {
  /** The pg-boss job id (rows written before ADR 063 have none). */
  jobId?: string;
  name: string;
  batchId?: number;
  chunkIndex?: number;
  since: string;
}

/** The running jobs of a process found dead, claimed by this one (no other process gets them). */
export interface DeadWorkerJobs {
  workerId: string;
  beatAt: Date;
  jobs: RunningJob[];
}

export interface Heartbeat {
  id: string;
  /** Writes the row now (also called by the timer), then hands back the jobs of dead processes. */
  beat(): Promise<void>;
  /** Beats as soon as possible because the jobs run changed (one beat in flight at a time). */
  touch(): void;
  /** Resolves once a beat that started after this call is written (the row lists what runs now). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function startHeartbeat(
  db: Db,
  kind: WorkerKind,
  running: () => RunningJob[],
  now: () => Date,
  onError: (error: unknown) => void,
  handBack?: (dead: DeadWorkerJobs) => Promise<void>,
): Heartbeat {
  const id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const startedAt = now();
  const write = async () => {
    const at = now();
    const row = { id, kind, host: os.hostname(), pid: process.pid, startedAt, beatAt: at, running: running() };
    await db.insert(queueWorkers).values(row).onConflictDoUpdate({ target: queueWorkers.id, set: { beatAt: at, running: row.running } });
    await db.delete(queueWorkers).where(lt(queueWorkers.beatAt, new Date(at.getTime() - FORGET_MS)));
    if (handBack) for (const dead of await claimDeadWorkers(db, new Date(at.getTime() - DEAD_MS))) await handBack(dead);
  };
  // Beats never overlap; a touch during a beat asks for one more right after it, so the row
  // lists a job a few milliseconds after it started (a kill in between leaves it to pg-boss's expiry).
  let inFlight: Promise<void> | null = null;
  let again = false;
  const beat = (): Promise<void> => {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = write().finally(() => {
      inFlight = null;
      if (again && !stopped) {
        again = false;
        beat().catch(onError);
      }
    });
    return inFlight;
  };
  const timer = setInterval(() => beat().catch(onError), HEARTBEAT_MS);
  timer.unref();
  let stopped = false;
  return {
    id,
    beat,
    touch() {
      if (!stopped) beat().catch(onError);
    },
    async flush() {
      if (stopped) return;
      // A beat in flight may have read the jobs before the change: wait for it, then beat again.
      if (inFlight) await inFlight.catch(() => {});
      await beat();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight?.catch(() => {});
      // A process that stops cleanly leaves at once; a killed one fades after ALIVE_MS.
      await db.delete(queueWorkers).where(eq(queueWorkers.id, id)).catch(onError);
    },
  };
}

/**
 * Empties the job lists of the rows silent since `cutoff` and answers what they held, in one
 * statement: two live processes beating at once never claim the same dead row.
 */
export async function claimDeadWorkers(db: Db, cutoff: Date): Promise<DeadWorkerJobs[]> {
  const res = (await db.execute(sql`
    WITH dead AS (
      SELECT id, beat_at, running FROM queue_workers
      WHERE beat_at < ${cutoff.toISOString()}::timestamptz AND running <> '[]'::jsonb
      FOR UPDATE SKIP LOCKED
    )
    UPDATE queue_workers q SET running = '[]'::jsonb FROM dead WHERE q.id = dead.id
    RETURNING dead.id AS id, dead.beat_at AS beat_at, dead.running AS running`)) as unknown as { rows: { id: string; beat_at: string | Date; running: RunningJob[] | string }[] };
  return res.rows.map((r) => ({
    workerId: r.id,
    beatAt: new Date(r.beat_at),
    jobs: typeof r.running === 'string' ? (JSON.parse(r.running) as RunningJob[]) : r.running,
  }));
}
