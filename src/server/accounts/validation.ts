/** Server-side checks of a sign-up form (spec §5): the shared rules, the word list, username use. */
import {
  companyNameInUseNotice,
  REGISTRATION_MESSAGES,
  validateRegistration,
  type ParsedUserInfo,
  type RegistrationField,
  type UserCreationError,
} from '#shared/registration';
import type { Db } from '../db/client';
import { isDictionaryWord, isUsernameTaken } from '../auth/public';
import { UserCreationFailure } from './creation-error';
import { isClientNameUsed, isEmailTaken } from './queries';

export interface InvitationFacts {
  email: string;
  companyName: string;
}

/** Throws the first problem's code with every field at fault; resolves when the form may be saved. */
export async function validateUserInfo(db: Db, info: ParsedUserInfo, invitation: InvitationFacts | null): Promise<void> {
  const fields: Partial<Record<RegistrationField, string>> = validateRegistration(info, { isInvitation: invitation !== null, isDictionaryWord });
  if (!fields.username && (await isUsernameTaken(db, info.username))) fields.username = REGISTRATION_MESSAGES.usernameTaken;
  // One e-mail, one user: password resets by e-mail must reach one account (ADR 031).
  if (!fields.email && (await isEmailTaken(db, info.email))) fields.email = REGISTRATION_MESSAGES.emailInUse;
  if (invitation && !fields.email && info.email.toLowerCase() !== invitation.email.toLowerCase()) {
    fields.email = REGISTRATION_MESSAGES.invitationEmailMismatch;
  }
  if (invitation && !fields.companyName && info.companyName !== invitation.companyName) fields.companyName = REGISTRATION_MESSAGES.fieldInvalid;
  const entries = Object.entries(fields) as [RegistrationField, string][];
  if (entries.length === 0) return;

  const code = codeOf(fields);
  // The spec maps password codes to both password fields.
  if (code === 'INVALID_PASSWORD' || code === 'PASSWORDS_DO_NOT_MATCH') {
    const text = fields.password ?? fields.verifyPassword!;
    fields.password ??= text;
    fields.verifyPassword ??= text;
  }
  throw new UserCreationFailure(code, [...new Set(entries.map(([, m]) => m))], fields);
}

/** Notices for a valid form: a company name another client has is allowed, and said. */
export async function signUpNotices(db: Db, info: ParsedUserInfo, invitation: InvitationFacts | null): Promise<string[]> {
  if (invitation || !(await isClientNameUsed(db, info.companyName))) return [];
  return [companyNameInUseNotice(info.companyName)];
}

function codeOf(fields: Partial<Record<RegistrationField, string>>): UserCreationError {
  const values = Object.values(fields);
  if (values.includes(REGISTRATION_MESSAGES.required)) return 'REQUIRED_FIELD_MISSING';
  if (fields.email) return 'INVALID_EMAIL';
  if (fields.password) return 'INVALID_PASSWORD';
  if (fields.verifyPassword) return 'PASSWORDS_DO_NOT_MATCH';
  if (fields.username === REGISTRATION_MESSAGES.usernameTaken) return 'USERNAME_TAKEN';
  if (fields.username) return 'INVALID_USERNAME';
  return 'INVALID_FIELD';
}
