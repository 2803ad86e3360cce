/** What other features may use of lists (ADR 056): everything else in src/server/lists is private to it. */
export { listStatuses } from './status';
export { versionChangesAgainst, type VersionChangeSet } from './version-changes';
export { listsReadiness, type ListsReadiness } from './readiness';
