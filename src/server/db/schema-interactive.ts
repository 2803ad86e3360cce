/** Tables of the interactive search: every search run (the proof and Search History) and anonymous daily counts. */
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients, teams, users } from './schema-accounts';

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
    /** The whole answer as shown, so the result page reopens exactly as it was. */
    result: jsonb('result').notNull(),
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
