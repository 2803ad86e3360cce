/**
 * `clearlist screen <file.csv> --map "…"`: screens every row of a customer file against the active
 * lists of the database, on worker threads, and writes one CSV line per hit. The file is read by
 * the web upload's reader (issue 18 item 7): same encodings, delimiters, blank and ragged rows.
 */
import { createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findListSource } from '#lists/sources';
import { formatExplanation } from '#engine/explanation';
import type { Hit, QueryIssue, ScreenQuery, ScreenResult } from '#engine/query-types';
import { DEFAULT_REVIEW_THRESHOLD, MATCH_ALGORITHMS, type MatchAlgorithm, type ScreenOptions } from '#engine/settings';
import { parseEnv } from '#server/config';
import type { Database } from '#server/db/client';
import { openConfiguredDatabase } from '#server/main';
import { parseCsv, type CsvTable } from '#server/batches/csv-file';
import { CsvRefusal, DEFAULT_MAX_COLUMNS, MAX_LINE_CHARS, MAX_VALUE_CHARS } from '#server/batches/csv-shape';
import { ROW_MESSAGES } from '#server/batches/row-validation';
import { createIndexStore } from '#server/screening/index-store';
import { findKeyedVersions, KeyedLookup, keyedScreener } from '#server/screening/keyed';
import { ScreeningPool } from '../engine-runtime/worker-pool';
import { count, progressLine } from './progress';
import { SCREEN_USAGE } from './usage';
import { csvCell, type CsvCellValue } from '#shared/csv-cell';

export { SCREEN_USAGE };

export const SCREEN_TARGETS = ['first', 'middle', 'last', 'business', 'dob', 'npi', 'ssn', 'ein', 'state', 'city', 'postal'] as const;
export type ScreenTarget = (typeof SCREEN_TARGETS)[number];
const ALIASES: Record<string, ScreenTarget> = { company: 'business', zip: 'postal', 'zip code': 'postal', postalcode: 'postal' };

export interface ColumnMapping {
  /** Column name as written in the map. */
  column: string;
  target: ScreenTarget;
  /** Position of the column in the header. */
  index: number;
}

export interface ScreenIo {
  stdout: { write(chunk: string): unknown };
  /** Progress is drawn here when it is a terminal (stdout may be the results). */
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
}

export interface ScreenDeps {
  /** Opens the database (defaults to DATA_DIR / DATABASE_URL of the environment). */
  openDatabase?: () => Promise<Database>;
}

class UsageError extends Error {}

const CHUNK_ROWS = 5000;

/** Parses `--map` against the file's header; throws a UsageError naming what is wrong. */
export function parseColumnMap(spec: string, header: string[], fileName = 'the file'): ColumnMapping[] {
  const out: ColumnMapping[] = [];
  const entries = spec.split(',').map((e) => e.trim()).filter(Boolean);
  if (!entries.length) throw new UsageError('--map is empty; give "Column=target" pairs, e.g. --map "First Name=first,Last Name=last"');
  const names = header.map((h) => h.trim());
  for (const entry of entries) {
    const eq = entry.lastIndexOf('=');
    if (eq <= 0 || eq === entry.length - 1) throw new UsageError(`--map entry "${entry}" must be "Column=target", e.g. "Last Name=last"`);
    const column = entry.slice(0, eq).trim();
    const rawTarget = entry.slice(eq + 1).trim().toLowerCase();
    const target = (SCREEN_TARGETS as readonly string[]).includes(rawTarget) ? (rawTarget as ScreenTarget) : ALIASES[rawTarget];
    if (!target) throw new UsageError(`--map: unknown target "${entry.slice(eq + 1).trim()}" for column "${column}"; targets are ${SCREEN_TARGETS.join(', ')}`);
    let index = names.indexOf(column);
    if (index < 0) index = names.findIndex((h) => h.toLowerCase() === column.toLowerCase());
    if (index < 0) throw new UsageError(`--map: column "${column}" is not in the header of ${fileName} (its columns: ${names.map((n) => `"${n}"`).join(', ')})`);
    if (out.some((m) => m.target === target)) throw new UsageError(`--map: target "${target}" is mapped twice`);
    out.push({ column, target, index });
  }
  return out;
}

type RowValues = Partial<Record<ScreenTarget, string>>;

