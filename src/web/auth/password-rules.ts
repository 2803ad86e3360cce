/** Form rules for choosing a password, shared by password reset and first-run setup. */
import type { z } from 'zod';
import { PasswordResetSchema } from '#shared/auth';
import { MESSAGES } from '#shared/messages';
import { checkPassword } from '#shared/passwords';
import type { ApiError } from '../app/api';

/** The contract's two password fields (each required). */
export const NewPasswordSchema = PasswordResetSchema.pick({ password: true, verifyPassword: true });
export type NewPasswordValues = z.infer<typeof NewPasswordSchema>;

/**
 * What the server checks after the contract, checked before sending: the shared password
 * rules (without the dictionary, which only the server holds), then the confirmation.
 * For `superRefine` of a form schema; a blank field keeps the contract's "required".
 */
export function refineNewPassword(values: NewPasswordValues, ctx: z.RefinementCtx, username = ''): void {
  const broken = checkPassword(values.password, username);
  if (broken) ctx.addIssue({ code: 'custom', path: ['password'], message: broken });
  if (values.verifyPassword !== values.password) ctx.addIssue({ code: 'custom', path: ['verifyPassword'], message: MESSAGES.passwordsDoNotMatch });
}

/**
 * Splits a server error into errors for the form's own fields and a message for the rest:
 * `fields` keys the form knows go to those fields; anything else is shown above the form.
 */
export function splitServerErrors(
  error: ApiError,
  formFields: readonly string[],
): { fieldErrors: Record<string, string>; message: string | null } {
  const fieldErrors: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(error.fields)) {
    if (formFields.includes(field)) fieldErrors[field] = message;
    else other.push(message);
  }
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const message = other.length ? other.join(' ') : hasFieldErrors ? null : error.message;
  return { fieldErrors, message };
}
