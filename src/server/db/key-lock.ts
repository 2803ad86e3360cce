/**
 * Serialises work on one key (a user, an address, a client's quota) across requests and
 * processes: a transaction holding PostgreSQL advisory locks on the keys, released at commit.
 * A count-then-write inside it cannot be overtaken by a parallel one on the same key, on a
 * PostgreSQL server (other connections wait for the lock) and on PGlite (one connection, whose
 * transactions already run one at a time) alike.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** Runs `work` in a transaction that first takes an exclusive lock on every key. */
export async function withKeyLocks<T>(db: Db, keys: readonly string[], work: (tx: Db) => Promise<T>): Promise<T> {
  // Always in the same order, so two transactions locking the same keys cannot deadlock.
  const ordered = [...new Set(keys)].sort();
  return db.transaction(async (tx) => {
    for (const key of ordered) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    return work(tx as unknown as Db);
  });
}
