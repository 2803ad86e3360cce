/**
 * Who may grant or remove which role (issue 53): one rule for the server, which refuses, and the
 * Roles dialog, which locks the box and says why. Changing the account owner goes through the
 * provider (spec accounts-and-access: "changing the owner requires contacting the provider").
 */
import type { Role } from './roles';

export interface RoleGrant {
  /** The caller holds system_admin_user (Clearlist's own operators: the provider). */
  callerIsSystemAdmin: boolean;
  /** The caller changes their own roles. */
  isSelf: boolean;
  /** The roles the user holds now. */
  targetRoles: readonly string[];
}

export const ROLE_GRANT_MESSAGES = {
  systemAdmin: 'Only a system administrator can grant or remove the system administrator role.',
  owner: 'Changing the account owner goes through Clearlist support: contact us to move the ownership.',
  ownersRoles: 'Only the account owner, or Clearlist support, can change the account owner’s roles.',
  ownAdmin: 'You cannot remove your own administrator role.',
} as const;

const ADMIN_ROLES: readonly Role[] = ['system_admin_user', 'domain_admin_user'];

/** Why `role` may not be changed on this user by this caller, or null when it may. */
export function roleLock(role: Role, g: RoleGrant): string | null {
  if (role === 'system_admin_user' && !g.callerIsSystemAdmin) return ROLE_GRANT_MESSAGES.systemAdmin;
  if (role === 'account_owner_user' && !g.callerIsSystemAdmin) return ROLE_GRANT_MESSAGES.owner;
  if (g.targetRoles.includes('account_owner_user') && !g.isSelf && !g.callerIsSystemAdmin) return ROLE_GRANT_MESSAGES.ownersRoles;
  if (g.isSelf && ADMIN_ROLES.includes(role) && g.targetRoles.includes(role)) return ROLE_GRANT_MESSAGES.ownAdmin;
  return null;
}
