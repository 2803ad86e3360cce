import { describe, expect, it } from 'vitest';
import { emptyListRecord } from '#shared/list-record';
import { memoryFile } from '../test-helpers';
import { checkWidth, locateColumns } from './columns';
import { Readable } from 'node:stream';
import { CsvRecordReader, readCsv, splitSimpleLine, type CsvRecord } from './csv-reader';
import { parseDate } from './dates';
import { CsvLineCutter } from './csv-line-cutter';
import { storedRecordJson } from './stored-record';
import { RecordDeduper, recordJson } from './dedupe';
import { createBatchedParseRun, createParseRun, type FileContext } from './parse-run';
import { readLines, type PhysicalLine } from './read-lines';
import { clean } from './text';

async function lines(content: string | Buffer, maxLineBytes?: number): Promise<PhysicalLine[]> {
  const out: PhysicalLine[] = [];
  for await (const line of readLines(memoryFile(content), { maxLineBytes })) out.push(line);
  return out;
}

async function csv(content: string): Promise<{ records: CsvRecord[]; errors: string[] }> {
  const errors: string[] = [];
  const records: CsvRecord[] = [];
  for await (const record of readCsv(readLines(memoryFile(content)), { onError: (line, reason) => errors.push(`${line}: ${reason}`) })) records.push(record);
  return { records, errors };
}

describe('readLines', () => {
  it('splits LF and CRLF, strips a BOM and the final Ctrl-Z', async () => {
    const result = await lines(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a,b\r\nc\n\r\nd\r\n\x1a')]));
    expect(result.map((l) => [l.line, l.text])).toEqual([[1, 'a,b'], [2, 'c'], [3, ''], [4, 'd']]);
  });

  it('decodes UTF-8, and Windows-1252 when a line is not valid UTF-8', async () => {
    const result = await lines(Buffer.concat([Buffer.from('JOSÉ\n', 'utf8'), Buffer.from([0x4d, 0x55, 0xd1, 0x4f, 0x5a, 0x92, 0x0a])]));
    expect(result.map((l) => l.text)).toEqual(['JOSÉ', 'MUÑOZ\u2019']);
  });

  it('decodes a whole chunk at once, yet each line that is not UTF-8 as Windows-1252', async () => {
    const chunk = Buffer.concat([Buffer.from('JOSÉ\r\n', 'utf8'), Buffer.from([0x4d, 0xd1, 0x4f, 0x92, 0x0a]), Buffer.from('\uFFFD kept\nlast', 'utf8')]);
    const result: string[] = [];
    for await (const line of readLines(Readable.from([chunk]))) result.push(line.text);
    expect(result).toEqual(['JOSÉ', 'M\u00d1O\u2019', '\uFFFD kept', 'last']);
  });

  it('cuts an over-long line and flags it instead of holding it in memory', async () => {
    const result = await lines(`short\n${'x'.repeat(100)}\nend`, 16);
    expect(result.map((l) => [l.text.length, l.isTruncated ?? false])).toEqual([[5, false], [16, true], [3, false]]);
  });
});

describe('readCsv', () => {
  it('reads quoted fields with commas, escaped quotes and line breaks, keeping the start line', async () => {
    const { records, errors } = await csv('a,"b, c","say ""hi"""\n"multi\nline",x,\n\n"-0- ",-0- ,');
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.line, r.fields])).toEqual([
      [1, ['a', 'b, c', 'say "hi"']],
      [2, ['multi\nline', 'x', '']],
      [5, ['-0- ', '-0- ', '']],
    ]);
  });

  it('splits lines without inner quotes natively and leaves the others to the full reader', () => {
    expect(splitSimpleLine('"a","b, c",""', ',')).toEqual(['a', 'b, c', '']);
    expect(splitSimpleLine('a,,b', ',')).toEqual(['a', '', 'b']);
    expect(splitSimpleLine('"a""b","c"', ',')).toBeNull();
    expect(splitSimpleLine('"a",b', ',')).toBeNull();
    expect(splitSimpleLine('"', ',')).toBeNull();
  });

  it('keeps stray quotes literally like Python csv', async () => {
    const { records } = await csv('5" FLOPPY,"A"B\n');
    expect(records[0].fields).toEqual(['5" FLOPPY', 'AB']);
  });

  it('reports an unterminated quote at the end of a truncated file', async () => {
    const { records, errors } = await csv('"a","b"\n"c","unfinish');
    expect(records).toHaveLength(1);
    expect(errors).toEqual(['2: unterminated quoted field at end of file (truncated file?)']);
  });
});

