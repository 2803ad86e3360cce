/**
 * Each process that runs jobs beats a row in `queue_workers` (ADR 038): who it is (host, pid,
 * server or worker) and what it runs, so operators see the workers alive.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queueWorkers } from '../db/schema';

/** How often a process beats; a worker silent for three beats is shown as gone. */
export const HEARTBEAT_MS = 10_000;
export const ALIVE_MS = 3 * HEARTBEAT_MS;
/** Rows of processes silent this long are removed by the next beat of any process. */
const FORGET_MS = 24 * 3_600_000;

export type WorkerKind = 'server' | 'worker';

export interface RunningJob {
  name: string;
  batchId?: number;
  chunkIndex?: number;
  since: string;
}

export interface Heartbeat {
  id: string;
  /** Writes the row now (also called by the timer). */
  beat(): Promise<void>;
  /** Beats soon when the jobs run changed (at most one extra beat every 2 s). */
  touch(): void;
  stop(): Promise<void>;
}

export function startHeartbeat(db: Db, kind: WorkerKind, running: () => RunningJob[], now: () => Date, onError: (error: unknown) => void): Heartbeat {
  const id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const startedAt = now();
  const beat = async () => {
    const at = now();
    const row = { id, kind, host: os.hostname(), pid: process.pid, startedAt, beatAt: at, running: running() };
    await db.insert(queueWorkers).values(row).onConflictDoUpdate({ target: queueWorkers.id, set: { beatAt: at, running: row.running } });
    await db.delete(queueWorkers).where(lt(queueWorkers.beatAt, new Date(at.getTime() - FORGET_MS)));
  };
  const timer = setInterval(() => beat().catch(onError), HEARTBEAT_MS);
  timer.unref();
  let lastTouch = 0;
  return {
    id,
    beat,
    touch() {
      if (Date.now() - lastTouch < 2_000) return;
      lastTouch = Date.now();
      beat().catch(onError);
    },
    async stop() {
      clearInterval(timer);
      // A process that stops cleanly leaves at once; a killed one fades after ALIVE_MS.
      await db.delete(queueWorkers).where(eq(queueWorkers.id, id)).catch(onError);
    },
  };
}
