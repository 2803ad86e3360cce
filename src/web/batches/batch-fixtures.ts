/** Batches and search types as the server answers them, for the web tests. */
import { configure } from '@testing-library/react';
import { SEARCH_TYPES } from '#shared/search-types';
import type { BatchItem, SearchTypeInfo } from './batches-api';

export const SEARCH_TYPE_LIST: SearchTypeInfo[] = SEARCH_TYPES.map(({ name, required, requiredColumns, description }) => ({
  name,
  required,
  requiredColumns: [...requiredColumns],
  description,
}));

// The first render of a file loads the whole app (Mantine, the router, the pages): on a busy
// machine that can pass Testing Library's default one second, so the batch tests wait longer.
configure({ asyncUtilTimeout: 5_000 });

let nextId = 100;

export function makeBatch(overrides: Partial<BatchItem> = {}): BatchItem {
  nextId += 1;
  return {
    batchId: nextId,
    fileName: `staff-${nextId}.csv`,
    processedTimeStamp: '2026-03-02T15:00:00.000Z',
    uploadedBy: 'owner',
    recordCount: 10,
    hits: 0,
    toReview: 0,
    status: 'Completed',
    rowsDone: 10,
    queue: null,
    ...overrides,
  };
}
