/** The spec's current-user answer (GET /services/user/info). */
import type { CurrentUser } from '#shared/auth';
import type { TeamType } from '#shared/teams';
import type { Db } from '../db/client';
import { unauthenticated } from '../http/errors';
import { loadCurrentUser } from './queries';

export async function getCurrentUser(db: Db, userId: number): Promise<CurrentUser> {
  const row = await loadCurrentUser(db, userId);
  if (!row) throw unauthenticated();
  const { user, client, team, roles } = row;
  const teamType = (client.teamType as TeamType | null) ?? null;
  return {
    userName: user.username,
    roles,
    clientName: client.name,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    domainName: client.domainName,
    privateHelpPage: client.privateHelpPage,
    teamType,
    singleTeam: teamType === 'SINGLE',
    multiTeam: teamType === 'MULTI_TEAM',
    teamOwner: team?.ownerUserId === user.id,
    teamName: team?.name ?? null,
  };
}
