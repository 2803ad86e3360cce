/** Tables of the interactive search: every search run (the proof and Search History) and anonymous daily counts. */
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients, teams, users } from './schema-accounts';

/**
 * The lists a search used (each list's version, as-of date and size), stored once per distinct
 * set and referenced by every search that used it (ADR 047): a thousand searches of one bulk
 * request, or a day of single searches, share one row instead of repeating ~5 KB each.
 * Rows are written once and never change.
 */
export const searchListSets = pgTable(
  'search_list_sets',
  {
    id: serial('id').primaryKey(),
    /** sha256 of `lists` as JSON: the same set is stored once. */
    key: text('key').notNull(),
    /** The answer's `lists`, exactly as the searches answered them (ListSearched[]). */
    lists: jsonb('lists').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('search_list_sets_key').on(t.key)],
);

export const interactiveSearches = pgTable(
  'interactive_searches',
  {
    id: serial('id').primaryKey(),
    /** Printed on the proof of search; random, so it tells nothing about other searches. */
    reference: text('reference').notNull(),
    /** Null for an anonymous visitor's search. */
    clientId: integer('client_id').references(() => clients.id),
    teamId: integer('team_id').references(() => teams.id),
    userId: integer('user_id').references(() => users.id),
    /** name | npi */
    kind: text('kind').notNull(),
    /** The criteria in one line, as the history shows them. */
    criteriaText: text('criteria_text').notNull(),
    /** The outcome in words ("No match", "2 potential matches", "NPI not found"). */
    outcome: text('outcome').notNull(),
    hitCount: integer('hit_count').notNull(),
    /**
     * The whole answer as shown, so the result page reopens exactly as it was; its `lists` are
     * in the list set when `list_set_id` is set (searches stored before ADR 047 keep them here).
     */
    result: jsonb('result').notNull(),
    /** The lists (versions) the search used; null on searches stored before ADR 047. */
    listSetId: integer('list_set_id').references(() => searchListSets.id),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('interactive_searches_reference').on(t.reference),
    index('interactive_searches_client_at').on(t.clientId, t.searchedAt),
    index('interactive_searches_user').on(t.userId),
  ],
);

/** Anonymous searches per network address (hashed) and UTC day, for the daily allowance. */
export const anonymousSearchCounts = pgTable(
  'anonymous_search_counts',
  {
    addressHash: text('address_hash').notNull(),
    /** YYYY-MM-DD (UTC). */
    day: text('day').notNull(),
    searches: integer('searches').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.addressHash, t.day] })],
);
