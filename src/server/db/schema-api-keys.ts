/** Public API keys (ADR 029): only the sha256 of a secret is stored, never the secret. */
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients, teams, users } from './schema-accounts';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    /** The creating user's team when the key was made (team members see it). */
    teamId: integer('team_id').references(() => teams.id),
    createdByUserId: integer('created_by_user_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    /** The first characters of the secret, shown in the list to tell keys apart. */
    prefix: text('prefix').notNull(),
    /** sha256 (hex) of the whole secret: the lookup key of a request. */
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByUserId: integer('revoked_by_user_id').references(() => users.id),
    /** Coalesced: written at most once a minute per key. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_secret_hash').on(t.secretHash), index('api_keys_client').on(t.clientId)],
);

/**
 * Idempotency-Key of the creating POSTs (ADR 039), per API key for 24 hours: the unique key
 * makes one of two concurrent retries the owner; the answer is kept to be replayed.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    id: serial('id').primaryKey(),
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of method, route and body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('api_idempotency_keys_key').on(t.apiKeyId, t.idempotencyKey), index('api_idempotency_keys_created').on(t.createdAt)],
);

/** Requests per API key per minute (ADR 039): one row per key and window, counted atomically, shared by every process. */
export const apiRateWindows = pgTable(
  'api_rate_windows',
  {
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    requests: integer('requests').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.windowStart] })],
);
