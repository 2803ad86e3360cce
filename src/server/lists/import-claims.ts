/**
 * An import that dies with its process (SIGKILL, power loss) leaves its version `importing`.
 * On PostgreSQL several processes may import at once, so a running import holds an advisory
 * lock on its version for as long as it runs, on a connection of its own: the server releases
 * it when that process dies. At start, an `importing` version whose lock is free is one whose
 * importer is gone, and is marked failed. With the embedded database the data-folder lock
 * already means no other process runs, so every `importing` version at start is interrupted.
 */
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../db/client';
import { listVersions } from '../db/schema';
import { markFailed } from './queries';

/** First key of the advisory locks of imports (the second is the version id). */
const IMPORT_LOCK_CLASS = 0x4c495354; // "LIST"

export const INTERRUPTED_IMPORT = 'The import was interrupted (its process stopped before the end); the previous version stayed active.';

/** Holds the version's lock while its import runs; the returned function lets it go. */
export async function claimImport(db: Db, versionId: number): Promise<() => Promise<void>> {
  const pool = poolOf(db);
  if (!pool) return async () => {};
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [IMPORT_LOCK_CLASS, versionId]);
  } catch (error) {
    client.release();
    throw error;
  }
  return async () => {
    try {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [IMPORT_LOCK_CLASS, versionId]);
    } finally {
      client.release();
    }
  };
}

/** Marks failed every `importing` version whose importer is gone; answers how many. */
export async function failInterruptedImports(database: Database): Promise<number> {
  const open = await database.db.select({ id: listVersions.id }).from(listVersions).where(eq(listVersions.status, 'importing'));
  if (open.length === 0) return 0;
  let failed = 0;
  const client = database.pool ? await database.pool.connect() : null;
  try {
    for (const { id } of open) {
      if (client) {
        const { rows } = await client.query<{ free: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS free', [IMPORT_LOCK_CLASS, id]);
        if (!rows[0].free) continue; // still running in another process
      }
      try {
        const [still] = await database.db
          .select({ id: listVersions.id })
          .from(listVersions)
          .where(and(eq(listVersions.id, id), eq(listVersions.status, 'importing')));
        if (still) {
          await markFailed(database.db, id, INTERRUPTED_IMPORT);
          failed += 1;
        }
      } finally {
        if (client) await client.query('SELECT pg_advisory_unlock($1, $2)', [IMPORT_LOCK_CLASS, id]);
      }
    }
  } finally {
    client?.release();
  }
  return failed;
}

/** The pool behind a drizzle database on a PostgreSQL server (none for PGlite). */
function poolOf(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}
