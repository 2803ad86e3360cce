/**
 * Requests per key per minute (ADR 029, shared by every process since ADR 039): a fixed
 * window per key counted in the database by one atomic upsert, so N web processes together
 * allow the limit, not N times it; a key past the limit is told when the next window opens.
 */
import type { Db } from '../db/client';
import { countRequest, pruneWindows } from './queries';

export interface RateLimiter {
  /** Counts a request; null when allowed, else the seconds until the key may call again. */
  take(keyId: number, now: Date): Promise<number | null>;
}

const WINDOW_MS = 60_000;

export function createRateLimiter(db: Db, perMinute: number): RateLimiter {
  return {
    async take(keyId, now) {
      const start = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
      const count = await countRequest(db, keyId, new Date(start));
      // The first request of a window clears the key's older ones.
      if (count === 1) await pruneWindows(db, keyId, new Date(start));
      if (count <= perMinute) return null;
      return Math.max(1, Math.ceil((start + WINDOW_MS - now.getTime()) / 1000));
    },
  };
}
