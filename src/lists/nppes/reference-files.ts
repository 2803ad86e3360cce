import { checkWidth, isHeader } from '../core/columns';
import { csvRecordBatches, mapCsvRowBatches, readDate, type RowPosition } from '../core/csv-source';
import { RowError, wrongSource } from '../core/errors';
import type { FileContext } from '../core/parse-run';
import type { ListInput } from '../core/read-lines';
import { clean } from '../core/text';
import { DEACTIVATION_HEADER, OTHERNAME_HEADER, PL_HEADER } from './header';

/** A row of a reference file, keyed by NPI, with where it came from (for orphan reports). The readers yield them in batches. */
export interface NpiFact<T> {
  npi: string;
  line: number;
  value: T;
}

function requireNpi(text: string): string {
  const npi = text.trim();
  if (!/^\d{10}$/.test(npi)) throw new RowError(`NPI "${npi}" is not 10 digits`);
  return npi;
}

const quoted = (header: readonly string[]): string => header.map((h) => `"${h}"`).join(',');

/** Streams `othername_pfile_*.csv`: other organisation names (type 3 DBA, 4 former LBN, 5 other). */
export async function* readOtherNames(input: ListInput, context: FileContext): AsyncGenerator<NpiFact<{ name: string; typeCode: string | null }>[]> {
  for await (const rows of mapCsvRowBatches(input, context, {
    start(header) {
      if (!isHeader(header.fields, OTHERNAME_HEADER)) throw wrongSource('NPPES othername_pfile', context.file, quoted(OTHERNAME_HEADER), header.raw);
      return {
        width: OTHERNAME_HEADER.length,
        columns: [0, 1, 2],
        map(f) {
          const name = clean(f[1]);
          if (name === null) throw new RowError('Provider Other Organization Name is empty');
          return { npi: requireNpi(f[0]), name, typeCode: clean(f[2]) };
        },
      };
    },
  })) yield rows.map(({ value, line }) => ({ npi: value.npi, line, value: { name: value.name, typeCode: value.typeCode } }));
}

/** Streams `pl_pfile_*.csv`: secondary practice locations (city, state). */
export async function* readPracticeLocations(input: ListInput, context: FileContext): AsyncGenerator<NpiFact<{ city: string | null; state: string | null }>[]> {
  for await (const rows of mapCsvRowBatches(input, context, {
    start(header) {
      if (!isHeader(header.fields, PL_HEADER)) throw wrongSource('NPPES pl_pfile', context.file, quoted(PL_HEADER), header.raw);
      return { width: PL_HEADER.length, columns: [0, 3, 4], map: (f) => ({ npi: requireNpi(f[0]), city: clean(f[3]), state: clean(f[4]) }) };
    },
  })) yield rows.map(({ value, line }) => ({ npi: value.npi, line, value: { city: value.city, state: value.state } }));
}

/**
 * Streams the deactivated-NPI report saved as CSV (`NPI`, `NPPES Deactivation Date`). Title
 * lines above the header, as in the CMS spreadsheet, are skipped (at most five).
 */
export async function* readDeactivations(input: ListInput, context: FileContext): AsyncGenerator<NpiFact<string | null>[]> {
  let linesBeforeHeader = 0;
  let isInBody = false;
  for await (const records of csvRecordBatches(input, context)) {
    const facts: NpiFact<string | null>[] = [];
    for (const record of records) {
      if (!isInBody) {
        isInBody = isHeader(record.fields, DEACTIVATION_HEADER);
        if (!isInBody && ++linesBeforeHeader > 5) throw wrongSource('NPPES deactivated NPI report', context.file, DEACTIVATION_HEADER.join(','), record.raw);
        continue;
      }
      const row: RowPosition = { line: record.line, raw: record.raw, warn: (reason) => context.warn(record.line, reason, record.raw) };
      const problem = checkWidth(record.fields, DEACTIVATION_HEADER.length);
      try {
        if (problem) throw new RowError(problem);
        facts.push({ npi: requireNpi(record.fields[0]), line: record.line, value: readDate(record.fields[1], 'MM/DD/YYYY', 'NPPES Deactivation Date', row) });
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        context.reject(record.line, error.message, record.raw);
      }
    }
    yield facts;
  }
  if (!isInBody) context.warn(0, linesBeforeHeader === 0 ? 'file is empty' : 'no header line found');
}
