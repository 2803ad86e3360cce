/** Contracts of sign-in, current user, password reset and first-run setup. */
import { z } from 'zod';
import { LOGIN_CODES, MESSAGES } from './messages';
import { TEAM_TYPES } from './teams';

// Field messages are the ones the forms show (the forms validate with these schemas, ADR 054).
const trimmed = (max: number) => z.string().trim().min(1, MESSAGES.required).max(max);
const password = z.string().min(1, MESSAGES.required).max(200);

/** The setup form's e-mail message, also the server's field message. */
export const EMAIL_INVALID = 'Enter a valid e-mail address.';

export const LoginInputSchema = z.strictObject({
  username: trimmed(100),
  password,
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const LoginCodeSchema = z.enum(LOGIN_CODES);

export const CurrentUserSchema = z.object({
  userName: z.string(),
  roles: z.array(z.string()),
  clientName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  domainName: z.string(),
  privateHelpPage: z.string().nullable(),
  teamType: z.enum(TEAM_TYPES).nullable(),
  singleTeam: z.boolean(),
  multiTeam: z.boolean(),
  teamOwner: z.boolean(),
  teamName: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const UsernameStatusSchema = z.enum(['TAKEN', 'AVAILABLE']);
export type UsernameStatus = z.infer<typeof UsernameStatusSchema>;

export const PasswordResetRequestSchema = z.strictObject({
  usernameOrEmail: trimmed(254),
});

export const PasswordResetSchema = z.strictObject({
  token: z.string().min(10).max(200),
  password,
  verifyPassword: password,
});

/** Checks a reset link before its form is shown; answers what a submit with it would (ADR 035). */
export const PasswordResetCheckSchema = z.strictObject({
  token: z.string().min(10).max(200),
});

export const ValidSchema = z.object({ valid: z.literal(true) });

export const SetupInputSchema = z.strictObject({
  token: z.string().min(10).max(200),
  username: trimmed(100),
  email: trimmed(254).pipe(z.email(EMAIL_INVALID)),
  firstName: trimmed(100),
  lastName: trimmed(100),
  password,
});

export const MessageSchema = z.object({ message: z.string() });

export const SupportWidgetSchema = z.object({
  appKey: z.string().nullable(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  clientName: z.string(),
});
