/** SQL of the interactive search: callers, anonymous daily counts, stored searches, usage, list versions. */
import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { SearchHistoryFilters } from '#shared/interactive-search';
import type { Db } from '../db/client';
import { anonymousSearchCounts, clients, interactiveSearches, listVersions, searchListSets, usageRecords, users } from '../db/schema';

export type StoredSearch = typeof interactiveSearches.$inferSelect;
export type NewSearch = typeof interactiveSearches.$inferInsert;

/** The signed-in user with the client fields the search rules read. */
export async function findSearchUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      clientName: clients.name,
      clientState: clients.state,
      searchOptions: clients.searchOptions,
      trialSearchesPerMonth: clients.trialSearchesPerMonth,
      trialEndsAt: clients.trialEndsAt,
      accessEndsAt: clients.accessEndsAt,
      reviewThreshold: clients.reviewThreshold,
    })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Searches counted today for an address. */
export async function anonymousSearchesOn(db: Db, addressHash: string, day: string): Promise<number> {
  const [row] = await db
    .select({ n: anonymousSearchCounts.searches })
    .from(anonymousSearchCounts)
    .where(and(eq(anonymousSearchCounts.addressHash, addressHash), eq(anonymousSearchCounts.day, day)));
  return row?.n ?? 0;
}

/**
 * Counts one search for an address when it is under the limit, in one statement (two tabs
 * cannot both take the last search); answers the new count, or null when the limit is reached.
 */
export async function takeAnonymousSearch(db: Db, addressHash: string, day: string, limit: number): Promise<number | null> {
  if (limit <= 0) return null;
  const rows = await db
    .insert(anonymousSearchCounts)
    .values({ addressHash, day, searches: 1 })
    .onConflictDoUpdate({
      target: [anonymousSearchCounts.addressHash, anonymousSearchCounts.day],
      set: { searches: sql`${anonymousSearchCounts.searches} + 1` },
      setWhere: sql`${anonymousSearchCounts.searches} < ${limit}`,
    })
    .returning({ n: anonymousSearchCounts.searches });
  return rows[0]?.n ?? null;
}

/** Forgets the counts of days before the given one (they no longer limit anything). */
export async function pruneAnonymousCounts(db: Db, beforeDay: string): Promise<void> {
  await db.delete(anonymousSearchCounts).where(lt(anonymousSearchCounts.day, beforeDay));
}

/**
 * Stores a search and, for a signed-in client, its usage record, in one statement (atomic,
 * and one round trip: the search answers within the bench's 50 ms).
 */
export async function insertSearch(db: Db, search: NewSearch, usage: readonly (typeof usageRecords.$inferInsert)[]): Promise<StoredSearch> {
  const s = search;
  const searchedAt = s.searchedAt.toISOString();
  const values = usage.map((u) => sql`(${u.clientId}, ${u.searchType}, ${u.searchOption}, ${u.unitPriceCents}, ${u.quantity ?? 1}, ${searchedAt})`);
  const billing = values.length
    ? sql`, u AS (INSERT INTO usage_records (client_id, search_type, search_option, unit_price_cents, quantity, created_at)
        VALUES ${sql.join(values, sql`, `)})`
    : sql``;
  const res = (await db.execute(sql`WITH s AS (
      INSERT INTO interactive_searches (reference, client_id, team_id, user_id, kind, criteria_text, outcome, hit_count, result, list_set_id, searched_at)
      VALUES (${s.reference}, ${s.clientId ?? null}, ${s.teamId ?? null}, ${s.userId ?? null}, ${s.kind}, ${s.criteriaText}, ${s.outcome}, ${s.hitCount}, ${JSON.stringify(s.result)}::jsonb, ${s.listSetId ?? null}, ${searchedAt})
      RETURNING id)${billing}
    SELECT id FROM s`)) as unknown as { rows: { id: number }[] };
  return { ...s, id: Number(res.rows[0].id), clientId: s.clientId ?? null, teamId: s.teamId ?? null, userId: s.userId ?? null, listSetId: s.listSetId ?? null } as StoredSearch;
}

/** Which searches a caller sees: a client, optionally narrowed to teams or to one user. */
export interface SearchScope {
  clientId: number | null;
  teamIds: number[] | null;
  userId: number | null;
}

function scopeConditions(scope: SearchScope): SQL[] {
  // Anonymous searches (no client) belong to nobody's history.
  const where: SQL[] = [sql`${interactiveSearches.clientId} IS NOT NULL`];
  if (scope.clientId !== null) where.push(eq(interactiveSearches.clientId, scope.clientId));
  if (scope.teamIds !== null) where.push(inArray(interactiveSearches.teamId, scope.teamIds));
  if (scope.userId !== null) where.push(eq(interactiveSearches.userId, scope.userId));
  return where;
}

