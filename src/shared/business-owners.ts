/**
 * A business searched with its owners or principals (issue 52, ADR 119): each owner is a person's
 * whole name in one field ("Maria Elena Garcia Lopez", "GARCIA LOPEZ, Maria Elena"), as sanctions
 * screening APIs take it, screened as a person on the business's lists and billed as one more name
 * search. The query is `owner` repeated (`owner=…&owner=…`, or `owner[]=…`, spec §7's bracket style).
 */
import { z } from 'zod';
import { FULL_NAME_MAX } from './full-name';

/** Owners one business search takes. */
export const MAX_OWNERS = 10;

export const OWNER_TEXTS = {
  tooMany: `List at most ${MAX_OWNERS} owners with one business.`,
  tooLong: (position: number) => `Owner ${position}: a name has at most ${FULL_NAME_MAX} characters.`,
  noLetters: (position: number) => `Owner ${position}: write the person’s whole name in letters, such as “Maria Elena Garcia Lopez” or “GARCIA LOPEZ, Maria Elena”.`,
  /** A name the reading finds no name in (only a nickname in quotes, an aside in parentheses). */
  unreadable: (name: string) => `The owner “${name}” holds no name to search: write the person’s whole name, such as “Maria Elena Garcia Lopez”.`,
  businessOnly: 'Owners go with a business search: choose Business and give its name to list its owners.',
  signedInOnly: 'Owners of a business are searched for signed-in users with name searching. Log in to list them.',
  trialLimit: (needed: number, remaining: number, perMonth: number) =>
    `This search needs ${needed} searches (the business and each owner) but your trial has ${remaining} of its ${perMonth} free searches left this month. Nothing was searched or billed: list fewer owners, or upgrade to a paid plan.`,
  /** What the form says before searching (ADR 119). */
  billing: (owners: number) =>
    owners === 0
      ? 'Each owner you list counts as one more name search, on your monthly bill or your trial’s allowance.'
      : `This search counts as ${owners + 1} name searches, on your monthly bill or your trial’s allowance: the business and ${owners === 1 ? 'its owner' : `each of its ${owners} owners`}.`,
} as const;

/** The whole-name rule each owner passes (the position, 1-based, names it in the message). */
export function ownerNameError(name: string, position: number): string | null {
  if (name.length > FULL_NAME_MAX) return OWNER_TEXTS.tooLong(position);
  if (!/\p{L}/u.test(name)) return OWNER_TEXTS.noLetters(position);
  return null;
}

/** The `owner` query parameter: one value or many, trimmed, blanks dropped, each a whole name. */
export const ownersField = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean))
  .superRefine((owners, ctx) => {
    if (owners.length > MAX_OWNERS) ctx.addIssue({ code: 'custom', message: OWNER_TEXTS.tooMany });
    owners.forEach((name, i) => {
      const message = ownerNameError(name, i + 1);
      if (message) ctx.addIssue({ code: 'custom', path: [i], message });
    });
  })
  .optional();
