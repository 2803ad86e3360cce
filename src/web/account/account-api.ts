/** Calls of the account page, through the app's one api helper, checked against the shared contracts. */
import { z } from 'zod';
import {
  AccountChangeResponseSchema,
  AccountDetailsSchema,
  InvoiceListSchema,
  type UpgradeTrialInput,
} from '#shared/account';
import { PAYMENT_PATH } from '#shared/registration';
import { TrialUpgradeOfferSchema } from '#shared/trial-upgrade';
import type { SearchOption, TeamType } from '#shared/teams';
import { api } from '../app/api';

export const accountKeys = {
  details: ['account', 'details'] as const,
  invoices: ['account', 'invoices'] as const,
};

export const fetchAccount = () => api('/services/account', { schema: AccountDetailsSchema });
export const fetchInvoices = () => api('/services/account/invoices', { schema: InvoiceListSchema });

export const upgradeTrial = (input: UpgradeTrialInput) => api('/services/account', { method: 'PUT', body: input, schema: AccountChangeResponseSchema });
export const updateSearchOptions = (options: SearchOption[]) =>
  api('/services/account/searchoptions', { method: 'PUT', body: options, schema: AccountChangeResponseSchema });
export const updateTeamOption = (teamType: TeamType) =>
  api('/services/account/teamoptions', { method: 'PUT', body: teamType, schema: AccountChangeResponseSchema });
export const cancelAccount = () => api('/services/account/cancel', { method: 'PUT', schema: AccountChangeResponseSchema });
export const reactivateAccount = () => api('/services/account/reactivate', { method: 'PUT', schema: AccountChangeResponseSchema });

/** The expired trial's upgrade from the login page: the refused login's cookie says who (ADR 035). */
export const fetchTrialUpgradeOffer = () => api('/services/trial-upgrade', { schema: TrialUpgradeOfferSchema });
export const upgradeExpiredTrial = (input: UpgradeTrialInput) => api('/services/trial-upgrade', { method: 'PUT', body: input, schema: AccountChangeResponseSchema });

/** Replaces the customer's payment method with the card form's new nonce. */
export const updateCard = (customerId: string, nonce: string) =>
  api(`/services/${PAYMENT_PATH}/customer/${encodeURIComponent(customerId)}`, { method: 'PUT', body: { nonce }, schema: z.unknown() });

/** Where an invoice's PDF is downloaded (a plain link: the session cookie goes with it). */
export const invoicePdfUrl = (invoiceId: number) => `/services/account/invoices/${invoiceId}/pdf`;
