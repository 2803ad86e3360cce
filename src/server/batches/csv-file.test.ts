import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '#shared/messages';
import { messyRoster, type RosterDelimiter, type RosterEncoding } from '#test/messy-rosters';
import { decodeCsv, parseCsv, previewOf, summarizeCsv } from './csv-file';
import { checkCsvShape, CsvRefusal } from './csv-shape';


describe('reading uploaded CSV files (ADR 014)', () => {
  it('reads UTF-8 with and without a BOM alike', () => {
    const plain = Buffer.from('First Name,Last Name\nJosé,Núñez\n');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]);
    expect(parseCsv(plain).rows).toEqual(parseCsv(bom).rows);
    expect([parseCsv(plain).format.encoding, parseCsv(bom).format.encoding]).toEqual(['UTF-8', 'UTF-8 with BOM']);
    expect(parseCsv(bom).header).toEqual(['First Name', 'Last Name']);
    expect(parseCsv(bom).rows).toEqual([['José', 'Núñez']]);
  });

  it('reads Windows-1252 text when the bytes are not UTF-8', () => {
    // "José Núñez – Ltd" in Windows-1252: é=E9, ú=FA, ñ=F1, en dash=96.
    const bytes = Buffer.from([...Buffer.from('Name\nJos'), 0xe9, 0x20, 0x4e, 0xfa, 0xf1, 0x65, 0x7a, 0x20, 0x96, 0x20, ...Buffer.from('Ltd\n')]);
    expect(decodeCsv(bytes).encoding).toBe('windows-1252');
    expect(parseCsv(bytes).rows).toEqual([['José Núñez – Ltd']]);
  });

  it('reads CRLF and LF line ends alike', () => {
    expect(parseCsv(Buffer.from('a,b\r\n1,2\r\n3,4\r\n'))).toEqual(parseCsv(Buffer.from('a,b\n1,2\n3,4\n')));
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    const table = parseCsv(Buffer.from('Name,Note\r\n"Smith, John","He said ""hi""\r\nand left"\r\n'));
    expect(table.rows).toEqual([['Smith, John', 'He said "hi"\r\nand left']]);
  });

  it('skips blank lines, including lines of only commas or spaces', () => {
    expect(parseCsv(Buffer.from('\n\na,b\n\n1,2\n , \n,\n3,4\n\n')).rows).toEqual([['1', '2'], ['3', '4']]);
  });

  it('fits ragged rows to the header: missing cells are empty, empty extra ones dropped, extra data kept (the dry run reports it)', () => {
    expect(parseCsv(Buffer.from('a,b,c\n1,2\n1,2,3,,\n1,2,3,4\n')).rows).toEqual([['1', '2', ''], ['1', '2', '3'], ['1', '2', '3', '4']]);
  });

  it('answers a header with no rows, and nothing for an empty file', () => {
    expect(parseCsv(Buffer.from('a,b\r\n'))).toMatchObject({ header: ['a', 'b'], rows: [] });
    expect(parseCsv(Buffer.from(''))).toMatchObject({ header: [], rows: [] });
    expect(parseCsv(Buffer.from('\r\n\r\n'))).toMatchObject({ header: [], rows: [] });
  });

  it('names empty header cells and tells repeated labels apart', () => {
    expect(parseCsv(Buffer.from(' Name ,,Name\n1,2,3\n')).header).toEqual(['Name', 'Column 2', 'Name (2)']);
  });

  it('previews each column: its label, then up to five sample values', () => {
    const csv = ['First,Last', ...Array.from({ length: 7 }, (_, i) => `F${i},L${i}`)].join('\n');
    expect(previewOf(parseCsv(Buffer.from(csv)))).toEqual([
      ['First', 'F0', 'F1', 'F2', 'F3', 'F4'],
      ['Last', 'L0', 'L1', 'L2', 'L3', 'L4'],
    ]);
  });
});

