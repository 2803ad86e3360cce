/** The card on file: client tokens for the card form, and replacing the card (then retrying failed charges). */
import type { AppContext } from '../app-context';
import { recordAudit } from '../audit/audit';
import { customerDeclineReason } from './decline-reasons';
import { AppError, notFound } from '../http/errors';
import { retryFailedInvoices } from './charging';
import { paymentsOf } from './payments';
import { findBillingAccount, updateBillingAccount } from './queries';

export interface CardOwner {
  userId: number;
  username: string;
  clientId: number;
  ip: string;
}

/** The caller's own customer; another client's id answers 404 like an unknown one. */
async function ownCustomer(ctx: AppContext, clientId: number, customerId: string) {
  const account = await findBillingAccount(ctx.db, clientId);
  if (!account || account.customerId !== customerId) throw notFound('The customer');
  return account;
}

export async function clientTokenFor(ctx: AppContext, owner: CardOwner | null, customerId?: string) {
  const payments = paymentsOf(ctx);
  if (customerId !== undefined) await ownCustomer(ctx, owner!.clientId, customerId);
  return { provider: payments.name, clientToken: await payments.clientToken(customerId) };
}

export async function replaceCard(ctx: AppContext, owner: CardOwner, customerId: string, nonce: string) {
  await ownCustomer(ctx, owner.clientId, customerId);
  const result = await paymentsOf(ctx).replaceCard(customerId, nonce);
  if (!result.ok) {
    await recordAudit(ctx.db, { action: 'account.card_refused', actorUserId: owner.userId, actorUsername: owner.username, clientId: owner.clientId, ip: owner.ip, details: { messages: result.messages } });
    throw new AppError('BAD_REQUEST', customerDeclineReason(result.messages));
  }
  await updateBillingAccount(ctx.db, owner.clientId, { paymentMethodToken: result.paymentMethodToken, cardLastFour: result.lastFour });
  await recordAudit(ctx.db, {
    action: 'account.card_updated',
    actorUserId: owner.userId,
    actorUsername: owner.username,
    clientId: owner.clientId,
    ip: owner.ip,
    details: { lastFour: result.lastFour },
  });
  await retryFailedInvoices(ctx, owner.clientId);
}
