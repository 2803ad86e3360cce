/** GET /services/flexsearchs/{batchId}/screening-runs: which screening run wrote each chunk of a batch (issue 50). */
import { z } from 'zod';

export const ScreeningRunSchema = z.object({
  chunkIndex: z.number(),
  /** 1-based, as the results pages number rows. */
  firstRow: z.number(),
  lastRow: z.number(),
  status: z.string(),
  /** Attempts that claimed the chunk (one when nothing went wrong). */
  attempts: z.number(),
  /** The attempt that wrote it (1 for the first), and the process it ran in; null while not written. */
  run: z.number().nullable(),
  process: z.string().nullable(),
  writtenAt: z.string().nullable(),
  rowsScreened: z.number().nullable(),
  resultsWritten: z.number().nullable(),
  /** The list versions it was screened against ("leie:3,sam:4,…"). */
  screenedWith: z.string().nullable(),
});
export type ScreeningRun = z.infer<typeof ScreeningRunSchema>;

export const ScreeningRunsSchema = z.object({
  /** In words: how many chunks, whether each was written by one run, which were screened again. */
  summary: z.string(),
  chunks: z.array(ScreeningRunSchema),
});
export type ScreeningRuns = z.infer<typeof ScreeningRunsSchema>;

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** "20 chunks, each written whole by one screening run; 2 were screened again after their first attempt stopped (chunks 3, 7)." */
export function screeningRunsSummary(chunks: readonly Pick<ScreeningRun, 'chunkIndex' | 'status' | 'run' | 'rowsScreened' | 'lastRow' | 'firstRow'>[]): string {
  if (chunks.length === 0) return 'Not cut into chunks yet: no row has been screened.';
  const written = chunks.filter((c) => c.status === 'done' && c.run !== null && c.rowsScreened === c.lastRow - c.firstRow + 1);
  const again = written.filter((c) => (c.run ?? 1) > 1);
  const head = written.length === chunks.length ? `${plural(chunks.length, 'chunk')}, each written whole by one screening run` : `${plural(written.length, 'chunk')} of ${chunks.length} written whole by one screening run; ${plural(chunks.length - written.length, 'chunk')} not written yet`;
  const tail = again.length ? `; ${again.length === 1 ? 'one was' : `${again.length} were`} screened again after an earlier attempt stopped (chunk${again.length === 1 ? '' : 's'} ${again.map((c) => c.chunkIndex + 1).join(', ')})` : '';
  return `${head}${tail}.`;
}