describe('clean', () => {
  it('trims, collapses inner whitespace and turns empty text into null', () => {
    expect([clean(''), clean(' \t '), clean('A B'), clean(' A \t B  C '), clean('A\nB')]).toEqual([null, null, 'A B', 'A B C', 'A B']);
  });
});

describe('parseDate', () => {
  it('reads each layout and the no-date values', () => {
    expect(parseDate('20200319', 'YYYYMMDD')).toBe('2020-03-19');
    expect(parseDate('00000000', 'YYYYMMDD')).toBeNull();
    expect(parseDate('12/27/54', 'MM/DD/YY', 2001)).toBe('1954-12-27');
    expect(parseDate('01/02/03', 'MM/DD/YY', 2010)).toBe('2003-01-02');
    expect(parseDate('09/01/2019 00:00:00', 'MM/DD/YYYY')).toBe('2019-09-01');
    expect(parseDate('12001975', 'MMDDCCYY')).toBe('1975-12');
    expect(parseDate('00001975', 'MMDDCCYY')).toBe('1975');
    expect(parseDate('N/A', 'MM/DD/YYYY')).toBeNull();
  });

  it('refuses impossible dates', () => {
    expect(() => parseDate('20230231', 'YYYYMMDD')).toThrow(/day out of range/);
    expect(() => parseDate('2023-13-01', 'YYYY-MM-DD')).toThrow(/month out of range/);
    expect(() => parseDate('Indefinite', 'MM/DD/YYYY')).toThrow(/not a MM\/DD\/YYYY date/);
  });

  it('reads full dates of the big files the quick way with the same leap-year rule and errors', () => {
    expect(['02/29/2024', '02/29/2000', ' 12/31/1999 ', '01/01/1000'].map((d) => parseDate(d, 'MM/DD/YYYY'))).toEqual(['2024-02-29', '2000-02-29', '1999-12-31', '1000-01-01']);
    expect(['20240229', '20000229', '19991231'].map((d) => parseDate(d, 'YYYYMMDD'))).toEqual(['2024-02-29', '2000-02-29', '1999-12-31']);
    expect(() => parseDate('02/29/1900', 'MM/DD/YYYY')).toThrow('day out of range in "02/29/1900"');
    expect(() => parseDate('20230431', 'YYYYMMDD')).toThrow('day out of range in "20230431"');
    expect(() => parseDate('13/01/2020', 'MM/DD/YYYY')).toThrow('month out of range in "13/01/2020"');
    // Left to the full reader: year-only and month-only dates, early years, no-date values.
    expect([parseDate('00/00/2020', 'MM/DD/YYYY'), parseDate('03/00/2020', 'MM/DD/YYYY'), parseDate('00/00/0000', 'MM/DD/YYYY')]).toEqual(['2020', '2020-03', '0000']);
    expect([parseDate('20200300', 'YYYYMMDD'), parseDate('00000000', 'YYYYMMDD'), parseDate('00990101', 'YYYYMMDD')]).toEqual(['2020-03', null, '0099-01-01']);
  });
});

describe('columns', () => {
  it('applies the ragged-row rule: short rows fail, extra empty fields pass', () => {
    expect(checkWidth(['a', 'b'], 3)).toMatch(/expected 3 fields, found 2/);
    expect(checkWidth(['a', 'b', 'c', ' '], 3)).toBeNull();
    expect(checkWidth(['a', 'b', 'c', 'd'], 3)).toMatch(/found 4/);
  });

  it('finds columns loosely by name and names the missing ones', () => {
    const at = locateColumns(['NPI', 'Last  Name '], { npi: ['npi'], last: ['Last Name'], zip: ['Zip'] }, ['npi'], { title: 'T', file: 'f.csv' });
    expect(at).toEqual({ npi: 0, last: 1, zip: -1 });
    expect(() => locateColumns(['A'], { npi: ['NPI'] }, ['npi'], { title: 'T', file: 'f.csv' })).toThrow(/f\.csv is not in the T layout: expected the header with the columns "NPI" \(missing: "NPI"\)/);
  });
});

