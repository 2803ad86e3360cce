import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '#shared/messages';
import { decodeCsv, parseCsv, previewOf } from './csv-file';
import { checkCsvShape, CsvRefusal } from './csv-shape';


describe('reading uploaded CSV files (ADR 014)', () => {
  it('reads UTF-8 with and without a BOM alike', () => {
    const plain = Buffer.from('First Name,Last Name\nJosé,Núñez\n');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]);
    expect(parseCsv(plain)).toEqual(parseCsv(bom));
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

  it('keeps ragged rows as they are (the dry run reports them)', () => {
    expect(parseCsv(Buffer.from('a,b,c\n1,2\n1,2,3,4\n')).rows).toEqual([['1', '2'], ['1', '2', '3', '4']]);
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
