/** The roles a plan implies (ADR 018): owners manage billing and teams; search roles follow the options. */
import type { Role } from '#shared/roles';
import type { SearchOption } from '#shared/teams';

/** Search roles the client's options give its users (OFAC and SSNDMF ride on the name search). */
export function searchRolesFor(options: readonly string[]): Role[] {
  const roles: Role[] = [];
  if (options.includes('NAME')) roles.push('name_search_user');
  if (options.includes('NPI')) roles.push('npi_search_user');
  return roles;
}

/** Roles of the owner who signs a client up. */
export function ownerRoles(state: 'trial' | 'paid', options: readonly SearchOption[]): Role[] {
  const base: Role[] = state === 'paid' ? ['account_owner_user', 'domain_admin_user', 'paying_user'] : ['account_owner_user'];
  return [...base, ...searchRolesFor(options)];
}

/** Roles of a co-worker who joins by invitation: never owner nor administrator. */
export function memberRoles(state: string, options: readonly string[]): Role[] {
  return [...(state === 'trial' ? [] : (['paying_user'] as Role[])), ...searchRolesFor(options)];
}
