/** The registration form's values and how server refusals land on its fields (spec §5). */
import {
  fieldsOfCreationError,
  REGISTRATION_FIELDS,
  REGISTRATION_MESSAGES,
  UserCreationErrorBodySchema,
  validateRegistration,
  type RegistrationField,
  type UserCreationErrorBody,
} from '#shared/registration';
import { isApiError } from '../app/api';

export type AccountValues = Record<RegistrationField, string>;

export const EMPTY_ACCOUNT: AccountValues = Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, ''])) as AccountValues;

/** Every local rule of the form, the same function the server runs. */
export function validateAccount(values: AccountValues, isInvitation: boolean): Partial<Record<RegistrationField, string>> {
  return validateRegistration(values, { isInvitation });
}

/** Text inputs are trimmed (passwords are taken as typed). */
export function trimAccount(values: AccountValues): AccountValues {
  const out = { ...values };
  for (const key of REGISTRATION_FIELDS) if (key !== 'password' && key !== 'verifyPassword') out[key] = out[key].trim();
  return out;
}

/** The spec's refusal body (userCreationError, errorMessages) of a failed call, or null for any other failure. */
export function creationErrorOf(error: unknown): UserCreationErrorBody | null {
  if (!isApiError(error)) return null;
  const parsed = UserCreationErrorBodySchema.safeParse(error.payload);
  return parsed.success ? parsed.data : null;
}

/**
 * Field errors of a refusal: the spec's code mapping with the server's messages ('This field
 * is invalid' when it gave none), and every field the server named with its own message.
 */
export function fieldErrorsOf(body: UserCreationErrorBody): Partial<Record<RegistrationField, string>> {
  const named: Partial<Record<RegistrationField, string>> = {};
  for (const [field, message] of Object.entries(body.error.fields ?? {})) {
    if ((REGISTRATION_FIELDS as readonly string[]).includes(field)) named[field as RegistrationField] = message || REGISTRATION_MESSAGES.fieldInvalid;
  }
  return { ...fieldsOfCreationError(body.userCreationError, body.errorMessages.join(' ')), ...named };
}
