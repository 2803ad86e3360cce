/**
 * Contracts of registration (spec accounts-and-access §2 Registration steps, §3, §4, §5, §7,
 * §8): the form and its rules, server validation, invitations, account creation and the
 * card form's client token. Server and web use the same rules and messages.
 */
import { z } from 'zod';
import { MESSAGES } from './messages';
import { checkPassword } from './passwords';
import { PLAN_TYPES, SEARCH_OPTIONS, TEAM_TYPES, type PlanType, type SearchOption } from './teams';

/** Company sizes and industries of the form (spec §3), in the spec's order. */
export const COMPANY_SIZES = ['0 - 500', '501 - 3,000', '3,001+'] as const;
export const INDUSTRIES = ['Health Plan', 'Health System', 'Pharmacy / Biotech', 'Other'] as const;

/** Texts of registration (§5, §8 word for word; the rest our own). */
export const REGISTRATION_MESSAGES = {
  required: MESSAGES.required,
  passwordsDoNotMatch: MESSAGES.passwordsDoNotMatch,
  passwordHint: MESSAGES.passwordRules,
  usernameTaken: 'This username is already used.',
  emailInUse: 'This e-mail address already has a Clearlist account. Log in, or reset your password if you have forgotten it.',
  fieldInvalid: 'This field is invalid',
  npiInvalid: MESSAGES.npiInvalid,
  chooseTeam: 'Please select a team option before continuing.',
  clientCreation: 'There was an error creating your account. Please try again later.',
  paymentRejected:
    'There was a problem processing your credit card. Please double check your payment information and try again.',
  invitationLoadFailed: 'Could not load user invitation at this time. Please try again later.',
  // Our own texts for rules the spec leaves to the server.
  emailInvalid: 'Please enter a valid e-mail address.',
  usernameInvalid: 'Use 3 to 100 letters, digits, dots, dashes, underscores or @.',
  cardRequired: 'Please enter your card details.',
  invitationEmailMismatch: 'This invitation was sent to another e-mail address.',
} as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,100}$/;
/** What an e-mail address must look like (registration, co-worker invitations). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's fields (spec §3 User registration info). */
export const REGISTRATION_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'companyName',
  'companySize',
  'industry',
  'username',
  'password',
  'verifyPassword',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/**
 * userInfo of POST /services/user/validate and POST /services/account. Text inputs are
 * trimmed (spec §5); blank company size and industry are allowed here because invitations
 * do not ask them: `validateRegistration` decides what is required.
 */
export const UserInfoSchema = z.strictObject({
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  email: z.string().trim().max(254),
  companyName: z.string().trim().max(200),
  companySize: z.string().trim().max(40).default(''),
  industry: z.string().trim().max(60).default(''),
  username: z.string().trim().max(100),
  password: z.string().max(200),
  verifyPassword: z.string().max(200),
  /** The card form's payment method nonce (paid plans); card data never reaches us. */
  nonce: z.string().trim().max(4000).optional(),
  /** The invitation being accepted (plan INVITATION). */
  inviteId: z.string().trim().max(200).optional(),
  acknowledgeTerms: z.boolean().default(true),
  accountOwner: z.boolean().default(true),
});
export type UserInfo = z.input<typeof UserInfoSchema>;
export type ParsedUserInfo = z.output<typeof UserInfoSchema>;