describe('RecordDeduper', () => {
  it('skips exact duplicates and renames same-id records with other content', () => {
    const issues: string[] = [];
    const context: FileContext = {
      file: 'f', dateAcquired: null, noteAsOf: () => {},
      reject: (line, reason) => issues.push(`E${line} ${reason}`),
      warn: (line, reason) => issues.push(`W${line} ${reason}`),
    };
    const deduper = new RecordDeduper(context);
    const a = emptyListRecord('leie', 'x', 'person');
    expect(deduper.admit(a, 2)).toBe(a);
    expect(deduper.admit({ ...a }, 3)).toBeNull();
    expect(deduper.admit({ ...a, city: 'OTHER' }, 4)?.sourceRecordId).toBe('x#2');
    expect(issues).toEqual(['E3 duplicate of line 2 (identical row skipped)', 'W4 record id x also at line 2 with other content; kept as x#2']);
  });

  it("gives each admitted record's stored JSON, as storedRecordJson does, whether or not it was fingerprinted", () => {
    const context: FileContext = { file: 'f', dateAcquired: null, noteAsOf: () => {}, reject: () => {}, warn: () => {} };
    const a = { ...emptyListRecord('leie', 'x', 'person'), lastName: 'SMITH' };
    const renamed = new RecordDeduper(context).admit(a, 2)!;
    expect(recordJson(renamed)).toBe(storedRecordJson(a));
    const adjacent = new RecordDeduper(context, 'adjacent');
    const b = adjacent.admit(emptyListRecord('nppes', '1', 'person'), 2)!;
    b.extra.deactivationDate = '2024-01-02'; // the NPPES joins add to extra after admission
    expect(recordJson(b)).toBe(storedRecordJson(b));
    const c = adjacent.admit({ ...emptyListRecord('nppes', '1', 'person'), city: 'X' }, 3)!;
    expect(recordJson(c)).toBe(storedRecordJson(c));
  });
});

describe('createParseRun', () => {
  it('counts records and issues, keeps the latest as-of date and refuses a second iteration', async () => {
    const seen: string[] = [];
    const run = createParseRun({ onIssue: (issue) => seen.push(issue.reason), maxCollectedIssues: 1 }, async function* (contextFor) {
      const context = contextFor('a.csv');
      context.noteAsOf('2024-01');
      context.noteAsOf('2023-12-31');
      context.reject(2, 'bad');
      context.warn(3, 'odd');
      yield emptyListRecord('dmf', '1', 'person');
    });
    for await (const record of run) expect(record.sourceRecordId).toBe('1');
    expect(run.counts).toEqual({ records: 1, rejected: 1, warnings: 1 });
    expect(run.rejected).toEqual([{ file: 'a.csv', line: 2, reason: 'bad', raw: undefined, severity: 'error' }]);
    expect(seen).toEqual(['bad', 'odd']);
    expect(run.asOf).toBe('2024-01');
    await expect(async () => {
      for await (const record of run) void record;
    }).rejects.toThrow(/only once/);
  });
});

describe('ParseRun batches', () => {
  const records = (ids: string[]) => ids.map((id) => emptyListRecord('dmf', id, 'person'));

  it('hands a batch producer out in non-empty batches, or one record at a time', async () => {
    const produce = async function* (contextFor: (file: string) => FileContext) {
      contextFor('a.csv').reject(1, 'bad');
      yield records(['1', '2']);
      yield [];
      yield records(['3']);
    };
    const batched = createBatchedParseRun({}, produce);
    const batches: string[][] = [];
    for await (const batch of batched.batches()) batches.push(batch.map((r) => r.sourceRecordId));
    expect(batches).toEqual([['1', '2'], ['3']]);
    expect(batched.counts).toEqual({ records: 3, rejected: 1, warnings: 0 });
    const oneByOne = createBatchedParseRun({}, produce);
    const ids: string[] = [];
    for await (const record of oneByOne) ids.push(record.sourceRecordId);
    expect(ids).toEqual(['1', '2', '3']);
    expect(oneByOne.counts.records).toBe(3);
  });

  it('groups the records of a one-by-one producer into batches', async () => {
    const run = createParseRun({}, async function* () {
      for (let i = 0; i < 2_500; i += 1) yield emptyListRecord('dmf', String(i), 'person');
    });
    const sizes: number[] = [];
    for await (const batch of run.batches()) sizes.push(batch.length);
    expect(sizes).toEqual([1_000, 1_000, 500]);
    expect(run.counts.records).toBe(2_500);
  });

  it('can be iterated once, either way', async () => {
    const run = createBatchedParseRun({}, async function* () {
      yield records(['1']);
    });
    for await (const batch of run.batches()) void batch;
    await expect(async () => {
      for await (const record of run) void record;
    }).rejects.toThrow(/only once/);
  });
});

