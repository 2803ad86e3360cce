/**
 * The completion check (issue 50, ADR 108): before a batch is Completed, the data must show every
 * chunk whole; the chunks that are not go back to pending without their results.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { batchChunks, batchResults } from '../db/schema';
import { inChunk } from './chunk-range';

/**
 * The batch's chunks whose outcome is not whole (issue 50): not done, not written by the attempt
 * that holds its claim, fewer rows screened than it has, or other than its written results in the
 * table. One statement: the chunks, and a count of each one's results by the results' index.
 */
export async function incompleteChunks(db: Db, batchId: number): Promise<{ chunkIndex: number; reason: string }[]> {
  const rows = await rowsOf<{ chunk_index: number; reason: string }>(
    db,
    sql`SELECT c.chunk_index,
               CASE WHEN c.status <> 'done' THEN 'not done'
                    WHEN c.written_by IS DISTINCT FROM c.claim THEN 'not written by its claim'
                    WHEN c.rows_screened IS DISTINCT FROM c.row_count THEN coalesce(c.rows_screened, 0) || ' of ' || c.row_count || ' rows screened'
                    ELSE r.n || ' results in the table, ' || c.results_written || ' written' END AS reason
        FROM batch_chunks c
        CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM batch_results b
                   WHERE b.batch_id = c.batch_id AND b.result_type IN ('exclusions', 'npi', 'ssdmf') AND b.row_index >= c.first_row AND b.row_index < c.first_row + c.row_count) r
        WHERE c.batch_id = ${batchId}
          AND (c.status <> 'done' OR c.written_by IS DISTINCT FROM c.claim OR c.rows_screened IS DISTINCT FROM c.row_count
               OR c.results_written IS NULL OR r.n <> c.results_written)
        ORDER BY c.chunk_index`,
  );
  return rows.map((r) => ({ chunkIndex: r.chunk_index, reason: r.reason }));
}

/** Puts chunks back to pending without their results (the completion check found them not whole). */
export async function reopenChunks(tx: Db, batchId: number, chunks: readonly { chunkIndex: number }[]): Promise<void> {
  for (const { chunkIndex } of chunks) {
    const [chunk] = await tx
      .update(batchChunks)
      .set({ status: 'pending', attempts: 0, failures: 0, writtenBy: null, rowsScreened: null, resultsWritten: null, screenedWith: null, openResults: null, doneAt: null })
      .where(and(eq(batchChunks.batchId, batchId), eq(batchChunks.chunkIndex, chunkIndex)))
      .returning({ firstRow: batchChunks.firstRow, rowCount: batchChunks.rowCount });
    if (chunk) await tx.delete(batchResults).where(inChunk({ batchId, firstRow: chunk.firstRow, rowCount: chunk.rowCount }));
  }
  await tx.execute(sql`UPDATE batches SET rows_done = (SELECT coalesce(sum(row_count) FILTER (WHERE status = 'done'), 0)::int FROM batch_chunks WHERE batch_id = ${batchId}) WHERE id = ${batchId}`);
}