/** Field → message for every local rule broken (spec §5); empty when the form may be sent. */
export function validateRegistration(
  info: UserInfo,
  options: { isInvitation: boolean; isDictionaryWord?: (word: string) => boolean },
): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  const value = (field: RegistrationField) => String(info[field] ?? '').trim();
  const required: RegistrationField[] = options.isInvitation
    ? ['firstName', 'lastName', 'email', 'companyName', 'username', 'password', 'verifyPassword']
    : [...REGISTRATION_FIELDS];
  for (const field of required) if (!value(field)) errors[field] = REGISTRATION_MESSAGES.required;
  if (!errors.email && !EMAIL_PATTERN.test(value('email'))) errors.email = REGISTRATION_MESSAGES.emailInvalid;
  if (!errors.username && !USERNAME_PATTERN.test(value('username'))) errors.username = REGISTRATION_MESSAGES.usernameInvalid;
  if (!options.isInvitation) {
    if (!errors.companySize && !(COMPANY_SIZES as readonly string[]).includes(value('companySize'))) errors.companySize = REGISTRATION_MESSAGES.fieldInvalid;
    if (!errors.industry && !(INDUSTRIES as readonly string[]).includes(value('industry'))) errors.industry = REGISTRATION_MESSAGES.fieldInvalid;
  }
  if (!errors.password) {
    const problem = checkPassword(info.password, value('username'), options.isDictionaryWord);
    if (problem) errors.password = problem;
  }
  if (!errors.password && !errors.verifyPassword && info.password !== info.verifyPassword) {
    errors.verifyPassword = REGISTRATION_MESSAGES.passwordsDoNotMatch;
  }
  return errors;
}

/** NPI rule of §5: exactly 10 digits, nothing else. */
export function npiError(npi: string): string | null {
  return /^\d{10}$/.test(npi) ? null : REGISTRATION_MESSAGES.npiInvalid;
}

/** data.userCreationError of validation and creation failures (spec §5, §7). */
export const USER_CREATION_ERRORS = [
  'INVALID_EMAIL',
  'INVALID_PASSWORD',
  'PASSWORDS_DO_NOT_MATCH',
  'USERNAME_TAKEN',
  'INVALID_USERNAME',
  'REQUIRED_FIELD_MISSING',
  'INVALID_FIELD',
  'INVALID_INVITATION',
  'CLIENT_CREATION',
  'PAYMENT_AUTHENTICATION_REJECTION',
] as const;
export type UserCreationError = (typeof USER_CREATION_ERRORS)[number];

/**
 * Failure body of POST /services/user/validate (400) and POST /services/account (400, or
 * 500 for CLIENT_CREATION): the app's error shape plus the spec's userCreationError and
 * errorMessages; error.fields names the fields at fault with their messages.
 */
export const UserCreationErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
  userCreationError: z.enum(USER_CREATION_ERRORS),
  errorMessages: z.array(z.string()),
});
export type UserCreationErrorBody = z.infer<typeof UserCreationErrorBodySchema>;

/** Spec §5 mapping of a server code to the form's fields, for when no field list is given. */
export function fieldsOfCreationError(code: string, message?: string): Partial<Record<RegistrationField, string>> {
  const text = message || REGISTRATION_MESSAGES.fieldInvalid;
  if (code === 'INVALID_EMAIL') return { email: text };
  if (code === 'INVALID_PASSWORD' || code === 'PASSWORDS_DO_NOT_MATCH') return { password: text, verifyPassword: text };
  if (code === 'USERNAME_TAKEN') return { username: message || REGISTRATION_MESSAGES.usernameTaken };
  if (code === 'INVALID_USERNAME') return { username: text };
  return {};
}

/** POST /services/user/validate: body { userInfo }; 200 answers { valid: true }. */
export const ValidateUserInputSchema = z.strictObject({ userInfo: UserInfoSchema });
/** Success of the validation (not shown by the spec): notices the user should read before creating the account (ADR 031). */
export const ValidateUserResponseSchema = z.object({ valid: z.literal(true), notices: z.array(z.string()) });

/** The notice for a company name another client already has: allowed (names are not unique), but said. */
export function companyNameInUseNotice(companyName: string): string {
  return `Another organisation named ${companyName} already uses Clearlist. The account you create is separate: its own users, searches and billing. If you meant to join your colleagues, ask their account owner to invite you instead.`;
}

/** The plan of a creation request; defaults teamType SINGLE, searchOptions NAME (spec §3). */
export const PlanSchema = z.strictObject({
  planType: z.enum(PLAN_TYPES),
  teamType: z.enum(TEAM_TYPES).default('SINGLE'),
  searchOptions: z.array(z.enum(SEARCH_OPTIONS)).min(1).max(4).default(['NAME']),
});
export type Plan = z.input<typeof PlanSchema>;

