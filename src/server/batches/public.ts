/** What other features may use of batches (ADR 056): everything else in src/server/batches is private to it. */
export { carryForwardClearings } from './carry-forward';
export { batchEventsOf, firstSubmittedAt, recordBatchEvent } from './events';
export type { BatchEvent } from './events';
export { removeStored, storeEncrypted } from './file-store';
export { listBatches } from './list';
export { mapBatch, mappedRows, storedRowOf } from './mapping';
export { batchNpiUses } from './npi-uses';
export { readRecords } from './processing-queries';
export { keyedTextsOfRows } from './chunk-screen';
export { clientReviewThreshold, findBatch, findVisibleBatch, insertBatch, insertBatchRows, searchesCommitted } from './queries';
export type { BatchRow } from './queries';
export { keepUpload, receiveUpload, requireSearchOptions } from './upload';
export type { ReceivedUpload } from './upload';
export { DEFAULT_TRIAL_SEARCHES_PER_MONTH, withTrialAllowance } from './usage';
