/**
 * Requests per key per minute, counted in this process (ADR 029): a fixed window per key, so
 * a key past the limit is told exactly when the next window opens (Retry-After). With several
 * web processes each counts its own share; the limit is a guard, not a billing figure.
 */
export interface RateLimiter {
  /** Counts a request; null when allowed, else the seconds until the key may call again. */
  take(keyId: number, now: Date): number | null;
}

const WINDOW_MS = 60_000;

export function createRateLimiter(perMinute: number): RateLimiter {
  const windows = new Map<number, { start: number; count: number }>();
  return {
    take(keyId, now) {
      const start = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
      let window = windows.get(keyId);
      if (!window || window.start !== start) {
        // A new minute: forget every stale window so the map holds only the keys in use.
        if (window === undefined && windows.size > 10_000) for (const [id, w] of windows) if (w.start !== start) windows.delete(id);
        window = { start, count: 0 };
        windows.set(keyId, window);
      }
      window.count += 1;
      if (window.count <= perMinute) return null;
      return Math.max(1, Math.ceil((start + WINDOW_MS - now.getTime()) / 1000));
    },
  };
}
