import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { DateFormatError, parseDate } from '../core/dates';
import { RecordDeduper } from '../core/dedupe';
import { RowError, WrongSourceError } from '../core/errors';
import { createParseRun, type FileContext, type ParseOptions, type ParseRun } from '../core/parse-run';
import { inputName, readLines, type ListInput } from '../core/read-lines';
import { clean } from '../core/text';

export const DMF_TITLE = 'SSA Death Master File';
export const DMF_URL = 'https://www.ntis.gov/dmf';
export const DMF_LAYOUT =
  '100-byte fixed-width records: change code (1: blank, A, C or D), SSN (9), last name (20), suffix (4), first name (15), middle name (15), verify code (1), date of death MMDDCCYY (8), date of birth MMDDCCYY (8), blank (19)';

// The data ends at position 81; the 19 blank bytes after it are often trimmed in transit.
const MIN_LENGTH = 81;
const RECORD_LENGTH = 100;

const looksLikeDmf = (text: string): boolean => /^[ ACD]\d{9}/.test(text) && text.length >= MIN_LENGTH && text.length <= RECORD_LENGTH;

function readDmfDate(text: string, field: string, warn: (reason: string) => void): string | null {
  try {
    return parseDate(text, 'MMDDCCYY'); // a 00 day (or month) gives YYYY-MM (or YYYY)
  } catch (error) {
    if (!(error instanceof DateFormatError)) throw error;
    warn(`${field}: ${error.message}; left empty`);
    return null;
  }
}

function mapDmfLine(text: string, context: FileContext, warn: (reason: string) => void): ListRecord {
  if (text.length > RECORD_LENGTH) throw new RowError(`record is ${text.length} characters long, not ${RECORD_LENGTH}`);
  if (text.length < MIN_LENGTH) throw new RowError(`record is only ${text.length} characters long (truncated record?)`);
  const changeCode = text[0];
  if (!' ACD'.includes(changeCode)) throw new RowError(`change code "${changeCode}" is not blank, A, C or D`);
  const ssn = text.slice(1, 10);
  if (!/^\d{9}$/.test(ssn)) throw new RowError(`SSN "${ssn}" is not 9 digits`);
  const record = emptyListRecord('dmf', ssn, 'person');
  Object.assign(record, {
    ssn,
    lastName: clean(text.slice(10, 30)),
    suffix: clean(text.slice(30, 34)),
    firstName: clean(text.slice(34, 49)),
    middleName: clean(text.slice(49, 64)),
    dateOfDeath: readDmfDate(text.slice(65, 73), 'date of death', warn),
    dateOfBirth: readDmfDate(text.slice(73, 81), 'date of birth', warn),
    link: DMF_URL,
    dateAcquired: context.dateAcquired,
  } satisfies Partial<ListRecord>);
  if (record.lastName === null && record.firstName === null) throw new RowError('no name');
  record.extra.changeCode = changeCode.trim();
  const verify = text[64].trim();
  if (verify) record.extra.verifyCode = verify;
  return record;
}

/**
 * Streams a DMF file (full file or A/C/D update). The change code is kept in
 * `extra.changeCode` (empty in the full file) so an updater can add, change or delete.
 */
export async function* parseDmfFile(input: ListInput, context: FileContext): AsyncGenerator<ListRecord> {
  const deduper = new RecordDeduper(context, 'adjacent'); // sorted by SSN
  let isChecked = false;
  for await (const { line, text, isTruncated } of readLines(input, { maxLineBytes: 4096 })) {
    if (text.trim() === '') continue;
    if (!isChecked) {
      if (!looksLikeDmf(text)) throw new WrongSourceError(`${context.file} is not in the ${DMF_TITLE} layout: expected ${DMF_LAYOUT}; the file starts with ${JSON.stringify(text.slice(0, 120))}`);
      isChecked = true;
    }
    const warn = (reason: string): void => context.warn(line, reason, text);
    try {
      if (isTruncated) throw new RowError('line too long: not a DMF record');
      const admitted = deduper.admit(mapDmfLine(text, context, warn), line, text);
      if (admitted) yield admitted;
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      context.reject(line, error.message, text.slice(0, 200));
    }
  }
  if (!isChecked) context.warn(0, 'file is empty');
}

/** Parses DMF files in order (a full file, then updates). */
export function parseDmf(files: readonly ListInput[], options: ParseOptions = {}): ParseRun {
  return createParseRun(options, async function* (contextFor) {
    for (const file of files) yield* parseDmfFile(file, contextFor(inputName(file)));
  });
}
