/** Rules of Teams (multi-team clients) and Team Settings (single-team clients). */
import { ADMIN_MESSAGES, type AdminTeam, type CreateTeamInput, type TeamList, type UpdateTeamInput } from '#shared/admin';
import type { TeamType } from '#shared/teams';
import { recordAudit } from '../audit/audit';
import type { Db } from '../db/client';
import { AppError, notFound } from '../http/errors';
import { auditBy, chooseClient, scopeOf, type Caller } from '../access/caller';
import { findScopeClient } from './clients-queries';
import { target } from './history';
import {
  findMember,
  findTeam,
  findTeamNamed,
  findUsername,
  insertTeam,
  listClientMembers,
  listClientTeams,
  updateTeam,
} from './teams-queries';

export async function listTeams(db: Db, caller: Caller, requestedClientId?: number): Promise<TeamList> {
  const clientId = chooseClient(caller, requestedClientId);
  const client = await findScopeClient(db, clientId, scopeOf(caller));
  if (!client) throw notFound('The client');
  const [teams, members] = await Promise.all([listClientTeams(db, clientId), listClientMembers(db, clientId)]);
  const result: AdminTeam[] = teams.map((team) => {
    const own = members.filter((m) => m.teamId === team.id);
    const owner = own.find((m) => m.id === team.ownerUserId);
    return {
      id: team.id,
      name: team.name,
      ownerUserId: team.ownerUserId,
      ownerName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : null,
      memberCount: own.length,
      members: own.map((m) => ({ id: m.id, username: m.username, fullName: `${m.firstName} ${m.lastName}`.trim(), isActive: m.isActive })),
      createdAt: team.createdAt.toISOString(),
    };
  });
  return { client: { ...client, teamType: client.teamType as TeamType }, teams: result };
}

async function refuseTakenName(db: Db, clientId: number, name: string, exceptTeamId?: number) {
  if (await findTeamNamed(db, clientId, name, exceptTeamId)) {
    throw new AppError('CONFLICT', ADMIN_MESSAGES.teamNameTaken, { name: ADMIN_MESSAGES.teamNameTaken });
  }
}

export async function createTeam(db: Db, caller: Caller, input: CreateTeamInput): Promise<TeamList> {
  const clientId = chooseClient(caller, input.clientId);
  const client = await findScopeClient(db, clientId, scopeOf(caller));
  if (!client) throw notFound('The client');
  // A single-team plan is billed as one team; more teams need the unlimited plan.
  if (client.teamType !== 'MULTI_TEAM') throw new AppError('CONFLICT', ADMIN_MESSAGES.singleTeamClient);
  await refuseTakenName(db, clientId, input.name);
  const team = await insertTeam(db, clientId, input.name);
  await recordAudit(db, { action: 'admin.team.create', ...auditBy(caller, clientId, target.team(team.id)), details: { from: null, to: team.name } });
  return listTeams(db, caller, clientId);
}

/** Renames a team and/or sets its owner, who must be one of its members (null clears it). */
export async function changeTeam(db: Db, caller: Caller, teamId: number, input: UpdateTeamInput): Promise<TeamList> {
  const team = await findTeam(db, teamId, scopeOf(caller));
  if (!team) throw notFound('The team');
  const audit = auditBy(caller, team.clientId, target.team(team.id));
  if (input.name !== undefined && input.name !== team.name) {
    await refuseTakenName(db, team.clientId, input.name, team.id);
    await updateTeam(db, team.id, { name: input.name });
    await recordAudit(db, { action: 'admin.team.name', ...audit, details: { from: team.name, to: input.name } });
  }
  if (input.ownerUserId !== undefined && input.ownerUserId !== team.ownerUserId) {
    const owner = input.ownerUserId === null ? null : await findMember(db, team.id, input.ownerUserId);
    if (input.ownerUserId !== null && !owner) {
      throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.ownerNotInTeam, { ownerUserId: ADMIN_MESSAGES.ownerNotInTeam });
    }
    await updateTeam(db, team.id, { ownerUserId: input.ownerUserId });
    const previous = await findUsername(db, team.ownerUserId);
    await recordAudit(db, { action: 'admin.team.owner', ...audit, details: { from: previous, to: owner?.username ?? null } });
  }
  return listTeams(db, caller, team.clientId);
}
