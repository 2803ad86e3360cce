/**
 * Session rows kept in memory between requests, on the embedded database only (ADR 055).
 *
 * PGlite is opened by one process alone (the data-folder lock), so every change to sessions,
 * users, roles and clients is made through this process's instance, and the triggers of
 * migration 0022 announce each one on `clearlist_auth_changed` as its transaction commits;
 * PGlite hands the notice to this process before the committing statement returns. On a notice
 * the whole cache is dropped, so a logout, a revocation, a deactivation, a role or client change
 * holds from the next request on, as before. Expiry and ended access are checked on each request
 * against the cached dates. A row is read again after a minute, which also touches the session.
 * On PostgreSQL several processes share the database and no cache is kept: one statement per
 * request, run by the database server.
 */
import type { Database } from '../db/client';
import { findSessionRow, type SessionRow } from './session-queries';

const CHANNEL = 'clearlist_auth_changed';
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface SessionCache {
  /** The session's row (cached, or read), or null when the session is not live at `now`. */
  find(sessionHash: string, now: Date): Promise<SessionRow | null>;
}

const caches = new WeakMap<Database, SessionCache>();

export function sessionCacheFor(database: Database): SessionCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = database.kind === 'pglite' && database.pglite ? memoryCache(database) : { find: (hash, now) => findSessionRow(database.db, hash, now) };
    caches.set(database, cache);
  }
  return cache;
}

function memoryCache(database: Database): SessionCache {
  const rows = new Map<string, { row: SessionRow; readAt: number }>();
  // Bumped on every notice: a read that started before a change must not be kept after it.
  let generation = 0;
  let isListening = false;
  const listening = database.pglite!.listen(CHANNEL, () => {
    generation += 1;
    rows.clear();
  }).then(
    () => (isListening = true),
    () => (isListening = false),
  );
  return {
    async find(sessionHash, now) {
      await listening;
      const held = rows.get(sessionHash);
      if (isListening && held && Date.now() - held.readAt < MAX_AGE_MS) return { ...held.row, isStale: false };
      const startedAt = generation;
      const row = await findSessionRow(database.db, sessionHash, now);
      if (row && isListening && startedAt === generation) {
        if (rows.size >= MAX_ENTRIES) rows.clear();
        rows.set(sessionHash, { row, readAt: Date.now() });
      }
      return row;
    },
  };
}
