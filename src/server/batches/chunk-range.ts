/** A chunk's results in a where clause: the result type bounds the index range (batch, type, row), without it every result of the batch is scanned. */
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { batchResults } from '../db/schema';

const RESULT_TYPES = ['exclusions', 'npi', 'ssdmf'];

export const inChunk = (w: { batchId: number; firstRow: number; rowCount: number }) =>
  and(eq(batchResults.batchId, w.batchId), inArray(batchResults.resultType, RESULT_TYPES), gte(batchResults.rowIndex, w.firstRow), lt(batchResults.rowIndex, w.firstRow + w.rowCount));