/** A stored search with the lists of its list set (null for a search that keeps them in its result). */
export async function findVisibleSearch(db: Db, scope: SearchScope, searchId: number): Promise<(StoredSearch & { lists: unknown }) | null> {
  const [row] = await db
    .select({ search: interactiveSearches, lists: searchListSets.lists })
    .from(interactiveSearches)
    .leftJoin(searchListSets, eq(searchListSets.id, interactiveSearches.listSetId))
    .where(and(eq(interactiveSearches.id, searchId), ...scopeConditions(scope)));
  return row ? { ...row.search, lists: row.lists } : null;
}

/** A page of searches, newest first, with who ran each. */
/** The history filters as conditions (kind, found records or not, text in the criteria or reference). */
function filterConditions(filters: SearchHistoryFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.kind) where.push(eq(interactiveSearches.kind, filters.kind));
  if (filters.result === 'matches') where.push(sql`${interactiveSearches.hitCount} > 0`);
  if (filters.result === 'clear') where.push(eq(interactiveSearches.hitCount, 0));
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(sql`(${interactiveSearches.criteriaText} ILIKE ${pattern} OR ${interactiveSearches.reference} ILIKE ${pattern})`);
  }
  return where;
}

export async function listSearches(db: Db, scope: SearchScope, filters: SearchHistoryFilters, offset: number, limit: number) {
  const where = and(...scopeConditions(scope), ...filterConditions(filters));
  const items = await db
    .select({
      id: interactiveSearches.id,
      reference: interactiveSearches.reference,
      kind: interactiveSearches.kind,
      criteriaText: interactiveSearches.criteriaText,
      outcome: interactiveSearches.outcome,
      hitCount: interactiveSearches.hitCount,
      searchedAt: interactiveSearches.searchedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(interactiveSearches)
    .leftJoin(users, eq(users.id, interactiveSearches.userId))
    .where(where)
    .orderBy(desc(interactiveSearches.searchedAt), desc(interactiveSearches.id))
    .offset(offset)
    .limit(limit);
  const [{ total }] = await db.select({ total: count() }).from(interactiveSearches).where(where);
  return { items, total };
}

/** Version rows by id: the as-of date and size of each list an index version searched. */
export async function findVersions(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: listVersions.id, source: listVersions.source, asOf: listVersions.asOf, fetchedAt: listVersions.fetchedAt, records: listVersions.records, origin: listVersions.origin })
    .from(listVersions)
    .where(inArray(listVersions.id, [...ids]));
}

/**
 * Stores many searches and their usage records (one each, as many single searches would have)
 * in one statement; answers the ids by reference (RETURNING promises no order).
 */
export async function insertSearches(db: Db, searches: NewSearch[], usage: (typeof usageRecords.$inferInsert)[]): Promise<Map<string, number>> {
  if (searches.length === 0) return new Map();
  // Each set goes as one JSON parameter read by jsonb_to_recordset: a thousand searches are two
  // parameters to bind and one document to parse, not ten thousand parameters.
  const searchRows = JSON.stringify(
    searches.map((s) => ({ reference: s.reference, client_id: s.clientId ?? null, team_id: s.teamId ?? null, user_id: s.userId ?? null, kind: s.kind, criteria_text: s.criteriaText, outcome: s.outcome, hit_count: s.hitCount, result: s.result, list_set_id: s.listSetId ?? null, searched_at: s.searchedAt.toISOString() })),
  );
  const usageRows = JSON.stringify(
    usage.map((u) => ({ client_id: u.clientId, search_type: u.searchType, search_option: u.searchOption, unit_price_cents: u.unitPriceCents, quantity: u.quantity ?? 1, created_at: (u.createdAt ?? new Date()).toISOString() })),
  );
  const billing = usage.length
    ? sql`, u AS (INSERT INTO usage_records (client_id, search_type, search_option, unit_price_cents, quantity, created_at)
        SELECT client_id, search_type, search_option, unit_price_cents, quantity, created_at
        FROM jsonb_to_recordset(${usageRows}::jsonb) AS x(client_id int, search_type text, search_option text, unit_price_cents int, quantity int, created_at timestamptz))`
    : sql``;
  const res = (await db.execute(sql`WITH s AS (
      INSERT INTO interactive_searches (reference, client_id, team_id, user_id, kind, criteria_text, outcome, hit_count, result, list_set_id, searched_at)
      SELECT reference, client_id, team_id, user_id, kind, criteria_text, outcome, hit_count, result, list_set_id, searched_at
      FROM jsonb_to_recordset(${searchRows}::jsonb) AS x(reference text, client_id int, team_id int, user_id int, kind text, criteria_text text, outcome text, hit_count int, result jsonb, list_set_id int, searched_at timestamptz)
      RETURNING id, reference)${billing}
    SELECT id, reference FROM s`)) as unknown as { rows: { id: number; reference: string }[] };
  return new Map(res.rows.map((r) => [r.reference, Number(r.id)]));
}
