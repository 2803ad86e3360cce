/** Tables of the foundation: clients, teams, users, roles, sessions, tokens, audit log. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Short domain name of the client (the spec's domainName). */
  domainName: text('domain_name').notNull().unique(),
  /** COMPANY (paid), FREE (trial) or OPERATOR (the Clearlist operator itself). */
  planType: text('plan_type').notNull(),
  /** trial | paid | disabling | disabled */
  state: text('state').notNull(),
  teamType: text('team_type').notNull().default('SINGLE'),
  searchOptions: text('search_options').array().notNull().default(sql`'{}'::text[]`),
  /** CIDR blocks allowed to log in; empty means anywhere. */
  ipAllowlist: text('ip_allowlist').array().notNull().default(sql`'{}'::text[]`),
  privateHelpPage: text('private_help_page'),
  trialSearchesPerMonth: integer('trial_searches_per_month'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  /** End of the paid period for a disabling (cancelled) account. */
  accessEndsAt: timestamp('access_ends_at', { withTimezone: true }),
  /** The client's review threshold; null means the engine's documented default. */
  reviewThreshold: real('review_threshold'),
  createdAt: createdAt(),
});

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    name: text('name').notNull(),
    ownerUserId: integer('owner_user_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('teams_client_name').on(t.clientId, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').notNull().references(() => clients.id),
    teamId: integer('team_id').references(() => teams.id),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    index('users_email_lower').on(sql`lower(${t.email})`),
    index('users_client').on(t.clientId),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie value: a leaked table does not leak sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Single-use tokens: password resets and the first-run setup link. */
export const tokens = pgTable('tokens', {
  idHash: text('id_hash').primaryKey(),
  purpose: text('purpose').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    usernameLower: text('username_lower').notNull(),
    isSuccess: boolean('is_success').notNull(),
  },
  (t) => [index('login_attempts_ip_at').on(t.ip, t.at), index('login_attempts_user_at').on(t.usernameLower, t.at)],
);

/** Append-only: a trigger (see migrations) refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorUsername: text('actor_username'),
    clientId: integer('client_id'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_client_at').on(t.clientId, t.at), index('audit_log_action').on(t.action)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * Events counted by the rate limits of sign-ups, password reset mails and username checks
 * (ADR 024): one row per counted event, its key hashed (keys hold addresses and e-mails).
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keyHash: text('key_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_events_key_at').on(t.keyHash, t.at)],
);
