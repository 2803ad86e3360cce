/** Messages between the server and its CSV worker thread. */
import type { CsvSummary, CsvTable } from './csv-file';
import type { CsvLimits } from './csv-shape';

export type CsvJob = { kind: 'summary' | 'table'; bytes: ArrayBuffer; limits: CsvLimits };

export type CsvReply =
  | { ok: true; summary: CsvSummary }
  | { ok: true; table: CsvTable }
  | { ok: false; refusal: string; status: 400 | 413 | 415 }
  | { ok: false; error: string };
