/** Form rules for choosing a password, shared by password reset and first-run setup. */
import { MESSAGES } from '#shared/messages';
import { checkPassword } from '#shared/passwords';
import type { ApiError } from '../app/api';

export interface NewPasswordValues {
  password: string;
  verifyPassword: string;
}

/** Mantine form validators: local password rules, then the confirmation must match. */
export function newPasswordRules<T extends NewPasswordValues>(usernameOf: (values: T) => string = () => '') {
  return {
    password: (value: string, values: T) => (value ? checkPassword(value, usernameOf(values)) : MESSAGES.required),
    verifyPassword: (value: string, values: T) => {
      if (!value) return MESSAGES.required;
      return value === values.password ? null : MESSAGES.passwordsDoNotMatch;
    },
  };
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
