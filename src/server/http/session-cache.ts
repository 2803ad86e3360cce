/**
 * Session rows kept in memory between requests (ADR 055, 063).
 *
 * The triggers of migration 0026 announce every change to sessions, users, roles and clients on
 * `clearlist_auth_changed` as its transaction commits; on a notice the whole cache is dropped, so a
 * logout, a revocation, a deactivation, a role or client change holds from the next request on.
 * Expiry and ended access are checked on each request against the cached dates. A row is read
 * again after a minute, which also touches the session. A read that raced a notice is not kept.
 *
 * Embedded database: PGlite belongs to one process (the data-folder lock), which hands it the
 * notice before the committing statement returns.
 *
 * PostgreSQL: several processes share the database. Each keeps one connection of its own that
 * LISTENs; when it is lost nothing is cached until it is back, and the cache is dropped again on
 * reconnection (notices sent meanwhile are lost). So that a change committed by another process
 * holds on the very next request here, a cached row is used only after a round trip on the
 * listening connection that started after the request arrived (`SELECT 1`, shared by the requests
 * arriving meanwhile): PostgreSQL sends a listener the notices committed before a statement ends
 * ahead of that statement's ReadyForQuery, so any change committed before the request is seen.
 */
import pg from 'pg';
import type { Database } from '../db/client';
import { findSessionRow, type SessionRow } from './session-queries';

const CHANNEL = 'clearlist_auth_changed';
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;
/** Wait before opening the listening connection again after it was lost. */
const RECONNECT_MS = 1_000;

export interface SessionCache {
  /** The session's row (cached, or read), or null when the session is not live at `now`. */
  find(sessionHash: string, now: Date): Promise<SessionRow | null>;
}

const caches = new WeakMap<Database, SessionCache>();

export function sessionCacheFor(database: Database): SessionCache {
  let cache = caches.get(database);
  if (!cache) {
    cache =
      database.kind === 'pglite' && database.pglite ? memoryCache(database) : database.pool ? postgresCache(database, database.pool) : { find: (hash, now) => findSessionRow(database.db, hash, now) };
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

function postgresCache(database: Database, pool: pg.Pool): SessionCache {
  const rows = new Map<string, { row: SessionRow; readAt: number }>();
  let generation = 0;
  const drop = () => {
    generation += 1;
    rows.clear();
  };
  let listener: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | null = null;

  const lost = (client: pg.Client) => {
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    if (listener !== client) return;
    listener = null;
    drop();
    if (!isClosed) {
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    }
  };
  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      retry = null;
      const client = new pg.Client(pool.options);
      client.on('notification', drop);
      client.on('error', () => lost(client));
      client.on('end', () => lost(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
        if (isClosed) throw new Error('closed');
        // Anything may have changed while nobody listened.
        drop();
        listener = client;
      } catch {
        lost(client);
        if (!isClosed && !retry) {
          retry = setTimeout(() => void connect(), RECONNECT_MS);
          retry.unref();
        }
      } finally {
        connecting = null;
      }
    })());
  const started = connect();

  // Round trips on the listening connection: one at a time; the requests arriving while one is
  // in flight share the next.
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const ping = (client: pg.Client) => client.query('SELECT 1').then(() => undefined);
  const sync = (client: pg.Client): Promise<void> => {
    if (!inFlight) {
      inFlight = ping(client).finally(() => (inFlight = null));
      return inFlight;
    }
    queued ??= inFlight.catch(() => {}).then(() => {
      queued = null;
      return sync(client);
    });
    return queued;
  };

  // The process's database closes the listening connection with it.
  const close = database.close.bind(database);
  database.close = async () => {
    isClosed = true;
    if (retry) clearTimeout(retry);
    await connecting;
    const client = listener;
    listener = null;
    drop();
    await client?.end().catch(() => {});
    await close();
  };

  return {
    async find(sessionHash, now) {
      await started;
      const client = listener;
      if (client) {
        const held = rows.get(sessionHash);
        if (held && Date.now() - held.readAt < MAX_AGE_MS) {
          const synced = await sync(client).then(
            () => true,
            () => false,
          );
          if (synced && listener === client && rows.get(sessionHash) === held) return { ...held.row, isStale: false };
        }
      }
      const startedAt = generation;
      const row = await findSessionRow(database.db, sessionHash, now);
      if (row && client && listener === client && startedAt === generation) {
        if (rows.size >= MAX_ENTRIES) rows.clear();
        rows.set(sessionHash, { row, readAt: Date.now() });
      }
      return row;
    },
  };
}
