import { describe, expect, it } from 'vitest';
import { fixture, memoryFile, runAll } from '../test-helpers';
import { OPTOUT_HEADER, parseOptout } from './parse';

describe('opt-out parser on committed fixtures', () => {
  it('reads the data.cms.gov CSV and an export with a lowercase npi column and ISO dates', async () => {
    const { records, run } = await runAll(parseOptout([fixture('optout', 'optout.csv'), fixture('optout', 'optout-lowercase-npi.csv')], { dateAcquired: '2024-04-20' }));
    expect(run.counts).toEqual({ records: 4, rejected: 0, warnings: 0 });
    expect(records[0]).toMatchObject({ sourceRecordId: '1000000038', kind: 'person', firstName: 'MARGARET', lastName: 'CHEN', specialty: 'Psychiatry', exclusionDate: '2022-01-01', exclusionTerm: 'until 2025-12-31', address: '200 PARK AVE, FL 12', postalCode: '10166', extra: { eligibleToOrderAndRefer: 'Y', lastUpdated: '2024-03-01', optoutEndDate: '2025-12-31' } });
    expect(records[2]).toMatchObject({ lastName: 'WHITFIELD', npi: null, exclusionTerm: null });
    expect(records[3]).toMatchObject({ npi: '1000000053', exclusionDate: '2023-05-01' });
    expect(run.asOf).toBe('2024-04-02');
  });
});

describe('opt-out bad input', () => {
  it('reports short rows and nameless rows, warns on bad NPIs and dates', async () => {
    const header = OPTOUT_HEADER.map((h) => `"${h}"`).join(',');
    const row = (first: string, last: string, npi: string, start: string) => `"${first}","${last}","${npi}","Psychiatry","${start}","","1 A ST","","X","NY","10001","Y","01/01/2024"`;
    const content = [header, row('A', 'B', '1000000012', '13/45/2020'), row('', '', '1000000020', '01/01/2020'), '"ONLY","TWO"', row('C', 'D', '1000000013', '01/01/2020')].join('\r\n');
    const { records, run } = await runAll(parseOptout([memoryFile(content)]));
    expect(records.map((r) => r.lastName)).toEqual(['B', 'D']);
    expect(run.rejected.map((r) => [r.line, r.severity, r.reason])).toEqual([
      [2, 'warning', 'Optout Effective Date: month out of range in "13/45/2020"; left empty'],
      [3, 'error', 'no name: First Name and Last Name are empty'],
      [4, 'error', 'expected 13 fields, found 2 (ragged or truncated row)'],
      [5, 'warning', 'NPI 1000000013 fails the check digit; kept as published'],
    ]);
  });

  it('refuses a DMF file, naming the expected opt-out columns', async () => {
    await expect(runAll(parseOptout([fixture('leie', 'UPDATED.csv')]))).rejects.toThrow(/UPDATED\.csv is not in the CMS Medicare Opt-Out Affidavits layout: expected the header with the columns "First Name", "Last Name", "NPI", "Optout Effective Date" \(missing: "First Name", "Last Name", "Optout Effective Date"\)/);
  });
});
