/**
 * Route paths whose pages exist. Menus show only items whose link is here, and routes
 * outside this list redirect like unknown paths, so nothing leads to a placeholder.
 * The page registry (page-registry.tsx) must map exactly these paths, which TypeScript checks.
 */
export const BUILT_PATHS = [
  '/',
  '/login',
  '/reset-password',
  '/reset-password/:token',
  '/setup/:token',
  '/trial-upgrade',
  '/home',
  '/help',
  '/privacy',
  '/why-monthly',
  '/automation',
  '/lists',
  '/admin',
  '/admin/domainHierarchy',
  '/admin/userManagement',
  '/admin/queueManagement',
  '/admin/lists',
  '/flex-search',
  '/flex-search/file-upload',
  '/batch/name/batchUI',
  '/batch/npi/batchUI',
  '/interactive/search',
  '/interactive/results',
  '/npi/results',
  '/searchhistory/main',
  '/flex-search/:batchId/details',
  '/registration/:plan/:invitationId?',
  '/account-details',
  '/npi/apikeys',
  '/npi/apidoc',
  '/advancedSearch/search',
  '/monitoring',
  '/monitoring/:rosterId',
  '/monitoring/new',
  '/monitoring/:rosterId/update',
  '/monitoring/:rosterId/versions/:versionId',
] as const;

export type BuiltPath = (typeof BUILT_PATHS)[number];

/** Links of built pages, the `working` set of visibleMenuItems(). */
export const WORKING_LINKS: ReadonlySet<string> = new Set<string>(BUILT_PATHS);

export function isBuiltPath(path: string): path is BuiltPath {
  return WORKING_LINKS.has(path);
}
