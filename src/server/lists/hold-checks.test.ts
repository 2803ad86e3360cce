import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectRun } from '#lists/core/parse-run';
import { findListSource } from '#lists/sources';
import { compareHeaders, compareWithActive, HOLD_RECORD_DROP } from './hold-checks';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const header = (file: string, fields: string[]) => ({ file, fields });
const active = { id: 4, records: 2090, asOf: '2026-10-01', headers: [header('UPDATED.csv', ['LASTNAME', 'FIRSTNAME', 'NPI'])] };

describe('compareWithActive', () => {
  it(`holds a file with ${HOLD_RECORD_DROP * 100} % fewer records or more, in words with both counts`, () => {
    const next = { records: 1234, asOf: '2026-10-01', headers: active.headers };
    expect(compareWithActive(active, next).reasons).toEqual([{ kind: 'fewer-records', words: 'the new file has 41 % fewer records than the active version (1,234 against 2,090)' }]);
    expect(compareWithActive(active, { ...next, records: 1254 }).reasons.map((r) => r.kind)).toEqual(['fewer-records']); // exactly 40 %
    expect(compareWithActive(active, { ...next, records: 1255 }).reasons).toEqual([]); // 39.95 %
    expect(compareWithActive(active, { ...next, records: 9000 }).reasons).toEqual([]); // a list may grow
  });

  it('holds an empty file and a file older than the active version', () => {
    const empty = compareWithActive(active, { records: 0, asOf: null, headers: active.headers });
    expect(empty.reasons).toEqual([{ kind: 'no-records', words: 'the new file holds no record (the active version has 2,090)' }]);
    const older = compareWithActive(active, { records: 2100, asOf: '2026-09-01', headers: active.headers });
    expect(older.reasons).toEqual([{ kind: 'older', words: 'the new file is as of 2026-09-01, older than the active version (as of 2026-10-01)' }]);
    expect(compareWithActive(active, { records: 2100, asOf: null, headers: active.headers }).reasons).toEqual([]);
  });
});

describe('compareHeaders', () => {
  it('sees the same columns whatever their case, spacing, BOM or trailing empty cells', () => {
    expect(compareHeaders(active.headers, [header('UPDATED.csv', ['\uFEFFLastName', ' first  name ', 'npi', '', ''])])).toEqual([
      { file: 'UPDATED.csv', added: ['FIRST NAME'], removed: ['FIRSTNAME'], isReordered: false },
    ]);
    expect(compareHeaders(active.headers, [header('UPDATED.csv', ['\uFEFFlastname', ' Firstname ', 'NPI', ''])])).toEqual([]);
  });

  it('says when the same columns come in another order', () => {
    expect(compareHeaders(active.headers, [header('UPDATED.csv', ['FIRSTNAME', 'LASTNAME', 'NPI'])])).toEqual([{ file: 'UPDATED.csv', added: [], removed: [], isReordered: true }]);
    const words = compareWithActive(active, { records: 2090, asOf: null, headers: [header('UPDATED.csv', ['FIRSTNAME', 'LASTNAME', 'NPI'])] }).reasons[0].words;
    expect(words).toBe("the header of UPDATED.csv has the active version's columns in another order");
  });

  it('compares a file whose name carries a date with the active header it shares most with', () => {
    const before = [header('othername_pfile_20050523-20261109.csv', ['NPI', 'Provider Other Organization Name']), header('npidata_pfile_20050523-20261109.csv', ['NPI', 'Entity Type Code', 'Provider Last Name'])];
    const after = [header('npidata_pfile_20050523-20261207.csv', ['NPI', 'Entity Type Code', 'Provider Last Name (Legal Name)'])];
    expect(compareHeaders(before, after)).toEqual([{ file: 'npidata_pfile_20050523-20261207.csv', added: ['PROVIDER LAST NAME (LEGAL NAME)'], removed: ['PROVIDER LAST NAME'], isReordered: false }]);
  });

  it('skips the check when the active version kept no header (headerless layouts, versions imported before)', () => {
    expect(compareHeaders([], [header('sdn.csv', ['a', 'b'])])).toEqual([]);
  });
});

describe('the header a parser reports', () => {
  it('is the header line a CSV list was read by, and none for a headerless layout', async () => {
    const leie = findListSource('leie')!.parse([path.join(root, 'src/lists/leie/fixtures/UPDATED.csv')]);
    await collectRun(leie);
    expect(leie.headers).toHaveLength(1);
    expect(leie.headers[0].fields.at(-1)).toBe('WVRSTATE');
    const ofac = findListSource('ofac-sdn')!.parse(['sdn.csv', 'alt.csv', 'add.csv'].map((f) => path.join(root, 'src/lists/ofac/fixtures', f)));
    await collectRun(ofac);
    expect(ofac.headers).toEqual([]);
  });
});
