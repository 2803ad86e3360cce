/** What other features may use of interactive (ADR 056): everything else in src/server/interactive is private to it. */
export { searchCallerOf } from './caller';
export type { SearchCaller, UserCaller } from './caller';
export { claimSearch } from './eligibility';
export { nameSearchQueryOf } from './full-name-query';
export { reopenSearch, searchScopeOf } from './history';
export { listsSearched, searchHitsOf, shownOf, shownOfLight } from './hits';
export type { ShownHit } from './hits';
export { checkNarrowing, nameHitsOf, nameResultOf, nameSourcesFor, planName, searchByName } from './name-search';
export type { NamePlan, ScreenedSearch } from './name-search';
export { NPI_LISTS, findNpi, npiHitsOf, npiResultOf, searchByNpi, thresholdOf, validNpi } from './npi-search';
export type { NpiFindings } from './npi-search';
export { recordSearches, recordSearchesInTwo } from './record-many';
