/** Rules of the Users page: who may change whose roles, team and active state, and the audit trail. */
import { ADMIN_MESSAGES, type AdminUser, type HistoryEntry, type UserList } from '#shared/admin';
import { ROLES, type Role } from '#shared/roles';
import { ROLE_GRANT_MESSAGES, roleLock } from '#shared/role-grants';
import type { TeamType } from '#shared/teams';
import { recordAudit } from '../audit/audit';
import type { Db } from '../db/client';
import { AppError, notFound } from '../http/errors';
import { revokeUserSessions } from '../http/session-queries';
import { auditBy, chooseClient, scopeOf, type Caller } from '../access/caller';
import { findScopeClient } from './clients-queries';
import { listHistory, target } from './history';
import {
  findTeamOfClient,
  findUser,
  listClientUsers,
  listTeamOptions,
  releaseOwnership,
  replaceRoles,
  setUserActive,
  setUserTeam,
} from './users-queries';

type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    teamId: row.teamId,
    teamName: row.teamName,
    roles: row.roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r)),
    isActive: row.isActive,
  };
}

export async function listUsers(db: Db, caller: Caller, requestedClientId?: number): Promise<UserList> {
  const clientId = chooseClient(caller, requestedClientId);
  const client = await findScopeClient(db, clientId, scopeOf(caller));
  if (!client) throw notFound('The client');
  const [teams, users] = await Promise.all([listTeamOptions(db, clientId), listClientUsers(db, clientId)]);
  return { client: { ...client, teamType: client.teamType as TeamType }, teams, users: users.map(toAdminUser) };
}

async function loadUser(db: Db, caller: Caller, userId: number): Promise<UserRow> {
  const user = await findUser(db, userId, scopeOf(caller));
  if (!user) throw notFound('The user');
  return user;
}

export async function changeRoles(db: Db, caller: Caller, userId: number, requested: readonly Role[]): Promise<AdminUser> {
  const user = await loadUser(db, caller, userId);
  const from = [...user.roles].sort();
  const to = [...new Set(requested)].sort();
  const touched = ROLES.filter((role) => from.includes(role) !== to.includes(role));
  if (touched.length === 0) return toAdminUser(user);
  // Each role changed is checked against who may change it (issue 53); a refusal is audited.
  const grant = { callerIsSystemAdmin: caller.isSystemAdmin, isSelf: user.id === caller.userId, targetRoles: user.roles };
  for (const role of touched) {
    const reason = roleLock(role, grant);
    if (!reason) continue;
    await recordAudit(db, { action: 'admin.user.roles_refused', ...auditBy(caller, user.clientId, target.user(user.id)), details: { from, to, role, reason } });
    throw new AppError(reason === ROLE_GRANT_MESSAGES.ownAdmin ? 'CONFLICT' : 'FORBIDDEN', reason);
  }
  await replaceRoles(db, user.id, to);
  await recordAudit(db, { action: 'admin.user.roles', ...auditBy(caller, user.clientId, target.user(user.id)), details: { from, to } });
  return toAdminUser(await loadUser(db, caller, userId));
}

/** Moves a user to another team of the same client; an owner leaves the ownership behind. */
export async function moveUser(db: Db, caller: Caller, userId: number, teamId: number): Promise<AdminUser> {
  const user = await loadUser(db, caller, userId);
  const team = await findTeamOfClient(db, teamId, user.clientId);
  if (!team) throw notFound('The team');
  if (team.id === user.teamId) return toAdminUser(user);
  await setUserTeam(db, user.id, team.id);
  const released = await releaseOwnership(db, user.id, team.id);
  await recordAudit(db, {
    action: 'admin.user.team',
    ...auditBy(caller, user.clientId, target.user(user.id)),
    details: { from: user.teamName, to: team.name, fromTeamId: user.teamId, toTeamId: team.id },
  });
  for (const old of released) {
    await recordAudit(db, {
      action: 'admin.team.owner',
      ...auditBy(caller, user.clientId, target.team(old.id)),
      details: { from: user.username, to: null, reason: 'owner moved to another team' },
    });
  }
  return toAdminUser(await loadUser(db, caller, userId));
}

/** Deactivation also ends the user's sessions at once, not at their next expiry. */
export async function setActive(db: Db, caller: Caller, userId: number, isActive: boolean): Promise<AdminUser> {
  const user = await loadUser(db, caller, userId);
  if (!isActive && user.id === caller.userId) throw new AppError('CONFLICT', ADMIN_MESSAGES.cannotDeactivateSelf);
  if (user.isActive === isActive) return toAdminUser(user);
  await setUserActive(db, user.id, isActive);
  if (!isActive) await revokeUserSessions(db, user.id);
  await recordAudit(db, {
    action: 'admin.user.active',
    ...auditBy(caller, user.clientId, target.user(user.id)),
    details: { from: user.isActive, to: isActive },
  });
  return toAdminUser(await loadUser(db, caller, userId));
}

export async function userHistory(db: Db, caller: Caller, userId: number): Promise<HistoryEntry[]> {
  const user = await loadUser(db, caller, userId);
  return listHistory(db, target.user(user.id), user.clientId);
}
