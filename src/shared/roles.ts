/** Roles of the product (spec accounts-and-access §6) and the rule that grants access. */
export const ROLES = [
  'system_admin_user',
  'domain_admin_user',
  'name_search_user',
  'npi_search_user',
  'advanced_search',
  'paying_user',
  'account_owner_user',
  'api_user',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * A role list grants access when the user holds any listed role; a system admin passes
 * any non-empty list; an empty or absent list is open to every logged-in user.
 */
export function hasAnyRole(userRoles: readonly string[], required: readonly Role[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  if (userRoles.includes('system_admin_user')) return true;
  return required.some((role) => userRoles.includes(role));
}

/**
 * What menus and pages follow (spec §2, §6; ADR 036): the user holds one of the listed roles
 * (an empty or absent list is open to every logged-in user). A system admin is no exception
 * here: it sees the items of the roles it holds, not pages made for a client's own users.
 */
export function holdsAnyRole(userRoles: readonly string[], required: readonly Role[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((role) => userRoles.includes(role));
}
