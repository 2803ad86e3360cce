/** Raw SQL results as plain rows. */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
