/** What other features may use of monitoring (ADR 056): everything else in src/server/monitoring is private to it. */
export { createRosterFromUpload } from './intake';
export { sweepMonitoringJob } from './jobs';
export { rosterById } from './rosters';
export { applyVersion, compareVersion, discardVersion, getVersion, visibleRoster } from './versions';
