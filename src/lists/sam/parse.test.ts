import { describe, expect, it } from 'vitest';
import { fixture, hasRealData, memoryFile, real, runAll, SKIP_REAL } from '../test-helpers';
import { parseSam, SAM_V2_HEADER, samFileDate } from './parse';

const V2 = SAM_V2_HEADER.map((h) => `"${h}"`).join(',');
const cells = (values: Record<number, string>): string => SAM_V2_HEADER.map((_, i) => `"${values[i] ?? ''}"`).join(',');

describe('SAM parser on committed fixtures', () => {
  it('reads a V2 extract with its real header quirks', async () => {
    const { records, run } = await runAll(parseSam([fixture('sam', 'SAM_Exclusions_Public_Extract_V2_24096.CSV')]));
    expect(run.counts).toEqual({ records: 5, rejected: 0, warnings: 0 });
    expect(run.asOf).toBe('2024-04-05');
    expect(records[0]).toMatchObject({ kind: 'person', prefix: 'DR.', firstName: 'KATHLEEN', lastName: 'BRENNAN', exclusionTerm: 'Indefinite', exclusionDate: '2020-09-17', extra: { excludingAgency: 'HHS', ctCode: 'Z1', creationDate: '2020-09-18', layout: 'V2' } });
    expect(records[0].comments).toContain('§ 1320a-7');
    expect(records[1]).toMatchObject({ suffix: 'JR', npi: '1000000020', postalCode: '071021234', sourceRecordId: 'S4MRZZ002:OPM:2024-02-01' });
    expect(records[2]).toMatchObject({ kind: 'business', businessName: 'OKAFOR FAMILY CLINIC', address: '9 RIVER ROAD, SUITE 1', exclusionTerm: 'until 2029-02-01', extra: { uei: 'ZZOKF4CLN123', cage: '9ZZ01', terminationDate: '2029-02-01' } });
    expect(records[2].comments).toContain('“Effect”');
    expect(records.map((r) => [r.classification, r.kind])).toContainEqual(['Vessel', 'business']);
  });

  it('reads a legacy V1 extract; one party excluded by two agencies gives two records', async () => {
    const { records, run } = await runAll(parseSam([fixture('sam', 'SAM_Exclusions_Public_Extract_19001.CSV')]));
    expect(run.rejected).toEqual([]);
    expect(records.map((r) => r.sourceRecordId)).toEqual(['S4MRZZ101:HHS:2015-05-20', 'S4MRZZ101:OPM:2015-06-12', 'S4MRZZ102:HHS:2012-08-22']);
    expect(records[2].extra).toMatchObject({ layout: 'V1', duns: '123456789' });
  });

  it('reads the date of a V2 file name (YYDDD, Julian day)', () => {
    expect(samFileDate('SAM_Exclusions_Public_Extract_V2_22096.ZIP')).toBe('2022-04-06');
    expect(samFileDate('extract.csv')).toBeNull();
  });
});

describe('SAM bad input', () => {
  it('reports duplicate, ragged and nameless rows and unreadable dates', async () => {
    const good = cells({ 0: 'Individual', 3: 'ANA', 5: 'SILVA', 23: '01/02/2023', 24: 'Indefinite', 27: 'S4MRQQ001', 30: '2023-01-02' });
    const content = [V2, good, good, '"Individual","","","X"', cells({ 0: 'Firm', 23: '01/02/2023' }), good.replace('01/02/2023', '2023-01-02').replace('S4MRQQ001', 'S4MRQQ002')].join('\n');
    const { records, run } = await runAll(parseSam([memoryFile(content)]));
    expect(records).toHaveLength(2);
    expect(run.rejected.map((r) => [r.line, r.severity, r.reason])).toEqual([
      [3, 'error', 'duplicate of line 2 (identical row skipped)'],
      [4, 'error', 'expected 31 fields, found 4 (ragged or truncated row)'],
      [5, 'error', 'no name: Name, First and Last are all empty'],
      [6, 'warning', 'Active Date: "2023-01-02" is not a MM/DD/YYYY date; left empty'],
    ]);
    expect(run.asOf).toBe('2023-01-02');
  });

  it('refuses an LEIE file, naming the expected SAM header', async () => {
    await expect(runAll(parseSam([fixture('leie', 'UPDATED.csv')]))).rejects.toThrow(/UPDATED\.csv is not in the SAM\.gov Exclusions public extract layout: expected the header "Classification","Name"/);
  });
});

describe.skipIf(!hasRealData)(`SAM parser on real GSA rows (${SKIP_REAL})`, () => {
  it('reads the V2 rows and skips the repeated TERRA KLEAN row', async () => {
    const { records, run } = await runAll(parseSam([real('sam-exclusions/samples/SAM_Exclusions_Public_Extract_V2.rows-from-p5-parse-samgov-t05.CSV')]));
    expect(run.counts).toEqual({ records: 15, rejected: 1, warnings: 0 });
    expect(run.rejected[0]).toMatchObject({ line: 16, reason: 'duplicate of line 15 (identical row skipped)' });
    expect(records[0]).toMatchObject({ kind: 'business', businessName: 'ZTE CORPORATION', country: 'CHN', exclusionTerm: 'Indefinite', extra: { uei: 'HWEKRJ3F3N29', samNumber: 'S4MRB9MLP' } });
    expect(records.find((r) => r.lastName === 'FLORES')).toMatchObject({ firstName: 'ANTONIO', suffix: 'III', extra: { crossReference: '(also TERRA KLEAN SOLUTIONS INC.)' } });
    expect(run.asOf).toBe('2023-11-22');
  });

  it('reads the V1 rows: DAVID M. FINK once per excluding agency', async () => {
    const { records } = await runAll(parseSam([real('sam-exclusions/samples/SAM_Exclusions_Public_Extract.rows-from-p5-parse-samgov-t03.CSV')]));
    expect(records.filter((r) => r.lastName === 'FINK').map((r) => r.extra.excludingAgency)).toEqual(['HHS', 'OPM']);
    expect(records[2]).toMatchObject({ firstName: 'DAVID', middleName: 'B.', lastName: 'FINZI', postalCode: '331303038', exclusionDate: '2007-07-30' });
  });
});
