/**
 * API key management (ADR 029): keys belong to the client and the creating user's team;
 * account owners and domain admins see (and revoke) all of the client's keys, other api users
 * their team's and their own. The secret is answered once, at creation, and never stored.
 */
import { apiKeyStatus, type ApiKey, type CreateApiKeyInput, type CreatedApiKey } from '#shared/api-keys';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import type { Db } from '../db/client';
import { AppError, notFound } from '../http/errors';
import type { AuthContext } from '../http/session';
import { findVisibleKey, insertKey, listKeys, markRevoked, type KeyScope, type ListedKey } from './queries';
import { newApiKeySecret } from './secret';

const CLIENT_WIDE_ROLES = ['account_owner_user', 'domain_admin_user'];

export function keyScopeOf(auth: AuthContext): KeyScope {
  if (auth.roles.some((r) => CLIENT_WIDE_ROLES.includes(r))) return { clientId: auth.clientId, teamId: null, userId: null };
  return { clientId: auth.clientId, teamId: auth.teamId, userId: auth.userId };
}

function apiKeyOf(row: ListedKey, now: Date): ApiKey {
  const key = {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdBy: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
  return { ...key, status: apiKeyStatus(key, now) };
}

/** The keys the caller sees, newest first. */
export async function listApiKeys(ctx: AppContext, auth: AuthContext): Promise<ApiKey[]> {
  const rows = await listKeys(ctx.db, keyScopeOf(auth));
  return rows.map((row) => apiKeyOf(row, ctx.now()));
}

/** The expiry instant of a last valid day: the key works through that whole UTC day. */
function expiryOf(expiresOn: string | null | undefined, now: Date): Date | null {
  if (!expiresOn) return null;
  const end = new Date(`${expiresOn}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  if (Number.isNaN(end.getTime())) throw new AppError('BAD_REQUEST', 'Some fields are invalid.', { expiresOn: 'Not a date.' });
  if (end <= now) throw new AppError('BAD_REQUEST', 'Some fields are invalid.', { expiresOn: 'Choose today or a later day.' });
  return end;
}

export async function createApiKey(ctx: AppContext, auth: AuthContext, input: CreateApiKeyInput, ip: string): Promise<CreatedApiKey> {
  const now = ctx.now();
  const expiresAt = expiryOf(input.expiresOn, now);
  const { secret, prefix, secretHash } = newApiKeySecret();
  const id = await insertKey(ctx.db, { clientId: auth.clientId, teamId: auth.teamId, createdByUserId: auth.userId, name: input.name, prefix, secretHash, createdAt: now, expiresAt });
  await recordAudit(ctx.db, auditOf(auth, 'api_key.create', id, ip, { name: input.name, prefix, expiresAt: expiresAt?.toISOString() ?? null }));
  return { key: await visibleKey(ctx, auth, id), secret };
}

/** Revokes a key the caller sees (another client's or team's answers 404); revoking twice changes nothing. */
export async function revokeApiKey(ctx: AppContext, auth: AuthContext, keyId: number, ip: string): Promise<ApiKey> {
  const key = await visibleKey(ctx, auth, keyId);
  if (key.revokedAt) return key;
  await markRevoked(ctx.db, keyId, auth.userId, ctx.now());
  await recordAudit(ctx.db, auditOf(auth, 'api_key.revoke', keyId, ip, { name: key.name, prefix: key.prefix }));
  return visibleKey(ctx, auth, keyId);
}

async function visibleKey(ctx: { db: Db; now: () => Date }, auth: AuthContext, keyId: number): Promise<ApiKey> {
  const row = await findVisibleKey(ctx.db, keyScopeOf(auth), keyId);
  if (!row) throw notFound('The API key');
  return apiKeyOf(row, ctx.now());
}

function auditOf(auth: AuthContext, action: string, keyId: number, ip: string, details: Record<string, unknown>) {
  return { action, actorUserId: auth.userId, actorUsername: auth.username, clientId: auth.clientId, target: `api_key:${keyId}`, ip, details };
}