describe('CsvLineCutter', () => {
  it('cuts the wanted columns of a line with every field quoted, leaving the others empty', () => {
    const cutter = new CsvLineCutter(4, [0, 2]);
    expect(cutter.cut('"a","b, c","","d"')).toBe(4);
    expect(cutter.fields).toEqual(['a', '', '', '']);
    expect(cutter.cut('"x","y","z z",""')).toBe(4);
    expect(cutter.fields).toEqual(['x', '', 'z z', '']);
    expect(cutter.hasTextPastWidth).toBe(false);
  });

  it('skips runs of empty fields and empties the fields the previous line filled', () => {
    const cutter = new CsvLineCutter(8, [0, 3, 7]);
    expect(cutter.cut('"a","","","d","","","","h"')).toBe(8);
    expect(cutter.fields).toEqual(['a', '', '', 'd', '', '', '', 'h']);
    expect(cutter.cut('"","","","","","","",""')).toBe(8);
    expect(cutter.fields).toEqual(Array(8).fill(''));
    expect(cutter.cut('"","","","x"')).toBe(4);
    expect(cutter.fields[3]).toBe('x');
    expect(cutter.cut('"a","","",""b"')).toBe(-1);
    expect(cutter.cut('"a","",""",""')).toBe(-1);
  });

  it('counts the fields of ragged lines and tells text past the width from blanks', () => {
    const cutter = new CsvLineCutter(3, [0, 1, 2]);
    expect(cutter.cut('"a"')).toBe(1);
    expect([cutter.cut('"a","b","c",""," "'), cutter.hasTextPastWidth]).toEqual([5, false]);
    expect([cutter.cut('"a","b","c","","x"'), cutter.hasTextPastWidth]).toEqual([5, true]);
  });

  it('cuts a line exactly as the full reader reads it, or leaves it to the full reader', () => {
    const lines = ['""', '"",""', '"","",""', '"a","","",""', '"a",""",""', '"a","",""x"', '"a","b"', '"a""b","c"', '"a",b', 'a,"b"', '"a","', '"', '"a" ,"b"', ' "a","b"', '"a","b" ', '"a",""b"', '"a","""', '"a"', '"a,"b"', '"a",",b"', '"a""', '', '  ', '\u00a0', 'a,b,,', ',,,', '"a",,"c",', '5" FLOPPY,"A"B', 'x,"y', '"x",y"z', '"",,""', ',"",""'];
    const cutter = new CsvLineCutter(3, [0, 1, 2]);
    for (const line of lines) {
      const record = new CsvRecordReader({ onError: () => {} }).take({ line: 1, text: line });
      const found = cutter.cut(line);
      if (found === -1) continue;
      expect([line, found, cutter.fields.slice(0, Math.min(found, 3))]).toEqual([line, record?.fields.length, record?.fields.slice(0, 3)]);
    }
    // Every line of up to 7 characters made of quotes, commas, a letter and a space.
    const grow = (line: string): string[] => (line.length === 7 ? [line] : [line, ...['"', ',', 'a', ' '].flatMap((c) => grow(line + c))]);
    let cut = 0;
    for (const line of grow('')) {
      const record = new CsvRecordReader({ onError: () => {} }).take({ line: 1, text: line });
      const found = cutter.cut(line);
      if (found === -1) continue;
      cut += 1;
      expect([line, found, cutter.fields.slice(0, Math.min(found, 3)), cutter.hasTextPastWidth]).toEqual([line, record?.fields.length, record?.fields.slice(0, 3), record!.fields.slice(3).some((f) => f.trim() !== '')]);
    }
    expect(cut).toBeGreaterThan(3_000);
    // Lines the quick way must take: every field quoted, or unquoted without quotes.
    for (const line of ['""', '"a","b"', '"a","",""', 'a,b,,', '"a",,"c",', ',"",""']) expect([line, cutter.cut(line)]).not.toEqual([line, -1]);
  });
});
