/**
 * The screening threads started and warmed once the index is open, then kept for the process's
 * life (ADR 103). A thread started for a batch ran its first thousands of rows on code not yet
 * optimized, and its isolate's compilation took the V8 helper threads' CPU within the batch's
 * time: on the embedded batch of 100,000 rows, about a tenth of the batch's CPU. Here each thread
 * screens, as a batch chunk does, people drawn from the lists the process holds (NPPES providers
 * with their NPI, names screened against the exclusion lists, SSNs of the DMF), and the results are
 * dropped. Nothing is written and no client is billed. The threads then stay, so every batch and
 * bulk request after it finds them ready.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_REVIEW_THRESHOLD } from '#shared/review-threshold';
import { expandStoredRecord } from '#lists/core/stored-record';
import type { AppContext } from '../app-context';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { keyedTextsOfRows } from '../batches/public';
import { findKeyedVersions, KeyedLookup, screeningVersionOf } from './keyed';
import type { RowInput } from './row-screening';
import { keepScreeningPool, POOL_MIN_ROWS, screenChunkRows, versionIdsOf } from './screener';

/** What a warm-up screens: a batch's individual searches, every kind of check the threads run. */
const WARM_TYPES = ['Exclusion Search by Individual Name', 'Exclusion Search by NPI', 'NPI Validation', 'NPI Medicare OptOut', 'SSDMF'];
/** Chunks screened: each thread screens half of each, ~2,000 rows in all with two threads. */
const WARM_CHUNKS = 4;

export interface WarmUp {
  /** Rows screened (each thread screened its share of them). */
  rows: number;
  ms: number;
}

/** Up to `limit` records of a keyed version as stored: [record id, stored text]. */
async function sampleRecords(db: Db, versionId: number | null, limit: number): Promise<[string, string][]> {
  if (versionId === null) return [];
  const rows = await rowsOf<{ record_id: string; data: string }>(db, sql`SELECT record_id, data::text AS data FROM version_records WHERE version_id = ${versionId} LIMIT ${limit}`);
  return rows.map((r) => [r.record_id, r.data]);
}

/**
 * Starts the screening threads of this process and warms them; null where none are kept: no
 * index store open, no threads configured, warming turned off (`SCREEN_THREADS_WARM=false`), no
 * person to screen (neither NPPES nor the DMF loaded), or the process stopping (`isStopping`).
 */
export async function warmScreeningThreads(ctx: Pick<AppContext, 'db' | 'database' | 'screening' | 'config'>, isStopping: () => boolean = () => false): Promise<WarmUp | null> {
  const { config } = ctx;
  if (!ctx.screening || config.batchScreenWorkers === 0 || !config.screenThreadsWarm) return null;
  const started = performance.now();
  const index = await ctx.screening.getIndex();
  const versions = await findKeyedVersions(ctx.db);
  const chunkRows = Math.max(POOL_MIN_ROWS, config.batchChunkRows);
  const providers = await sampleRecords(ctx.db, versions.nppes, chunkRows);
  const deaths = await sampleRecords(ctx.db, versions.dmf, Math.ceil(chunkRows / 10));
  const people = providers.length ? providers : deaths;
  if (!people.length) return null;
  const texts = { nppes: new Map(providers), dmf: new Map(deaths) };
  const keyedVersion = new KeyedLookup(ctx.db, versions).indexVersion;
  const versionIds = [...versionIdsOf(screeningVersionOf(index.version, versions))];
  const shape: 'copy' | 'json' = ctx.database.kind === 'pglite' ? 'copy' : 'json';
  // A chunk's rows: the people drawn, again from the start where there are fewer than a chunk.
  const chunk: RowInput[] = Array.from({ length: chunkRows }, (_, i) => {
    const [id, text] = people[i % people.length];
    const person = expandStoredRecord(text);
    const ssn = deaths.length ? deaths[i % deaths.length][0] : '';
    const values: Record<string, string> = { 'First Name': person.firstName ?? '', 'Last Name': person.lastName ?? person.businessName ?? '', 'Date of Birth': person.dateOfBirth ?? '', SSN: ssn };
    if (providers.length) values.NPI = id;
    return { rowIndex: i, uniqueId: null, values };
  });
  for (let i = 0; i < WARM_CHUNKS; i++) {
    // A process stopping meanwhile has closed its threads: none is started again for the warm-up.
    if (isStopping()) return null;
    await screenChunkRows(ctx, index, chunk, (part) => ({
      types: WARM_TYPES,
      rows: part,
      threshold: DEFAULT_REVIEW_THRESHOLD,
      dmfLoaded: versions.dmf !== null,
      keyed: keyedTextsOfRows(texts, part),
      keyedVersion,
      versions: versionIds,
      shape,
    }));
  }
  if (isStopping() || !keepScreeningPool()) return null;
  return { rows: WARM_CHUNKS * chunkRows, ms: performance.now() - started };
}

/** Runs the warm-up without holding up the caller (a process's start); its outcome goes to the log. */
export function warmInBackground(ctx: Pick<AppContext, 'db' | 'database' | 'screening' | 'config' | 'log'>, isStopping: () => boolean): void {
  warmScreeningThreads(ctx, isStopping).then(
    (warm) => {
      if (warm) ctx.log.info(`Screening threads warmed: ${warm.rows} rows in ${(warm.ms / 1000).toFixed(1)} s; they stay for later batches.`);
    },
    // A failure leaves the threads to start with the first batch, as without warming.
    (error: unknown) => ctx.log.warn({ err: error }, 'the screening threads were not warmed'),
  );
}
