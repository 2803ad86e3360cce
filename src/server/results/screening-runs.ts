/**
 * Which screening run wrote each chunk of a batch (issue 50): the batch's page and its audit
 * report show it, so an auditor sees that a batch resumed after a crash was screened whole.
 */
import { asc, eq } from 'drizzle-orm';
import { screeningRunsSummary, type ScreeningRuns } from '#shared/screening-runs';
import type { Db } from '../db/client';
import { batchChunks } from '../db/schema';

/** "2@host:1234:a1b2c3" → attempt 2, process "host:1234:a1b2c3". */
function parseClaim(claim: string | null): { run: number | null; process: string | null } {
  const at = claim?.indexOf('@') ?? -1;
  if (!claim || at < 1) return { run: null, process: null };
  const run = Number(claim.slice(0, at));
  return { run: Number.isInteger(run) ? run : null, process: claim.slice(at + 1) };
}

export async function screeningRuns(db: Db, batchId: number): Promise<ScreeningRuns> {
  const rows = await db.select().from(batchChunks).where(eq(batchChunks.batchId, batchId)).orderBy(asc(batchChunks.chunkIndex));
  const chunks = rows.map((c) => {
    const written = c.status === 'done' ? parseClaim(c.writtenBy) : { run: null, process: null };
    return {
      chunkIndex: c.chunkIndex,
      firstRow: c.firstRow + 1,
      lastRow: c.firstRow + c.rowCount,
      status: c.status,
      attempts: c.attempts,
      ...written,
      writtenAt: c.status === 'done' && c.doneAt ? c.doneAt.toISOString() : null,
      rowsScreened: c.rowsScreened,
      resultsWritten: c.resultsWritten,
      screenedWith: c.screenedWith,
    };
  });
  return { summary: screeningRunsSummary(chunks), chunks };
}