describe('the shape check before parsing (ADR 025)', () => {
  const limits = { maxColumns: 3, maxValueChars: 10, maxLineChars: 40 };
  it('counts columns and value lengths as the parser reads them: quoted commas and line breaks stay in one value', () => {
    expect(() => checkCsvShape('a,b,c\n"x,y,z",2,3\n"tw\nlin",2,3\n', limits)).not.toThrow();
    expect(parseCsv(Buffer.from('a,b,c\n"x,y,z",2,3\n"tw\nlin",2,3\n'), limits).rows).toHaveLength(2);
  });

  it('breaks lines where the parser does: a CRLF file with stray LFs keeps them inside values', () => {
    const text = 'a,b,c\r\n1,2\n3,4\r\n';
    expect(parseCsv(Buffer.from(text)).rows).toEqual([['1', '2\n3', '4']]);
    expect(() => checkCsvShape(text, limits)).not.toThrow();
    expect(() => checkCsvShape('a,b,c\r\n1,2\n3,4\n5,6\r\n', limits)).toThrow(new CsvRefusal(UPLOAD_MESSAGES.tooManyColumns(2, 3)));
  });

  it('names the line where a record starts, counting quoted line breaks', () => {
    expect(() => checkCsvShape('a,b\n"one\ntwo",1\n1,2,3,4\n', limits)).toThrow(new CsvRefusal(UPLOAD_MESSAGES.tooManyColumns(4, 3)));
    expect(() => checkCsvShape('a,b\n"12345678901",1\n', limits)).toThrow(CsvRefusal);
    expect(() => checkCsvShape(`a,b\n${'1234567,'.repeat(2)}\n`, { ...limits, maxLineChars: 10 })).toThrow(new CsvRefusal(UPLOAD_MESSAGES.lineTooLong(2, 10)));
  });
});

describe('messy rosters as exported (issue 18 items 2 and 3)', () => {
  const delimiters: [RosterDelimiter, string][] = [[',', 'comma'], [';', 'semicolon'], ['\t', 'tab'], ['|', 'pipe']];
  const encodings: [RosterEncoding, string][] = [
    ['utf-8', 'UTF-8'],
    ['utf-8-bom', 'UTF-8 with BOM'],
    ['utf-16le', 'UTF-16 LE'],
    ['utf-16be', 'UTF-16 BE'],
    ['windows-1252', 'Windows-1252'],
  ];
  const limits = { maxColumns: 500, maxValueChars: 4000, maxLineChars: 100_000 };
  for (const [delimiter, delimiterName] of delimiters) {
    for (const [encoding, label] of encodings) {
      it(`reads a ${delimiterName}-delimited ${label} roster with short, padded and blank lines as meant`, () => {
        const roster = messyRoster({ rows: 200, seed: delimiter.charCodeAt(0) * 7 + encoding.length, delimiter, encoding, shortShare: 0.3, extraEmptyShare: 0.2, blankShare: 0.05, newline: encoding === 'utf-8' ? '\n' : '\r\n' });
        const table = parseCsv(roster.bytes, limits);
        expect(table.format).toEqual({ kind: 'csv', encoding: label, delimiter: delimiterName, sheet: null, sheets: [] });
        expect(table.header).toEqual(roster.header);
        expect(table.rows).toEqual(roster.rows);
        const summary = summarizeCsv(roster.bytes, limits);
        expect(summary).toMatchObject({ header: roster.header, rowCount: 200, format: table.format });
      });
    }
  }

  it('takes the delimiter every row uses, not one that only the header holds', () => {
    const table = parseCsv(Buffer.from('Name (Last, First);NPI\nLee, Ann;1234567893\nRay;\n'));
    expect(table.format.delimiter).toBe('semicolon');
    expect(table.rows).toEqual([['Lee, Ann', '1234567893'], ['Ray', '']]);
  });

  it('reads a one-column file as comma-delimited', () => {
    expect(parseCsv(Buffer.from('NPI\n1234567893\n')).format.delimiter).toBe('comma');
  });
});
