/** Routes and menus of the web app (spec accounts-and-access §2, batch-and-interactive-search §2). */
import { holdsAnyRole, type Role } from './roles';
import type { TeamType } from './teams';

export const DEFAULT_TITLE = 'Clearlist';

export interface RouteDef {
  /** React Router path pattern. */
  path: string;
  title?: string;
  /** Needs no login (landing, login, registration, public pages). */
  isPublic?: boolean;
  /** Route-level roles; when absent, the roles of the menu item whose link matches apply. */
  roles?: Role[];
  /** Hide the navigation bar on this page (route metadata). */
  hideNav?: boolean;
}

export const ROUTES: RouteDef[] = [
  { path: '/', title: 'Clearlist: exclusion screening for healthcare', isPublic: true, hideNav: true },
  { path: '/login', title: 'Log in', isPublic: true },
  { path: '/reset-password', title: 'Reset your password', isPublic: true },
  { path: '/reset-password/:token', title: 'Choose a new password', isPublic: true },
  { path: '/setup/:token', title: 'Set up Clearlist', isPublic: true },
  { path: '/trial-upgrade', title: 'Upgrade your trial', isPublic: true },
  { path: '/registration/:plan/:invitationId?', title: 'Create an Account', isPublic: true },
  { path: '/lists', title: 'Lists we search', isPublic: true },
  { path: '/why-monthly', title: 'Why search every month', isPublic: true },
  { path: '/automation', title: 'Automation', isPublic: true },
  { path: '/privacy', title: 'Privacy policy', isPublic: true },
  { path: '/help', title: 'Help', isPublic: true },
  { path: '/home', title: 'Home' },
  { path: '/account-details', title: 'Account Overview' },
  { path: '/flex-search', title: 'Batch Search' },
  { path: '/flex-search/file-upload', title: 'New Batch Search' },
  { path: '/flex-search/:batchId/details', title: 'Batch Search Results' },
  { path: '/interactive/search', title: 'Interactive Search' },
  { path: '/interactive/results', title: 'Search Results', isPublic: true },
  { path: '/npi/results', title: 'NPI Search Results', isPublic: true },
  { path: '/batch/name/batchUI', title: 'Batch Name Search' },
  { path: '/batch/npi/batchUI', title: 'Batch NPI Search' },
  { path: '/advancedSearch/search', title: 'Advance Search' },
  { path: '/searchhistory/main', title: 'Search History' },
  { path: '/monitoring', title: 'Monitoring' },
  { path: '/monitoring/new', title: 'New monitored roster' },
  { path: '/monitoring/:rosterId', title: 'Monitored roster' },
  { path: '/monitoring/:rosterId/update', title: 'New version of a roster' },
  { path: '/monitoring/:rosterId/versions/:versionId', title: 'Roster version' },
  { path: '/admin', title: 'Client Admin' },
  { path: '/admin/domainHierarchy', title: 'Teams' },
  { path: '/admin/userManagement', title: 'Users' },
  { path: '/admin/queueManagement', title: 'Batch Queue Management' },
  { path: '/admin/lists', title: 'Lists' },
  { path: '/npi/apikeys', title: 'API Key Management' },
  { path: '/npi/apidoc', title: 'API Documentation' },
];

export type MenuName = 'Search' | 'Settings';

export interface MenuItem {
  menu: MenuName;
  label: string;
  link: string;
  roles?: Role[];
  /** Shown only for this team type (Teams: multi-team; Team Settings: single team). */
  teamType?: TeamType;
  /**
   * The endpoint whose data the page shows first ('METHOD /path'): the server refuses it to
   * users without the item's roles (the role × route tests walk it). Absent: the page reads
   * nothing role-bound (API Documentation reads the public OpenAPI document).
   */
  api?: string;
}

export const MENU_ITEMS: MenuItem[] = [
  { menu: 'Search', label: 'Interactive Search', link: '/interactive/search' },
  { menu: 'Search', label: 'Batch Search (New)', link: '/flex-search' },
  // Beyond the spec's menus (issue 55): every signed-in user sees rosters and reviews alerts (access.ts).
  { menu: 'Search', label: 'Monitoring', link: '/monitoring', api: 'GET /services/monitoring/rosters' },
  { menu: 'Search', label: 'Batch Name Search', link: '/batch/name/batchUI', roles: ['name_search_user'], api: 'GET /services/batch/name/template' },
  { menu: 'Search', label: 'Batch NPI Search', link: '/batch/npi/batchUI', roles: ['npi_search_user'], api: 'GET /services/batch/npi/template' },
  { menu: 'Search', label: 'Advance Search', link: '/advancedSearch/search', roles: ['advanced_search'], api: 'GET /services/advancedsearch/options' },
  { menu: 'Search', label: 'Search History', link: '/searchhistory/main', roles: ['paying_user'], api: 'GET /services/interactivesearch/history' },
  { menu: 'Settings', label: 'Account Details', link: '/account-details', roles: ['account_owner_user'], api: 'GET /services/account' },
  { menu: 'Settings', label: 'Client Admin', link: '/admin', roles: ['system_admin_user'], api: 'GET /services/admin/clients' },
  { menu: 'Settings', label: 'Teams', link: '/admin/domainHierarchy', roles: ['domain_admin_user'], teamType: 'MULTI_TEAM', api: 'GET /services/admin/teams' },
  { menu: 'Settings', label: 'Team Settings', link: '/admin/domainHierarchy', roles: ['domain_admin_user'], teamType: 'SINGLE', api: 'GET /services/admin/teams' },
  { menu: 'Settings', label: 'Users', link: '/admin/userManagement', roles: ['domain_admin_user'], api: 'GET /services/admin/users' },
  { menu: 'Settings', label: 'Batch Queue Management', link: '/admin/queueManagement', roles: ['system_admin_user'], api: 'GET /services/admin/queue' },
  { menu: 'Settings', label: 'Lists', link: '/admin/lists', roles: ['system_admin_user'], api: 'GET /services/admin/lists' },
  { menu: 'Settings', label: 'API Key Management', link: '/npi/apikeys', roles: ['api_user'], api: 'GET /services/apikeys' },
  { menu: 'Settings', label: 'API Documentation', link: '/npi/apidoc', roles: ['api_user'] },
];

export interface MenuUser {
  roles: readonly string[];
  teamType: TeamType | null;
}

/** Menu items the user may see, in menu order. `working` lists the links whose pages exist. */
export function visibleMenuItems(user: MenuUser, working: ReadonlySet<string>): MenuItem[] {
  return MENU_ITEMS.filter(
    (item) =>
      working.has(item.link) &&
      holdsAnyRole(user.roles, item.roles) &&
      (!item.teamType || item.teamType === user.teamType),
  );
}

/** Roles a path needs: the route's own, else those of the menu item whose link matches. */
export function rolesForPath(path: string): Role[] | undefined {
  const route = ROUTES.find((r) => r.path === path);
  if (route?.roles) return route.roles;
  const items = MENU_ITEMS.filter((item) => item.link === path);
  if (items.length === 0) return undefined;
  // Teams and Team Settings share a link: the union of their roles applies.
  const roles = new Set<Role>();
  for (const item of items) for (const role of item.roles ?? []) roles.add(role);
  return roles.size ? [...roles] : undefined;
}
