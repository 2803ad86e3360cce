/** SQL of the rate limits: counted events per hashed key, in the database's clock. */
import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitEvents } from '../db/schema';

const windowStart = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

export async function countEventsSince(db: Db, keyHash: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.keyHash, keyHash), gt(rateLimitEvents.at, windowStart(windowSeconds))));
  return row?.n ?? 0;
}

export async function insertEvents(db: Db, keyHashes: readonly string[]): Promise<number[]> {
  if (keyHashes.length === 0) return [];
  const rows = await db.insert(rateLimitEvents).values(keyHashes.map((keyHash) => ({ keyHash }))).returning({ id: rateLimitEvents.id });
  return rows.map((r) => r.id);
}

/** Forgets a key's events older than its window (they no longer limit anything). */
export async function pruneEvents(db: Db, keyHash: string, windowSeconds: number): Promise<void> {
  await db.delete(rateLimitEvents).where(and(eq(rateLimitEvents.keyHash, keyHash), lte(rateLimitEvents.at, windowStart(windowSeconds))));
}

export async function deleteEvents(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, [...ids]));
}