/** POST /services/account?deviceId=…: body { userInfo, plan }. */
export const CreateAccountInputSchema = z.strictObject({ userInfo: UserInfoSchema, plan: PlanSchema });
export type CreateAccountInput = z.input<typeof CreateAccountInputSchema>;
export const CreateAccountQuerySchema = z.strictObject({
  /** The card form's device data (fraud checks), passed on to the provider. */
  deviceId: z.string().max(4000).optional(),
});
/** 201 answer of a created account. */
export const CreateAccountResponseSchema = z.object({
  userName: z.string(),
  clientName: z.string(),
  planType: z.enum(PLAN_TYPES),
  /** Last four digits of the card charged (paid plans). */
  cardLastFour: z.string().nullable(),
  /** What the user should know about the new account (e.g. another organisation has the same name). */
  notices: z.array(z.string()),
});
export type CreateAccountResponse = z.infer<typeof CreateAccountResponseSchema>;

/** Route word → plan type: company (paid), invitation, anything else a free trial (spec §2). */
export function planTypeOfRoute(plan: string | undefined): PlanType {
  if (plan === 'company') return 'COMPANY';
  if (plan === 'invitation') return 'INVITATION';
  return 'FREE';
}

/** Search options a free trial gets (spec §4: NAME and NPI pre-selected). */
export const TRIAL_SEARCH_OPTIONS: readonly SearchOption[] = ['NAME', 'NPI'];

/** GET /services/user/invite/{inviteId} (spec §3 Invitation info). */
export const InviteIdParamsSchema = z.strictObject({ inviteId: z.string().min(10).max(200) });
export const InvitationSchema = z.object({
  inviteId: z.string(),
  senderUserName: z.string(),
  /** The sender's full name, as the invitation e-mail gives it. */
  senderFullName: z.string(),
  inviteeEmail: z.string(),
  /** Id of the inviting client. */
  clientInvitedTo: z.number(),
  /** Id of the team the account joins. */
  teamInvitedTo: z.number(),
  companyName: z.string(),
  teamName: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** Days an invitation link stays valid. */
export const INVITATION_VALID_DAYS = 14;

/**
 * GET /services/braintree/clienttoken[/{customerId}]: the card form's token. With the
 * offline provider (no Braintree credentials) the web shows a test-card picker whose
 * choices are OFFLINE_TEST_CARDS' nonces instead of the drop-in.
 */
export const PAYMENT_PROVIDERS = ['braintree', 'offline'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const ClientTokenSchema = z.object({ provider: z.enum(PAYMENT_PROVIDERS), clientToken: z.string() });
export type ClientToken = z.infer<typeof ClientTokenSchema>;
export const CustomerIdParamsSchema = z.strictObject({ customerId: z.string().min(1).max(100) });

/** The path segment of the payment provider's routes (spec §7 {payment}). */
export const PAYMENT_PATH = 'braintree';

/** Braintree's documented test nonces that the offline provider accepts, with their outcome. */
export const OFFLINE_TEST_CARDS = [
  { nonce: 'fake-valid-nonce', label: 'Visa ending 1881 (approved)', lastFour: '1881', outcome: 'approved' },
  { nonce: 'fake-valid-visa-nonce', label: 'Visa ending 1881 (approved)', lastFour: '1881', outcome: 'approved' },
  { nonce: 'fake-valid-mastercard-nonce', label: 'Mastercard ending 4444 (approved)', lastFour: '4444', outcome: 'approved' },
  { nonce: 'fake-processor-declined-visa-nonce', label: 'Visa ending 1115 (processor declined)', lastFour: '1115', outcome: 'processor_declined' },
  { nonce: 'fake-gateway-rejected-fraud-nonce', label: 'Visa ending 1511 (gateway rejected: fraud)', lastFour: '1511', outcome: 'gateway_rejected' },
  { nonce: 'fake-luhn-invalid-nonce', label: 'Visa ending 1112 (invalid card number)', lastFour: '1112', outcome: 'invalid' },
] as const;
export type OfflineTestCard = (typeof OFFLINE_TEST_CARDS)[number];
