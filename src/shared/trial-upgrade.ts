/**
 * Contracts of the upgrade offered when login answers TRIAL_EXPIRED (issue 19, ADR 035): the
 * refused login leaves a short-lived upgrade cookie; these calls read and use it.
 */
import { z } from 'zod';
import { PlanPreviewSchema } from './account';
import { SEARCH_OPTIONS } from './teams';

/** GET /services/trial-upgrade: who is upgrading what, and whether they may. */
export const TrialUpgradeOfferSchema = z.object({
  fullName: z.string(),
  clientName: z.string(),
  /** 'YYYY-MM-DD': the day the trial ended. */
  trialEndedOn: z.string().nullable(),
  /** Only account owners may upgrade; others are told whom to ask. */
  canUpgrade: z.boolean(),
  ownerNames: z.array(z.string()),
  searchOptions: z.array(z.enum(SEARCH_OPTIONS)),
  planPreviews: z.array(PlanPreviewSchema),
});
export type TrialUpgradeOffer = z.infer<typeof TrialUpgradeOfferSchema>;

export const TRIAL_UPGRADE_MESSAGES = {
  linkExpired: 'Your upgrade session has expired. Log in again to upgrade your trial.',
  notExpiredTrial: 'This account is no longer an expired trial. Log in to continue.',
  ownersOnly: (owners: string[]) =>
    owners.length
      ? `Only an account owner can upgrade this account. Please ask ${owners.join(' or ')} to log in and upgrade it.`
      : 'Only an account owner can upgrade this account. Please ask your account owner to log in and upgrade it.',
  upgraded: 'Thank you: your company account is active and you are logged in.',
} as const;
