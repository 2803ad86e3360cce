import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { XlsxWriter, type XlsxCell } from '../../../scripts/gen-lists/xlsx-writer';
import { WrongSourceError } from '../core/errors';
import { fixture, memoryFile, runAll } from '../test-helpers';
import { loadStateConfigs, type StateListConfig } from './config';
import { parseStateList } from './parse';

const configs = new Map(loadStateConfigs().map((c) => [c.id.slice(6).toUpperCase(), c]));
const config = (state: string): StateListConfig => configs.get(state) as StateListConfig;
const parse = (state: string, files: (string | ReturnType<typeof memoryFile>)[]) => runAll(parseStateList(config(state), files));
const dir = mkdtempSync(join(tmpdir(), 'state-xlsx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function workbook(name: string, sheets: Record<string, XlsxCell[][]>): string {
  const path = join(dir, name);
  const book = new XlsxWriter(path, { dateStyle: 'custom' });
  for (const [sheet, rows] of Object.entries(sheets)) {
    book.addSheet(sheet);
    for (const row of rows) book.writeRow(row);
  }
  book.close();
  return path;
}

const OH_INDIVIDUALS = ['Provider ID', 'NPI', 'First Name', 'Middle Name', 'Last Name', 'DOB', 'Address 1', 'Address 2', 'City', 'State', 'Zip Code', 'Provider Type', 'Status', 'Action Date', 'Date Added'];

describe('state lists in the agencies\' workbook formats', () => {
  it('says which states publish workbooks and which sheets are read', () => {
    expect([...configs.values()].map((c) => [c.id, c.format, c.sheets ?? null])).toEqual([
      ['state-ak', 'pdf', null],
      ['state-al', 'xlsx', null],
      ['state-ar', 'csv', null],
      ['state-az-exclusions', 'xlsx', ['State Exclusions']],
      ['state-az', 'pdf', null],
      ['state-ca', 'csv', null],
      ['state-co', 'xlsx', ['Termination List']],
      ['state-ct', 'html', null],
      ['state-dc', 'html', null],
      ['state-de', 'pdf', null],
      ['state-ga', 'xlsx', null],
      ['state-hi', 'pdf', null],
      ['state-ia', 'xlsx', null],
      ['state-id', 'pdf', null],
      ['state-il', 'xlsx', null],
      ['state-in', 'xlsx', null],
      ['state-ks', 'xlsx', null],
      ['state-ky', 'xlsx', null],
      ['state-la', 'csv', null],
      ['state-ma', 'xlsx', ['Exclusions List', 'Removed fx the list']],
      ['state-md', 'xlsx', null],
      ['state-me', 'pdf', null],
      ['state-mi', 'xlsx', null],
      ['state-mn', 'xlsx', null],
      ['state-mo', 'xlsx', null],
      ['state-ms', 'xlsx', ['Sheet1']],
      ['state-mt', 'xlsx', null],
      ['state-nc', 'xlsx', null],
      ['state-nd', 'xlsx', null],
      ['state-ne', 'pdf', null],
      ['state-nh', 'xlsx', null],
      ['state-nj-debarment', 'txt', null],
      ['state-nj', 'pdf', null],
      ['state-nv', 'pdf', null],
      ['state-ny', 'xlsx', null],
      ['state-oh', 'xlsx', ['Individuals', 'Organizations']],
      ['state-or', 'csv', null],
      ['state-pa', 'csv', null],
      ['state-sc', 'xlsx', null],
      ['state-tn', 'pdf', null],
      ['state-tx', 'xls', null],
      ['state-vt', 'xlsx', null],
      ['state-wa', 'xlsx', null],
      ['state-wv', 'pdf', null],
      ['state-wy', 'pdf', null],
    ]);
  });

  it('NY: the XLSX gives the same records as its CSV export (dates from date cells, NPIs from number cells)', async () => {
    const fromCsv = await parse('NY', [fixture('state', 'ny.csv')]);
    const fromXlsx = await parse('NY', [fixture('state', 'ny.xlsx')]);
    expect(fromXlsx.run.rejected).toEqual([]);
    expect(fromXlsx.records).toHaveLength(5);
    expect(fromXlsx.records).toEqual(fromCsv.records);
    expect(fromXlsx.records[1]).toMatchObject({ npi: '1000000020', exclusionDate: '2024-02-15' });
  });

  it('OH: the Individuals and Organizations sheets are read in order (Instructions skipped), as the two CSV exports are', async () => {
    const fromCsv = await parse('OH', [fixture('state', 'oh-individuals.csv'), fixture('state', 'oh-organizations.csv')]);
    const fromXlsx = await parse('OH', [fixture('state', 'oh.xlsx')]);
    expect(fromXlsx.run.rejected).toEqual([]);
    expect(fromXlsx.records.map((r) => [r.kind, r.lastName ?? r.businessName])).toEqual([
      ['person', 'BRENNAN'],
      ['person', 'WALKER'],
      ['person', 'COLLINS'],
      ['business', 'BUCKEYE CARE SERVICES LLC'],
    ]);
    expect(fromXlsx.records).toEqual(fromCsv.records);
    expect(fromXlsx.records[0]).toMatchObject({ dateOfBirth: '1971-02-03', postalCode: '45402', providerNumbers: ['0012345'], extra: { dateAdded: '09/25/20' } });
  });

  it('TX: the legacy .xls (ours, and one written by xlwt) gives the same records as its CSV export', async () => {
    const fromCsv = await parse('TX', [fixture('state', 'tx.csv')]);
    for (const file of ['tx.xls', 'tx-xlwt.xls']) {
      const fromXls = await parse('TX', [fixture('state', file)]);
      expect(fromXls.run.rejected).toEqual([]);
      expect(fromXls.records).toEqual(fromCsv.records);
    }
    const { records } = await parse('TX', [memoryFile(readFileSync(fixture('state', 'tx.xls')), 'download')]);
    expect(records[3]).toMatchObject({ lastName: 'MORALES', reinstatementDate: '2020-03-01', extra: { addDate: '01/10/2015' } });
  });

  it('NY: an XLSX written by another program (openpyxl) gives the same records', async () => {
    const fromCsv = await parse('NY', [fixture('state', 'ny.csv')]);
    const fromOpenpyxl = await parse('NY', [fixture('state', 'ny-openpyxl.xlsx')]);
    expect(fromOpenpyxl.run.rejected).toEqual([]);
    expect(fromOpenpyxl.records).toEqual(fromCsv.records);
  });

  it('reads a workbook handed over as a stream (an upload), told by its bytes whatever its name', async () => {
    const { records, run } = await parse('NY', [memoryFile(readFileSync(fixture('state', 'ny.xlsx')), 'omig-export.csv')]);
    expect(run.rejected).toEqual([]);
    expect(records.map((r) => r.lastName ?? r.businessName)).toEqual(['BRENNAN', 'OKAFOR', '#1 QUALITY HOME CARE, LLC', 'SUNSHINE TRANSPORT INC', 'GARCIA']);
  });

  it('reports row problems with the sheet and its row numbers, pads short rows, and rejects text right of the header', async () => {
    const path = workbook('oh-issues.xlsx', {
      Instructions: [['read me']],
      Individuals: [
        ['Ohio Department of Medicaid'],
        OH_INDIVIDUALS,
        ['1', 1000000061, 'ANN', null, 'LEE', null, null, null, null, null, null, null, 'EXCLUDED', { date: '2020-01-02' }],
        ['1', 1000000061, 'ANN', null, 'LEE', null, null, null, null, null, null, null, 'EXCLUDED', { date: '2020-01-02' }],
        ['2', 'N/A', null, null, null, null, null, null, null, null, null, null, 'EXCLUDED', { date: '2020-01-02' }],
        ['3', 'N/A', 'BO', null, 'RAY', null, null, null, null, null, null, null, 'EXCLUDED', 'soon'],
        ['4', 'N/A', 'CY', null, 'DOE', null, null, null, null, null, null, null, 'EXCLUDED', { date: '2021-03-04' }, null, 'stray note'],
      ],
      Organizations: [['Organizations'], ['Provider ID', 'NPI', 'Organization Name', 'Status', 'Action Date'], ['9', 2000000028, 'ACME HEALTH LLC', 'TERMINATED', { date: '2019-05-06' }]],
    });
    const { records, run } = await runAll(parseStateList({ ...config('OH'), skipLines: 1 }, [path]));
    expect(records.map((r) => r.lastName ?? r.businessName)).toEqual(['LEE', 'RAY', 'ACME HEALTH LLC']);
    expect(run.rejected.map((r) => [r.file, r.line, r.severity, r.reason])).toEqual([
      ['oh-issues.xlsx, sheet Individuals', 4, 'error', 'duplicate of line 3 (identical row skipped)'],
      ['oh-issues.xlsx, sheet Individuals', 5, 'error', 'no name in the row'],
      ['oh-issues.xlsx, sheet Individuals', 6, 'warning', 'Action Date: "soon" is not a MM/DD/YYYY date; left empty'],
      ['oh-issues.xlsx, sheet Individuals', 7, 'error', 'expected 15 fields, found 16 (ragged row or unquoted delimiter)'],
    ]);
    expect(run.rejected[0].raw).toBe('1,1000000061,ANN,,LEE,,,,,,,,EXCLUDED,01/02/2020');
  });

  it('refuses a workbook of another layout, naming the expected header or the missing sheets', async () => {
    await expect(parse('NY', [fixture('state', 'oh.xlsx')])).rejects.toThrow(/^oh\.xlsx is not in the New York OMIG Medicaid Exclusions layout: expected the header with the columns "Provider Name", "Exclusion Effective Date"/);
    await expect(parse('TX', [fixture('state', 'ny.xlsx')])).rejects.toThrow(WrongSourceError);
    await expect(parse('OH', [fixture('state', 'ny.xlsx')])).rejects.toThrow('ny.xlsx is not in the Ohio Medicaid Provider Exclusion and Suspension List layout: expected the sheets "Individuals", "Organizations" (missing: "Individuals", "Organizations") but the workbook has the sheets "Sheet1"');
    const onlyIndividuals = workbook('oh-half.xlsx', { Individuals: [OH_INDIVIDUALS] });
    await expect(parse('OH', [onlyIndividuals])).rejects.toThrow('(missing: "Organizations")');
  });

  it('refuses a damaged workbook naming the file, before any record', async () => {
    const bytes = readFileSync(fixture('state', 'ny.xlsx'));
    const seen: string[] = [];
    const run = parseStateList(config('NY'), [memoryFile(bytes.subarray(0, bytes.length - 100), 'ny-cut.xlsx')]);
    await expect((async () => {
      for await (const record of run) seen.push(record.sourceRecordId);
    })()).rejects.toThrow(/^ny-cut\.xlsx is not a readable XLSX workbook/);
    expect(seen).toEqual([]);
  });
});
