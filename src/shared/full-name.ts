/**
 * A person's whole name in one field (`name: "Maria Elena Garcia Lopez"`), as sanctions screening
 * APIs take it (issue 52): the public API's name search and bulk person subjects accept it instead
 * of firstName and lastName. The server reads it into those two fields (`src/engine/full-name.ts`).
 */
import { z } from 'zod';
import { MESSAGES } from './messages';

/** As long as firstName and lastName together. */
export const FULL_NAME_MAX = 200;

export const FULL_NAME_TEXTS = {
  tooLong: `A full name (name) has at most ${FULL_NAME_MAX} characters.`,
  both: 'Give the name in one field (name) or in two (firstName and lastName), not both.',
  none: 'Give the person’s name: name (the whole name in one field), or firstName and lastName.',
  noneOrCompany: 'Give the person’s name: name (the whole name in one field), or firstName and lastName; or a business’s companyName.',
} as const;

export const FULL_NAME_EXAMPLE = 'Maria Elena Garcia Lopez';

/** The `name` field: trimmed; empty counts as not given. */
export const fullNameField = z
  .string()
  .trim()
  .max(FULL_NAME_MAX, FULL_NAME_TEXTS.tooLong)
  .meta({
    description:
      'The person’s whole name in one field, instead of firstName and lastName: "Maria Elena Garcia Lopez" or "GARCIA LOPEZ, Maria Elena" (surname first before a comma). Without a comma the first word is the given name and the last word the surname, the last two from four names on (a double surname); titles (Dr.) and credentials (MD) are left out, a suffix (Jr., III) kept. The answer is that of firstName and lastName as read, shown in `criteria`.',
    examples: [FULL_NAME_EXAMPLE, 'GARCIA LOPEZ, Maria Elena'],
  })
  .optional()
  .transform((v) => v || undefined);

interface PersonNameForms {
  name?: string;
  firstName?: string;
  lastName?: string;
}

/** Exactly one of the two forms of a person's name: `name`, or firstName and lastName; `noneMessage` when neither. */
export function checkPersonNameForms(q: PersonNameForms, ctx: z.RefinementCtx, noneMessage: string): void {
  if (q.name) {
    if (q.firstName || q.lastName) ctx.addIssue({ code: 'custom', path: ['name'], message: FULL_NAME_TEXTS.both });
    return;
  }
  if (q.firstName || q.lastName) {
    if (!q.firstName) ctx.addIssue({ code: 'custom', path: ['firstName'], message: MESSAGES.required });
    if (!q.lastName) ctx.addIssue({ code: 'custom', path: ['lastName'], message: MESSAGES.required });
    return;
  }
  ctx.addIssue({ code: 'custom', path: ['name'], message: noneMessage });
}