/** Turns a row's mapped values into the query the engine answers (null when nothing is screenable). */
export function rowQuery(v: RowValues): ScreenQuery | null {
  const get = (t: ScreenTarget): string | null => (v[t]?.trim() ? v[t]!.trim() : null);
  const place = { state: get('state'), city: get('city'), postalCode: get('postal') };
  if (get('first') || get('last') || get('middle')) {
    return { type: 'individual', firstName: get('first') ?? '', middleName: get('middle'), lastName: get('last') ?? '', dateOfBirth: get('dob'), npi: get('npi'), ssn: get('ssn'), ...place };
  }
  if (get('business')) return { type: 'business', name: get('business')!, npi: get('npi'), ein: get('ein'), ...place };
  const [npi, ssn, ein] = [get('npi'), get('ssn'), get('ein')];
  if (npi && !ssn && !ein) return { type: 'npi', npi };
  if (ssn && !npi && !ein) return { type: 'ssn', ssn };
  if (ein && !ssn) return { type: 'business', name: '', npi, ein, ...place };
  if (ssn) return { type: 'individual', firstName: '', lastName: '', npi, ssn, dateOfBirth: get('dob'), ...place };
  return null;
}

const csvLine = (cells: CsvCellValue[]): string => cells.map(csvCell).join(',') + '\n';

function listName(source: string): string {
  return findListSource(source)?.title ?? source;
}

function matchedFields(hit: Hit): string {
  const fields = hit.explanation.fields.filter((f) => f.score >= 0.8).map((f) => `${f.queryField}~${f.listField} (${f.method})`);
  return [...new Set(fields)].join('; ');
}

/** The explanation on one line: formatExplanation's lines joined with " | ". */
export function explanationLine(hit: Hit): string {
  return formatExplanation(hit.explanation)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' | ');
}

function issuesText(issues: QueryIssue[]): string {
  return issues.map((i) => `${i.field}: ${i.message}`).join('; ');
}

interface Args {
  file: string;
  map: string;
  out: string | null;
  options: ScreenOptions;
  workers: number;
}

function readArgs(argv: string[]): Args | null {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      map: { type: 'string' },
      out: { type: 'string' },
      threshold: { type: 'string' },
      algorithm: { type: 'string' },
      workers: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return null;
  if (positionals.length !== 1) throw new UsageError(positionals.length ? 'give one CSV file' : 'give the CSV file to screen');
  if (!values.map) throw new UsageError('--map is required, e.g. --map "First Name=first,Last Name=last,NPI=npi"');
  const threshold = values.threshold === undefined ? DEFAULT_REVIEW_THRESHOLD : Number(values.threshold);
  if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1) throw new UsageError('--threshold must be a number between 0 and 1');
  const algorithm = (values.algorithm ?? 'Fuzzy') as MatchAlgorithm;
  if (!MATCH_ALGORITHMS.includes(algorithm)) throw new UsageError(`--algorithm must be one of ${MATCH_ALGORITHMS.join(', ')}`);
  const workers = values.workers === undefined ? 2 : Number(values.workers);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new UsageError('--workers must be a whole number from 1 to 64');
  return { file: positionals[0], map: values.map, out: values.out ?? null, options: { threshold, algorithm }, workers };
}

