/** Rules of Client Admin: list and filter clients, edit allowlist and help page, disable and re-enable. */
import { ADMIN_MESSAGES, type ClientDetail, type ClientSummary, type UpdateClientInput } from '#shared/admin';
import type { AccountState, TeamType } from '#shared/teams';
import { recordAudit } from '../audit/audit';
import type { Db } from '../db/client';
import { AppError, notFound } from '../http/errors';
import { auditBy, type Caller } from '../access/caller';
import { listHistory, target } from './history';
import { findClient, listClients, revokeClientSessions, updateClient } from './clients-queries';

type ClientRow = NonNullable<Awaited<ReturnType<typeof findClient>>>;

function toSummary({ client, usersCount }: ClientRow): ClientSummary {
  return {
    id: client.id,
    name: client.name,
    domainName: client.domainName,
    planType: client.planType,
    state: client.state as AccountState,
    teamType: client.teamType as TeamType,
    searchOptions: client.searchOptions,
    usersCount,
    createdAt: client.createdAt.toISOString(),
  };
}

function toDetail(row: ClientRow): ClientDetail {
  return { ...toSummary(row), ipAllowlist: row.client.ipAllowlist, privateHelpPage: row.client.privateHelpPage, reviewThreshold: row.client.reviewThreshold };
}

export async function searchClients(db: Db, filter: { q?: string; state?: AccountState }): Promise<ClientSummary[]> {
  return (await listClients(db, filter)).map(toSummary);
}

export async function getClient(db: Db, clientId: number): Promise<ClientDetail> {
  const row = await findClient(db, clientId);
  if (!row) throw notFound('The client');
  return toDetail(row);
}

export async function changeClientSettings(db: Db, caller: Caller, clientId: number, input: UpdateClientInput): Promise<ClientDetail> {
  const { client } = toRow(await findClient(db, clientId));
  const audit = auditBy(caller, client.id, target.client(client.id));
  if (input.ipAllowlist !== undefined) {
    const to = [...new Set(input.ipAllowlist.map((entry) => entry.trim()))];
    if (to.join('\n') !== client.ipAllowlist.join('\n')) {
      await updateClient(db, client.id, { ipAllowlist: to });
      await recordAudit(db, { action: 'admin.client.ip_allowlist', ...audit, details: { from: client.ipAllowlist, to } });
    }
  }
  if (input.privateHelpPage !== undefined) {
    const to = input.privateHelpPage === '' ? null : input.privateHelpPage;
    if (to !== client.privateHelpPage) {
      await updateClient(db, client.id, { privateHelpPage: to });
      await recordAudit(db, { action: 'admin.client.help_page', ...audit, details: { from: client.privateHelpPage, to } });
    }
  }
  if (input.reviewThreshold !== undefined && input.reviewThreshold !== client.reviewThreshold) {
    await updateClient(db, client.id, { reviewThreshold: input.reviewThreshold });
    await recordAudit(db, { action: 'admin.client.review_threshold', ...audit, details: { from: client.reviewThreshold, to: input.reviewThreshold } });
  }
  return getClient(db, client.id);
}

/**
 * Disabling ends every session of the client's users at once. Re-enabling returns a
 * free plan to trial and any other plan to paid; the trial end date still applies.
 */
export async function setClientEnabled(db: Db, caller: Caller, clientId: number, isEnabled: boolean): Promise<ClientDetail> {
  const { client } = toRow(await findClient(db, clientId));
  const to: AccountState = isEnabled ? (client.planType === 'FREE' ? 'trial' : 'paid') : 'disabled';
  if (!isEnabled && client.id === caller.clientId) throw new AppError('CONFLICT', ADMIN_MESSAGES.cannotDisableOwnClient);
  if (isEnabled ? client.state !== 'disabled' : client.state === 'disabled') return getClient(db, client.id);
  await updateClient(db, client.id, { state: to });
  const revokedSessions = isEnabled ? 0 : await revokeClientSessions(db, client.id);
  await recordAudit(db, {
    action: 'admin.client.state',
    ...auditBy(caller, client.id, target.client(client.id)),
    details: { from: client.state, to, revokedSessions },
  });
  return getClient(db, client.id);
}

function toRow(row: ClientRow | null): ClientRow {
  if (!row) throw notFound('The client');
  return row;
}

export async function clientHistory(db: Db, clientId: number) {
  const { client } = toRow(await findClient(db, clientId));
  return listHistory(db, target.client(client.id), client.id);
}
