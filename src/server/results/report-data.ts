/**
 * What the reports read, a page at a time so a batch of any size streams: the batch and its
 * uploader, the list versions searched, and every row with its results and their history.
 */
import { sql } from 'drizzle-orm';
import { STATE_SOURCE_IDS } from '#shared/list-record';
import type { BatchRow } from '../batches/public';
import type { Db } from '../db/client';
import { type ResultRow } from './page-queries';
import { rowsOf } from '../db/rows';
import { historyOf, type HistoryRow } from './review-queries';
import { ssnChecksOf } from './ssn-checks';
import { sourceName } from './record-views';
import { notSearchedReason, staleWarning } from '#lists/coverage';
import { lastChecksOf } from '../db/last-checks';

/** Rows read per query while streaming. */
export const REPORT_PAGE_ROWS = 1000;

export interface ReportHeader {
  batch: BatchRow;
  uploadedBy: string;
  lists: ListSearched[];
  /** The lists the batch's searches asked for that it could not search (ADR 114). */
  notSearched: NotSearched[];
}

export interface ListSearched {
  source: string;
  name: string;
  versionId: number;
  asOf: string | null;
  fetchedAt: string;
  /** The shipped synthetic sample (the demo only). */
  synthetic: boolean;
  /** In words, when the copy was older than its publisher's cadence and its last update had failed when the batch was screened. */
  warning: string | null;
}

export interface NotSearched {
  source: string;
  name: string;
  reason: string;
}

export interface ListCoverage {
  lists: ListSearched[];
  notSearched: NotSearched[];
}

type VersionRow = { source: string; id: number; as_of: string | null; fetched_at: Date | string; origin: string };

/** Sources a batch's search types screen (mirrors row-screening.ts). */
export function sourcesSearched(types: readonly string[]): string[] {
  const exclusion = ['leie', 'sam', ...STATE_SOURCE_IDS];
  const out = new Set<string>();
  if (types.some((t) => t.startsWith('Exclusion Search by') || t === 'Search by NPI')) exclusion.forEach((s) => out.add(s));
  if (types.includes('OFAC')) ['ofac-sdn', 'ofac-consolidated'].forEach((s) => out.add(s));
  if (types.includes('NPI Validation')) out.add('nppes');
  if (types.includes('NPI Medicare OptOut')) out.add('optout');
  if (types.includes('SSDMF')) out.add('dmf');
  return [...out];
}

/**
 * Versions of every list searched: those the batch's results came from, and for a source
 * without results the version active when the batch was screened.
 */
export async function listsSearched(db: Db, batch: BatchRow): Promise<ListCoverage> {
  const sources = sourcesSearched(batch.searchTypes);
  if (!sources.length) return { lists: [], notSearched: [] };
  const when = batch.processedAt ?? batch.startedAt ?? new Date();
  const at = when.toISOString();
  const used = await rowsOf<VersionRow>(
    db,
    sql`SELECT v.source, v.id, v.as_of, v.fetched_at, v.origin FROM list_versions v
        WHERE v.id IN (SELECT DISTINCT list_version_id FROM batch_results WHERE batch_id = ${batch.id} AND list_version_id IS NOT NULL)
           OR v.id IN (SELECT ssn_dmf_version_id FROM batch_chunks WHERE batch_id = ${batch.id} AND ssn_dmf_version_id IS NOT NULL)
        ORDER BY v.source, v.id`,
  );
  const checks = await lastChecksOf(db, when);
  const out: ListCoverage = { lists: [], notSearched: [] };
  for (const source of sources) {
    let versions = used.filter((v) => v.source === source);
    if (!versions.length) {
      // A retired sample is not among them: a batch screened since was not screened against it (ADR 114).
      versions = await rowsOf<VersionRow>(
        db,
        sql`SELECT v.source, v.id, v.as_of, v.fetched_at, v.origin FROM list_versions v
            WHERE v.source = ${source} AND v.status IN ('active', 'superseded') AND v.activated_at <= ${at}::timestamptz
            ORDER BY v.activated_at DESC LIMIT 1`,
      );
    }
    if (!versions.length) out.notSearched.push({ source, name: sourceName(source), reason: notSearchedReason(source) });
    for (const v of versions) {
      const fetchedAt = new Date(v.fetched_at);
      const warning = staleWarning(source, fetchedAt, checks.get(source) ?? null, when);
      out.lists.push({ source, name: sourceName(source), versionId: v.id, asOf: v.as_of, fetchedAt: fetchedAt.toISOString(), synthetic: v.origin === 'sample', warning });
    }
  }
  return out;
}

