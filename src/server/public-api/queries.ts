/** SQL of the public API's own state (ADR 039): rate windows and idempotency keys. */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiIdempotencyKeys, apiRateWindows } from '../db/schema';

/** Counts one request in the key's window, in one statement any process may run at once; answers the new count. */
export async function countRequest(db: Db, apiKeyId: number, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(apiRateWindows)
    .values({ apiKeyId, windowStart, requests: 1 })
    .onConflictDoUpdate({ target: [apiRateWindows.apiKeyId, apiRateWindows.windowStart], set: { requests: sql`${apiRateWindows.requests} + 1` } })
    .returning({ n: apiRateWindows.requests });
  return row.n;
}

/** Forgets the key's earlier windows (they no longer limit anything). */
export async function pruneWindows(db: Db, apiKeyId: number, before: Date): Promise<void> {
  await db.delete(apiRateWindows).where(and(eq(apiRateWindows.apiKeyId, apiKeyId), lt(apiRateWindows.windowStart, before)));
}

export type IdempotencyRow = typeof apiIdempotencyKeys.$inferSelect;

/**
 * Claims a key for a request: answers the new row when this request is the first, else null
 * (the unique index decides between concurrent retries). Expired rows, and claims abandoned
 * without an answer, are dropped first.
 */
export async function claimIdempotencyKey(db: Db, apiKeyId: number, key: string, requestHash: string, now: Date, keptSince: Date, abandonedBefore: Date): Promise<IdempotencyRow | null> {
  await db
    .delete(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.apiKeyId, apiKeyId),
        eq(apiIdempotencyKeys.idempotencyKey, key),
        or(lt(apiIdempotencyKeys.createdAt, keptSince), and(isNull(apiIdempotencyKeys.responseStatus), lt(apiIdempotencyKeys.createdAt, abandonedBefore))),
      ),
    );
  const [row] = await db.insert(apiIdempotencyKeys).values({ apiKeyId, idempotencyKey: key, requestHash, createdAt: now }).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findIdempotencyKey(db: Db, apiKeyId: number, key: string): Promise<IdempotencyRow | null> {
  const [row] = await db
    .select()
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.apiKeyId, apiKeyId), eq(apiIdempotencyKeys.idempotencyKey, key)));
  return row ?? null;
}

export async function saveIdempotentAnswer(db: Db, id: number, status: number, type: string, body: string): Promise<void> {
  await db.update(apiIdempotencyKeys).set({ responseStatus: status, responseType: type, responseBody: body }).where(eq(apiIdempotencyKeys.id, id));
}

export async function releaseIdempotencyKey(db: Db, id: number): Promise<void> {
  await db.delete(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.id, id));
}

/** Forgets every key older than the kept period. */
export async function pruneIdempotencyKeys(db: Db, keptSince: Date): Promise<void> {
  await db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.createdAt, keptSince));
}
