/** Messages between the server and its CSV worker thread. */
import type { CsvSummary, CsvTable } from './csv-file';
import type { CsvLimits } from './csv-shape';

/** `sheet`: the workbook sheet to read (null: the default); `maxRows`: where a summary stops counting a sheet. */
export type CsvJob = { kind: 'summary' | 'table'; bytes: ArrayBuffer; limits: CsvLimits; sheet: string | null; maxRows: number };

export type CsvReply =
  | { ok: true; summary: CsvSummary }
  | { ok: true; table: CsvTable }
  | { ok: false; refusal: string; status: 400 | 413 | 415; field?: string }
  | { ok: false; error: string };
