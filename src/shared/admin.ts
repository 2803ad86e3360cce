/** Contracts of the settings pages: Users, Teams / Team Settings and Client Admin. */
import { z } from 'zod';
import { isCidr } from './cidr';
import { MESSAGES } from './messages';
import { ROLES } from './roles';
import { ACCOUNT_STATES, TEAM_TYPES } from './teams';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const teamName = z.string().trim().min(1, MESSAGES.required).max(100);

export const ADMIN_MESSAGES = {
  invalidThreshold: 'Enter a threshold between 0.50 and 0.99, or leave it empty for the default.',
  cannotRemoveOwnAdmin: 'You cannot remove your own administrator role.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotGrantSystemAdmin: 'Only a system administrator can grant or remove the system administrator role.',
  cannotDisableOwnClient: 'You cannot disable the client you belong to.',
  singleTeamClient: 'A single-team account has exactly one team; upgrade to unlimited teams to add more.',
  teamNameTaken: 'A team with this name already exists.',
  ownerNotInTeam: 'The owner must be a member of this team.',
  invalidCidr: 'Not a valid IP address or CIDR block (for example 203.0.113.0/24).',
  invalidUrl: 'Enter a full web address starting with https:// or http://, or leave it empty.',
} as const;

/** A client id in the query string: system admins may pick any client, others only their own. */
export const ClientScopeQuerySchema = z.strictObject({ clientId: id.optional() });
export const UserIdParamsSchema = z.strictObject({ userId: id });
export const TeamIdParamsSchema = z.strictObject({ teamId: id });
export const ClientIdParamsSchema = z.strictObject({ clientId: id });

export const ScopeClientSchema = z.object({ id: z.number(), name: z.string(), teamType: z.enum(TEAM_TYPES) });
export type ScopeClient = z.infer<typeof ScopeClientSchema>;

// ---- Users ----

export const AdminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  teamId: z.number().nullable(),
  teamName: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  isActive: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const TeamOptionSchema = z.object({ id: z.number(), name: z.string() });

export const UserListSchema = z.object({
  client: ScopeClientSchema,
  teams: z.array(TeamOptionSchema),
  users: z.array(AdminUserSchema),
});
export type UserList = z.infer<typeof UserListSchema>;

export const UpdateUserRolesInputSchema = z.strictObject({ roles: z.array(z.enum(ROLES)).max(ROLES.length) });
export const MoveUserInputSchema = z.strictObject({ teamId: id });
export const SetUserActiveInputSchema = z.strictObject({ isActive: z.boolean() });

/** A value before or after a change, as the audit log keeps it. */
export const AuditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type AuditValue = z.infer<typeof AuditValueSchema>;

export const HistoryEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  from: AuditValueSchema,
  to: AuditValueSchema,
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
export const HistorySchema = z.array(HistoryEntrySchema);

// ---- Teams ----

export const TeamMemberSchema = z.object({ id: z.number(), username: z.string(), fullName: z.string(), isActive: z.boolean() });

export const AdminTeamSchema = z.object({
  id: z.number(),
  name: z.string(),
  ownerUserId: z.number().nullable(),
  ownerName: z.string().nullable(),
  memberCount: z.number(),
  members: z.array(TeamMemberSchema),
  createdAt: z.string(),
});
export type AdminTeam = z.infer<typeof AdminTeamSchema>;

export const TeamListSchema = z.object({ client: ScopeClientSchema, teams: z.array(AdminTeamSchema) });
export type TeamList = z.infer<typeof TeamListSchema>;

export const CreateTeamInputSchema = z.strictObject({ name: teamName, clientId: id.optional() });
export type CreateTeamInput = z.infer<typeof CreateTeamInputSchema>;

export const UpdateTeamInputSchema = z
  .strictObject({ name: teamName.optional(), ownerUserId: id.nullable().optional() })
  .refine((v) => v.name !== undefined || v.ownerUserId !== undefined, { message: 'Nothing to change.' });
export type UpdateTeamInput = z.infer<typeof UpdateTeamInputSchema>;

// ---- Clients ----

export const ClientListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  state: z.enum(ACCOUNT_STATES).optional(),
});

export const ClientSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  domainName: z.string(),
  planType: z.string(),
  state: z.enum(ACCOUNT_STATES),
  teamType: z.enum(TEAM_TYPES),
  searchOptions: z.array(z.string()),
  usersCount: z.number(),
  createdAt: z.string(),
});
export type ClientSummary = z.infer<typeof ClientSummarySchema>;
export const ClientListSchema = z.array(ClientSummarySchema);

export const ClientDetailSchema = ClientSummarySchema.extend({
  ipAllowlist: z.array(z.string()),
  privateHelpPage: z.string().nullable(),
  /** The client's review threshold; null means the engine's default. */
  reviewThreshold: z.number().nullable(),
});
export type ClientDetail = z.infer<typeof ClientDetailSchema>;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const UpdateClientInputSchema = z
  .strictObject({
    ipAllowlist: z.array(z.string().trim().max(60).refine(isCidr, ADMIN_MESSAGES.invalidCidr)).max(100).optional(),
    privateHelpPage: z.string().trim().max(500).refine((v) => v === '' || isHttpUrl(v), ADMIN_MESSAGES.invalidUrl).optional(),
    reviewThreshold: z.number({ message: ADMIN_MESSAGES.invalidThreshold }).min(0.5, ADMIN_MESSAGES.invalidThreshold).max(0.99, ADMIN_MESSAGES.invalidThreshold).nullable().optional(),
  })
  .refine((v) => v.ipAllowlist !== undefined || v.privateHelpPage !== undefined || v.reviewThreshold !== undefined, { message: 'Nothing to change.' });
export type UpdateClientInput = z.infer<typeof UpdateClientInputSchema>;

export const SetClientStateInputSchema = z.strictObject({ isEnabled: z.boolean() });
