/**
 * Upgrading an expired trial from the login page (issue 19 item 2, ADR 035). The refused login
 * left an upgrade token (auth/upgrade-token.ts); it names the user, so the upgrade acts only on
 * that user's own client, and only an account owner may make it. A successful upgrade signs the
 * user in at once: they typed their password moments ago and acknowledged the Intent of Use.
 */
import type { AccountDetails, UpgradeTrialInput } from '#shared/account';
import { LOGIN_MESSAGES } from '#shared/messages';
import { TRIAL_UPGRADE_MESSAGES, type TrialUpgradeOffer } from '#shared/trial-upgrade';
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { isIpAllowed } from '../http/ip-allowlist';
import { loadCurrentUser, consumeUpgradeToken, issueUpgradeToken, upgradeTokenUser } from '../auth/public';
import { isoDay, findOwners } from '../billing/public';
import { AppError } from '../http/errors';
import { createSession } from '../http/session-queries';
import { hashToken, newToken } from '../http/tokens';
import { accountDetails } from './details';
import { upgradeTrial } from './plan-changes';

/** The token's user with their client, refused unless the client is still a trial. */
async function upgrader(ctx: AppContext, token: string | undefined) {
  const userId = await upgradeTokenUser(ctx.db, token, ctx.now());
  const found = userId === null ? null : await loadCurrentUser(ctx.db, userId);
  if (!found || !found.user.isActive) throw new AppError('NOT_FOUND', TRIAL_UPGRADE_MESSAGES.linkExpired);
  if (found.client.state !== 'trial') throw new AppError('BAD_REQUEST', TRIAL_UPGRADE_MESSAGES.notExpiredTrial);
  const owners = await findOwners(ctx.db, found.client.id);
  const isOwner = found.roles.includes('account_owner_user') && owners.some((o) => o.id === found.user.id);
  return { ...found, isOwner, ownerNames: owners.map((o) => `${o.firstName} ${o.lastName}`.trim()) };
}

/** GET /services/trial-upgrade. */
export async function trialUpgradeOffer(ctx: AppContext, token: string | undefined): Promise<TrialUpgradeOffer> {
  const { user, client, isOwner, ownerNames } = await upgrader(ctx, token);
  const details = await accountDetails(ctx, client.id);
  return {
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    clientName: client.name,
    trialEndedOn: client.trialEndsAt ? isoDay(client.trialEndsAt) : null,
    canUpgrade: isOwner,
    ownerNames: isOwner ? [] : ownerNames,
    searchOptions: details.searchOptions,
    planPreviews: details.planPreviews,
  };
}

export interface UpgradeRequest {
  ip: string;
  userAgent: string | null;
  /** Receives a fresh upgrade token after a refused card, so the user can try another. */
  onRetryToken: (token: string) => void;
}

/** PUT /services/trial-upgrade: card, plan, confirm; then the user is signed in. Answers the account and the new session. */
export async function upgradeExpiredTrial(
  ctx: AppContext,
  token: string | undefined,
  input: UpgradeTrialInput,
  request: UpgradeRequest,
): Promise<{ account: AccountDetails; sessionToken: string }> {
  const { user, client, isOwner, ownerNames } = await upgrader(ctx, token);
  if (!isOwner) throw new AppError('FORBIDDEN', TRIAL_UPGRADE_MESSAGES.ownersOnly(ownerNames));
  if (!isIpAllowed(request.ip, client.ipAllowlist)) throw new AppError('WHITELIST_FAILURE', LOGIN_MESSAGES.WHITELIST_FAILURE);
  // Used before the card is charged: two submissions with one token make one upgrade.
  if (!(await consumeUpgradeToken(ctx.db, token!, ctx.now()))) throw new AppError('NOT_FOUND', TRIAL_UPGRADE_MESSAGES.linkExpired);
  const owner = { userId: user.id, username: user.username, clientId: client.id, ip: request.ip };
  let account: AccountDetails;
  try {
    account = await upgradeTrial(ctx, owner, input);
  } catch (error) {
    // A refused card leaves the user where they were, with a new token to try again.
    request.onRetryToken(await issueUpgradeToken(ctx.db, user.id, ctx.now()));
    throw error;
  }
  const sessionToken = newToken();
  const now = ctx.now();
  await createSession(ctx.db, { idHash: hashToken(sessionToken), userId: user.id, expiresAt: new Date(now.getTime() + ctx.config.sessionTtlHours * 3_600_000), ip: request.ip, userAgent: request.userAgent });
  await recordAudit(ctx.db, { action: 'login.succeeded', actorUserId: user.id, actorUsername: user.username, clientId: client.id, ip: request.ip, details: { after: 'trial_upgrade' } });
  return { account, sessionToken };
}