export async function reportHeader(db: Db, batch: BatchRow): Promise<ReportHeader> {
  const [u] = await rowsOf<{ name: string }>(db, sql`SELECT first_name || ' ' || last_name AS name FROM users WHERE id = ${batch.uploaderUserId}`);
  return { batch, uploadedBy: u?.name ?? '', ...(await listsSearched(db, batch)) };
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

export interface ReportRow {
  rowIndex: number;
  uniqueId: string | null;
  values: Record<string, string>;
  results: (ResultRow & { history: HistoryRow[] })[];
}

/** Every row of the batch in file order with its results (and their history), a page at a time. */
export async function* reportRows(db: Db, batchId: number, only?: 'exclusions'): AsyncGenerator<ReportRow[]> {
  for (let from = 0; ; from += REPORT_PAGE_ROWS) {
    const rows = await rowsOf<{ row_index: number; unique_id: string | null; values: Record<string, string> }>(
      db,
      sql`SELECT row_index, unique_id, values FROM batch_rows WHERE batch_id = ${batchId} AND row_index >= ${from} AND row_index < ${from + REPORT_PAGE_ROWS} ORDER BY row_index`,
    );
    const [{ more }] = await rowsOf<{ more: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM batch_rows WHERE batch_id = ${batchId} AND row_index >= ${from + REPORT_PAGE_ROWS}) AS more`);
    const results = await rowsOf<ResultRow>(
      db,
      sql`SELECT r.id::int AS id, r.batch_id, r.row_index, r.result_type, r.search_type, r.source, r.source_record_id, r.list_version_id, r.score,
            r.explanation, r.record, r.review_status, r.latest_note, r.search_criteria_key, NULL AS values, NULL AS unique_id
          FROM batch_results r WHERE r.batch_id = ${batchId} AND r.row_index >= ${from} AND r.row_index < ${from + REPORT_PAGE_ROWS}
          AND r.result_type IN ${only ? sql`(${only})` : sql`('exclusions', 'npi', 'ssdmf')`}
          ORDER BY r.row_index, CASE r.result_type WHEN 'exclusions' THEN 0 WHEN 'npi' THEN 1 ELSE 2 END, r.score DESC NULLS LAST, r.id`,
    );
    const history = await historyOf(db, results.map((r) => r.id));
    const historyBy = groupBy(history, (h) => h.result_id);
    // The SSNs not in the DMF that the chunks keep (ssn-checks.ts) come last of their rows, as stored ones did.
    const checks = only || !rows.length ? [] : await ssnChecksOf(db, batchId, rows.map((r) => r.row_index));
    const resultsBy = groupBy(checks.length ? [...results, ...checks.map((c) => ({ ...c, values: null, unique_id: null }))] : results, (r) => r.row_index);
    yield rows.map((r) => ({
      rowIndex: r.row_index,
      uniqueId: r.unique_id,
      values: r.values,
      results: (resultsBy.get(r.row_index) ?? []).map((x) => ({ ...x, history: historyBy.get(x.id) ?? [] })),
    }));
    if (!more) return;
  }
}

/** Results read per query for the appendix. */
const APPENDIX_PAGE = 500;

/**
 * The results the appendix shows in full, in file order, a page at a time: those a reviewer put
 * Under Review and the confirmed matches (Reviewed: Match); the others stay in the table only.
 */
export async function* appendixResults(db: Db, batchId: number, only?: 'exclusions'): AsyncGenerator<(ResultRow & { history: HistoryRow[] })[]> {
  let after = { row: -1, id: 0 };
  for (;;) {
    const results = await rowsOf<ResultRow>(
      db,
      sql`SELECT r.id::int AS id, r.batch_id, r.row_index, r.result_type, r.search_type, r.source, r.source_record_id, r.list_version_id, r.score,
            r.explanation, r.record, r.review_status, r.latest_note, r.search_criteria_key, b.values, b.unique_id
          FROM batch_results r JOIN batch_rows b ON b.batch_id = r.batch_id AND b.row_index = r.row_index
          WHERE r.batch_id = ${batchId} AND r.review_status IN ('UNDER_REVIEW', 'HISTORICAL_MATCH')
            ${only ? sql`AND r.result_type = ${only}` : sql``}
            AND (r.row_index, r.id) > (${after.row}, ${after.id})
          ORDER BY r.row_index, r.id LIMIT ${APPENDIX_PAGE}`,
    );
    if (!results.length) return;
    const historyBy = groupBy(await historyOf(db, results.map((r) => r.id)), (h) => h.result_id);
    yield results.map((x) => ({ ...x, history: historyBy.get(x.id) ?? [] }));
    const last = results.at(-1)!;
    after = { row: last.row_index, id: last.id };
  }
}

/** Results read per query for the summary's findings. */
const FINDINGS_PAGE = 1000;

/**
 * The rows with a finding, in file order, each with its results not cleared (Needs Review, Under
 * Review, Reviewed: Match) and their history, a page of results at a time (the summary report,
 * issue 55): its size follows the findings, not the batch.
 */
export async function* findingRows(db: Db, batchId: number): AsyncGenerator<ReportRow[]> {
  let after = { row: -1, order: -1, id: 0 };
  for (;;) {
    const results = await rowsOf<ResultRow & { type_order: number }>(
      db,
      sql`SELECT r.id::int AS id, r.batch_id, r.row_index, r.result_type, r.search_type, r.source, r.source_record_id, r.list_version_id, r.score,
            r.explanation, r.record, r.review_status, r.latest_note, r.search_criteria_key, b.values, b.unique_id,
            CASE r.result_type WHEN 'exclusions' THEN 0 WHEN 'npi' THEN 1 ELSE 2 END AS type_order
          FROM batch_results r JOIN batch_rows b ON b.batch_id = r.batch_id AND b.row_index = r.row_index
          WHERE r.batch_id = ${batchId} AND r.review_status <> 'CLEARED'
            AND (r.row_index, CASE r.result_type WHEN 'exclusions' THEN 0 WHEN 'npi' THEN 1 ELSE 2 END, r.id) > (${after.row}, ${after.order}, ${after.id})
          ORDER BY r.row_index, type_order, r.id LIMIT ${FINDINGS_PAGE}`,
    );
    if (!results.length) return;
    const historyBy = groupBy(await historyOf(db, results.map((r) => r.id)), (h) => h.result_id);
    const rows: ReportRow[] = [];
    for (const x of results) {
      let row = rows.at(-1);
      if (!row || row.rowIndex !== x.row_index) rows.push((row = { rowIndex: x.row_index, uniqueId: x.unique_id, values: x.values ?? {}, results: [] }));
      row.results.push({ ...x, history: historyBy.get(x.id) ?? [] });
    }
    yield rows;
    const last = results.at(-1)!;
    after = { row: last.row_index, order: last.type_order, id: last.id };
  }
}