/** Runs the screen command; returns the exit code (0 done, 1 failed, 2 usage). */
export async function runScreen(argv: string[], io: ScreenIo, deps: ScreenDeps = {}): Promise<number> {
  let args: Args | null;
  try {
    args = readArgs(argv);
    if (args && (!existsSync(args.file) || !statSync(args.file).isFile())) throw new UsageError(`file not found: ${args.file}`);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    io.stderr.write(`clearlist screen: ${error.message}\n${SCREEN_USAGE}\n`);
    return 2;
  }
  if (!args) {
    io.stdout.write(`${SCREEN_USAGE}\n`);
    return 0;
  }
  const started = performance.now();
  let table: CsvTable;
  try {
    table = parseCsv(readFileSync(args.file), { maxColumns: DEFAULT_MAX_COLUMNS, maxValueChars: MAX_VALUE_CHARS, maxLineChars: MAX_LINE_CHARS });
  } catch (error) {
    if (!(error instanceof CsvRefusal)) throw error;
    io.stderr.write(`clearlist screen: ${args.file}: ${error.message}\n`);
    return 2;
  }
  if (table.header.length === 0) {
    io.stderr.write(`clearlist screen: ${args.file} is empty (a header row is needed)\n`);
    return 2;
  }
  // Rows with data past the header are screened on their mapped columns, and reported.
  const csvErrors = table.rows.flatMap((row, i) => {
    const extra = row.slice(table.header.length).filter((cell) => cell.trim() !== '').length;
    return extra ? [`row ${i + 1}: ${ROW_MESSAGES.extraCells(extra, table.header.length)}`] : [];
  });
  let mapping: ColumnMapping[];
  try {
    mapping = parseColumnMap(args.map, table.header, path.basename(args.file));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`clearlist screen: ${error.message}\n`);
    return 2;
  }

  const database = await (deps.openDatabase ?? (() => openConfiguredDatabase(parseEnv(process.env))))();
  let pool: ScreeningPool | null = null;
  const out = args.out ? createWriteStream(args.out) : null;
  const write = async (text: string): Promise<void> => {
    if (!out) {
      io.stdout.write(text);
      return;
    }
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', resolve));
  };
  try {
    const store = await createIndexStore(database.db);
    const index = store.getIndex();
    // NPPES and the DMF are read by key per chunk, not held in the index (ADR 060).
    const keyedVersions = await findKeyedVersions(database.db);
    if (index.recordCount === 0 && keyedVersions.nppes === null && keyedVersions.dmf === null) {
      io.stderr.write('clearlist screen: no list is active in this database; import lists first (clearlist lists import, or start the server once to load the samples)\n');
      return 1;
    }
    const buildMs = store.lastBuild?.ms ?? 0;
    pool = await ScreeningPool.create(index, { size: args.workers });
    await write(csvLine(['row', ...mapping.map((m) => m.column), 'score', 'source', 'source_record_id', 'list_name', 'matched_name', 'matched_fields', 'explanation', 'issues']));
    const totals = { rows: 0, rowsWithHits: 0, hits: 0, rowsWithIssues: 0 };
    const progress = progressLine(io.stderr);
    let chunk: { row: number; values: string[]; query: ScreenQuery | null }[] = [];
    const flush = async (): Promise<void> => {
      if (!chunk.length) return;
      const screenable = chunk.filter((c) => c.query !== null);
      const screener = keyedScreener(new KeyedLookup(database.db, keyedVersions), (queries, options) => pool!.screenBatch(queries, options));
      const results = await screener(screenable.map((c) => c.query!), args.options);
      const byRow = new Map<number, ScreenResult>(screenable.map((c, i) => [c.row, results[i]]));
      let text = '';
      for (const c of chunk) {
        const result = byRow.get(c.row);
        const issues = result ? visibleIssues(c.query!, result.issues) : [{ field: 'row', code: 'query-invalid' as const, message: 'Row has none of the mapped values to screen.' }];
        totals.rows += 1;
        if (issues.length) totals.rowsWithIssues += 1;
        const hits = result?.hits ?? [];
        if (hits.length) totals.rowsWithHits += 1;
        totals.hits += hits.length;
        for (const hit of hits) {
          const r = hit.record;
          text += csvLine([c.row, ...c.values, hit.score.toFixed(3), r.source, r.sourceRecordId, listName(r.source), hit.explanation.matchedName?.value ?? '', matchedFields(hit), explanationLine(hit), issuesText(issues)]);
        }
        if (!hits.length && issues.length) text += csvLine([c.row, ...c.values, '', '', '', '', '', '', '', issuesText(issues)]);
      }
      await write(text);
      chunk = [];
      progress?.update(`Screened ${count(totals.rows)} rows: ${count(totals.rowsWithHits)} with hits`);
    };
    let row = 0;
    for (const fields of table.rows) {
      row += 1;
      const values = mapping.map((m) => fields[m.index] ?? '');
      const mapped: RowValues = {};
      mapping.forEach((m, i) => (mapped[m.target] = values[i]));
      chunk.push({ row, values, query: rowQuery(mapped) });
      if (chunk.length >= CHUNK_ROWS) await flush();
    }
    await flush();
    progress?.clear();
    const seconds = (performance.now() - started) / 1000;
    for (const e of csvErrors.slice(0, 20)) io.stderr.write(`clearlist screen: ${e}\n`);
    io.stderr.write(
      `Screened ${totals.rows.toLocaleString('en-US')} rows against ${index.recordCount.toLocaleString('en-US')} list records (index ${index.version}, built in ${(buildMs / 1000).toFixed(1)} s) on ${pool.size} workers: ` +
        `${totals.rowsWithHits.toLocaleString('en-US')} rows with hits, ${totals.hits.toLocaleString('en-US')} hits, ${totals.rowsWithIssues.toLocaleString('en-US')} rows with problems, ` +
        `${csvErrors.length} rows with data past the header; ${seconds.toFixed(1)} s in all${args.out ? `; results in ${args.out}` : ''}. ` +
        `The file was read as ${table.format.delimiter ?? 'comma'}-separated text, ${table.format.encoding ?? 'UTF-8'}.\n`,
    );
    return 0;
  } finally {
    await pool?.close();
    if (out) await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    await database.close();
  }
}

/** Issues worth showing: an identifier-only row is not missing a name. */
function visibleIssues(query: ScreenQuery, issues: QueryIssue[]): QueryIssue[] {
  const idOnly = (query.type === 'individual' && !query.firstName && !query.lastName) || (query.type === 'business' && !query.name);
  return idOnly ? issues.filter((i) => i.code !== 'name-empty') : issues;
}
