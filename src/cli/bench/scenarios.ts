/** Every bench scenario, by name; each runs in a process of its own. */
import type { Figure } from './measure';
import { benchEveryStateImport } from './every-state-import';
import { benchLeieImport, benchNppesImport, benchStateImport } from './lists-import';
import { benchNationalImport } from './national-import';
import { benchEngine } from './engine';
import { benchHttpDuringBatch } from './engine-http';
import { benchBatch } from './batch';
import { benchBatchIntake } from './batch-intake';
import { benchInteractiveSearch } from './interactive-search';
import { benchInteractiveHttp } from './interactive-http';
import { benchPublicApi } from './public-api';
import { benchResultsReview } from './results-review';
import { benchMonitoring } from './monitoring';
import { benchMonitoringFull } from './monitoring-full';
import { benchReports } from './results-reports';
import { benchNationalServing } from './national-serving';
import { benchBatchCpu } from './batch-cpu';
import { benchSliceCpu } from './slice-cpu';
import { benchIndexStart } from './index-start';
import { benchIndexParts } from './index-parts';
import { benchScaleOut } from './scale-out';
import { benchNationalBatch } from './national-batch';
import { benchBatchRowsWrite, benchResultWrite } from './result-write';
import { benchResultWritePglite } from './result-write-pglite';

export interface Scenario {
  name: string;
  needsPostgres?: boolean;
  /** Runs only when asked for by name (`--only`): it takes many minutes and gigabytes of disk. */
  isHeavy?: boolean;
  run(): Promise<Figure[]>;
}

export const SCENARIOS: Scenario[] = [
  { name: 'lists-leie-pglite', run: () => benchLeieImport('pglite') },
  { name: 'lists-leie-postgres', needsPostgres: true, run: () => benchLeieImport('postgres') },
  { name: 'lists-nppes-pglite', run: () => benchNppesImport('pglite') },
  { name: 'lists-nppes-postgres', needsPostgres: true, run: () => benchNppesImport('postgres') },
  { name: 'lists-state-pglite', run: () => benchStateImport('pglite') },
  { name: 'lists-state-postgres', needsPostgres: true, run: () => benchStateImport('postgres') },
  // Every state list of the registry, then the match index of them all (issue 54).
  { name: 'lists-every-state-pglite', run: () => benchEveryStateImport('pglite') },
  { name: 'lists-every-state-postgres', needsPostgres: true, run: () => benchEveryStateImport('postgres') },
  // The national files at full size (issue 21): NPPES ~9 M then a weekly file, DMF ~20 M then
  // a monthly update (sizes and folder from NATIONAL_* variables, see national-import.ts).
  { name: 'national-nppes-postgres', isHeavy: true, needsPostgres: true, run: () => benchNationalImport('nppes', 'postgres') },
  { name: 'national-nppes-pglite', isHeavy: true, run: () => benchNationalImport('nppes', 'pglite') },
  { name: 'national-dmf-postgres', isHeavy: true, needsPostgres: true, run: () => benchNationalImport('dmf', 'postgres') },
  { name: 'national-dmf-pglite', isHeavy: true, run: () => benchNationalImport('dmf', 'pglite') },
  // Matching: 1M list records, interactive and batch, memory, and pg_trgm on the same names
  // (PGlite, plus PostgreSQL when DATABASE_URL is set).
  { name: 'engine-matching', run: benchEngine },
  { name: 'engine-http-during-batch', run: benchHttpDuringBatch },
  { name: 'batch-100k-embedded', run: benchBatch },
  { name: 'batch-intake-100k', run: benchBatchIntake },
  { name: 'interactive-search-1m', run: benchInteractiveSearch },
  // The persisted index (ADR 062): build from the database vs load from its file, file size,
  // time to ready, memory during a swap, at ~1M records.
  { name: 'index-start-1m', run: benchIndexStart },
  // The index in parts (ADR 068) against one index: cost per search and per batch row, same answers.
  { name: 'index-parts-1m', run: benchIndexParts },
  // 20 signed-in clients searching names over HTTP at once: throughput, p99, CPU per request,
  // every search stored and billed once (issue 21).
  { name: 'interactive-http-pglite', run: () => benchInteractiveHttp('pglite') },
  { name: 'interactive-http-postgres', needsPostgres: true, run: () => benchInteractiveHttp('postgres') },
  { name: 'public-api-1m', run: benchPublicApi },
  // A 100,000-row batch on PostgreSQL by one pinned worker, two pinned, two unpinned (issue 21).
  { name: 'scale-out-postgres', needsPostgres: true, run: benchScaleOut },
  { name: 'results-review-100k', run: () => benchResultsReview('pglite') },
  { name: 'results-review-100k-postgres', needsPostgres: true, run: () => benchResultsReview('postgres') },
  { name: 'results-reports-20k', run: benchReports },
  { name: 'monitoring-delta-100k', run: benchMonitoring },
  { name: 'monitoring-full-100k', run: benchMonitoringFull },
  // NPPES 9M and the DMF 20M served by key from the database (ADR 060): ready time, memory, p95, batch.
  { name: 'national-serving-postgres', isHeavy: true, needsPostgres: true, run: () => benchNationalServing('postgres') },
  { name: 'national-serving-pglite', isHeavy: true, run: () => benchNationalServing('pglite') },
  // The 100,000-row batch end to end at those sizes, every result written (ADR 073): PostgreSQL
  // with `clearlist worker` processes (BENCH_SCALE_RUNS, default: two unpinned), PGlite with the
  // server's own job runner. BENCH_NATIONAL_SCALE sizes NPPES and the DMF.
  { name: 'batch-100k-national-postgres', isHeavy: true, needsPostgres: true, run: () => benchNationalBatch('postgres') },
  { name: 'batch-100k-national-pglite', isHeavy: true, run: () => benchNationalBatch('pglite') },
  // PostgreSQL's CPU to store those results, by way of storing them, interleaved (ADR 076): the
  // results of a run of the bench above (BENCH_RESULTS_DUMP there, BENCH_RESULTS_FILE here).
  { name: 'result-write-postgres', isHeavy: true, needsPostgres: true, run: () => benchResultWrite() },
  { name: 'result-write-pglite', isHeavy: true, run: () => benchResultWritePglite() },
  { name: 'batch-rows-write-postgres', isHeavy: true, needsPostgres: true, run: () => benchBatchRowsWrite() },
  // The CPU of a batch row by phase at real list sizes (ADR 071): NPPES and the DMF small.
  { name: 'batch-cpu-pglite', isHeavy: true, run: () => benchBatchCpu('pglite') },
  // What the embedded batch's screening threads run per slice (ADR 092), on batch-cpu-pglite's kept database.
  { name: 'slice-cpu-pglite', isHeavy: true, run: benchSliceCpu },
];
