/**
 * Rate limits counted in the database, so they hold across parallel requests and processes
 * (ADR 024): taking a place counts and refuses under a lock on the key, in one transaction, so
 * forty parallel requests against a limit of twenty get exactly twenty places.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { withKeyLocks } from '../db/key-lock';
import { countEventsSince, deleteEvents, insertEvents, pruneEvents } from './rate-limit-queries';

export interface RateLimit {
  /** What is counted, e.g. `password-reset:ip:198.51.100.7`; stored only hashed. */
  key: string;
  /** Events allowed in the window; 0 or less: no limit. */
  max: number;
  windowSeconds: number;
}

export type Taken = { ok: true; eventIds: number[] } | { ok: false; reached: RateLimit };

const hashOf = (key: string) => createHash('sha256').update(`clearlist-rate-limit:${key}`).digest('hex');

/** Counts one event under every limit when all have room; else counts nothing and names the limit reached. */
export async function takeRateLimits(db: Db, limits: readonly RateLimit[]): Promise<Taken> {
  const active = limits.filter((l) => l.max > 0);
  if (active.length === 0) return { ok: true, eventIds: [] };
  return withKeyLocks(
    db,
    active.map((l) => `rate-limit:${l.key}`),
    async (tx) => {
      for (const limit of active) {
        const keyHash = hashOf(limit.key);
        await pruneEvents(tx, keyHash, limit.windowSeconds);
        if ((await countEventsSince(tx, keyHash, limit.windowSeconds)) >= limit.max) return { ok: false, reached: limit };
      }
      return { ok: true, eventIds: await insertEvents(tx, active.map((l) => hashOf(l.key))) };
    },
  );
}

/** Gives back places taken by an attempt that turned out not to count (e.g. a form with errors). */
export async function releaseRateLimits(db: Db, taken: Taken): Promise<void> {
  if (taken.ok) await deleteEvents(db, taken.eventIds);
}
