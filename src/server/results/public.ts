/** What other features may use of results (ADR 056): everything else in src/server/results is private to it. */
export { exclusionPage, npiPage, searchesOf, ssdmfPage } from './pages';
export { ReportPdf } from './pdf-layout';
export { sourceName, toExclusionRecord, toNpiResult, toSsdmfResult } from './record-views';
export { reportFile } from './report-download';
export type { ReportKind } from './report-download';
export { localTimeFormatter, serverTimeZone } from './report-time';
export { changeStatus } from './review';
export { writeListTables, type ReportList, type ReportNotSearched } from './report-lists';
