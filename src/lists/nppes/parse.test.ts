import { describe, expect, it } from 'vitest';
import { fixture, hasRealData, memoryFile, real, runAll, SKIP_REAL } from '../test-helpers';
import { NPIDATA_HEADER } from './header';
import { nppesFileDate } from './npidata';
import { nppesFileRole, parseNppes } from './parse';

const FULL = ['npidata_pfile_20050523-20240310.csv', 'othername_pfile_20050523-20240310.csv', 'pl_pfile_20050523-20240310.csv', 'NPPES_Deactivated_NPI_Report_20240408.csv'];
const quotedHeader = NPIDATA_HEADER.map((h) => `"${h}"`).join(',');
const npidataRow = (values: Record<string, string>): string => NPIDATA_HEADER.map((h) => `"${values[h] ?? ''}"`).join(',');

describe('NPPES files', () => {
  it('has the 330-column header and tells file roles and dates from names', () => {
    expect(NPIDATA_HEADER).toHaveLength(330);
    expect(NPIDATA_HEADER[329]).toBe('Certification Date');
    expect(['npidata_pfile_20050523-20240310.csv', 'npidata_pfile_20050523-20240310_fileheader.csv', 'othername_pfile_x.csv', 'pl_pfile_x.csv', 'NPPES_Deactivated_NPI_Report_040824.csv', 'endpoint_pfile_x.csv'].map(nppesFileRole))
      .toEqual(['npidata', 'ignored', 'othername', 'pl', 'deactivation', 'ignored']);
    expect(nppesFileDate('npidata_pfile_20240304-20240310.csv')).toBe('2024-03-10');
  });
});

describe('NPPES parser on committed fixtures', () => {
  it('keeps what screening needs and joins other names, secondary locations and deactivations', async () => {
    const { records, run } = await runAll(parseNppes(FULL.map((name) => fixture('nppes', name))));
    expect(run.asOf).toBe('2024-03-10');
    expect(run.rejected).toEqual([expect.objectContaining({ file: FULL[1], line: 3, reason: 'NPI 1000000053 is not in the npidata file given (1 row(s) skipped)' })]);
    const [patel, sunrise, deactivated, oneil, reportOnly] = records;
    expect(patel).toMatchObject({ kind: 'person', lastName: 'PATEL', firstName: 'ANIL', middleName: 'K', prefix: 'DR.', akas: ['PATELL, ANIL'], specialty: '207R00000X', licenseNumbers: ['TX12345', 'LA998'], providerNumbers: ['MCD55501'], state: 'TX', postalCode: '770021234', link: 'https://npiregistry.cms.hhs.gov/provider-view/1000000012' });
    expect(patel.extra).toMatchObject({ entityTypeCode: '1', credential: 'M.D.', sex: 'M', licenseStates: 'TX12345:TX;LA998:LA', secondaryPracticeStates: 'TX;LA', enumerationDate: '2006-06-01' });
    expect(sunrise).toMatchObject({ kind: 'business', businessName: 'SUNRISE DME SUPPLY INC', ein: null, dbas: ['SUNRISE MEDICAL EQUIPMENT', 'SUNRISE HOME OXYGEN'] });
    expect(deactivated).toMatchObject({ npi: '1000000020', kind: 'person', lastName: null, extra: { entityTypeCode: '', deactivationDate: '2022-05-04' } });
    expect(oneil).toMatchObject({ lastName: "O'NEIL", extra: expect.objectContaining({ deactivationDate: '2015-01-02', reactivationDate: '2016-03-04' }) });
    expect(reportOnly).toMatchObject({ npi: '1000000046', extra: { entityTypeCode: '', deactivationDate: '2024-04-01' } });
  });
});

describe('NPPES bad input', () => {
  it('reports bad NPIs, unknown entity types and short rows; a repeated NPI row is skipped', async () => {
    const good = npidataRow({ NPI: '1000000012', 'Entity Type Code': '1', 'Provider Last Name (Legal Name)': 'PATEL' });
    const content = [quotedHeader, good, good, npidataRow({ NPI: '12345', 'Entity Type Code': '1' }), npidataRow({ NPI: '1000000020', 'Entity Type Code': '' }), '"1000000038","1"'].join('\n');
    const { records, run } = await runAll(parseNppes([memoryFile(content, 'npidata_pfile_x.csv')]));
    expect(records).toHaveLength(1);
    expect(run.rejected.map((r) => [r.line, r.reason])).toEqual([
      [3, 'duplicate of line 2 (identical row skipped)'],
      [4, 'NPI "12345" is not 10 digits'],
      [5, 'Entity Type Code "" is neither 1 nor 2 and the NPI is not deactivated'],
      [6, 'expected 330 fields, found 2 (ragged or truncated row)'],
    ]);
  });

  it('refuses an othername file given as npidata, naming the expected columns', async () => {
    await expect(runAll(parseNppes([memoryFile('"NPI","Provider Other Organization Name","Provider Other Organization Name Type Code"\n', 'npidata_pfile_x.csv')]))).rejects.toThrow(
      /npidata_pfile_x\.csv is not in the CMS NPPES NPI file \(npidata_pfile\) layout: expected the header with the columns "NPI", "Entity Type Code", "Provider Organization Name \(Legal Business Name\)"/,
    );
    await expect(runAll(parseNppes([fixture('leie', 'UPDATED.csv')]))).rejects.toThrow(/UPDATED\.csv is not in the CMS NPPES NPI file/);
  });
});

describe.skipIf(!hasRealData)(`NPPES parser on real CMS rows (${SKIP_REAL})`, () => {
  it('reads the 41-column npidata sample by header names, with the <UNAVAIL> EIN', async () => {
    const { records, run } = await runAll(parseNppes([real('nppes/npidata-pfile-sample/npi_sample.csv')]));
    expect(run.counts).toEqual({ records: 9, rejected: 0, warnings: 0 });
    expect(records[0]).toMatchObject({ npi: '1679576722', lastName: 'WIEBE', firstName: 'DAVID', middleName: 'A', state: 'NE', extra: expect.objectContaining({ credential: 'M.D.', enumerationDate: '2005-05-23' }) });
    expect(records[2]).toMatchObject({ kind: 'business', businessName: 'CUMBERLAND COUNTY HOSPITAL SYSTEM, INC', ein: null, dbas: ['CAPE FEAR VALLEY HOME HEALTH AND HOSPICE'] });
  });

  it('joins the real othername rows and reports those for NPIs outside the sample', async () => {
    const files = ['npidata-pfile-sample/npi_sample.csv', 'pl-othername-samples/othername_test.csv', 'pl-othername-samples/pl_test.csv'].map((p) => real(`nppes/${p}`));
    const { records, run } = await runAll(parseNppes(files));
    const napa = records.find((r) => r.npi === '1023011178');
    expect(napa?.dbas).toEqual(['PROVIDENCE PALLIATIVE CARE NAPA VALLEY', 'Providence Hospice Napa Valley', 'Napa Valley Hospice & Adult Day Services']);
    expect(run.rejected.every((r) => /^NPI \d{10} is not in the npidata file given/.test(r.reason))).toBe(true);
    expect(run.rejected.filter((r) => r.file === 'othername_test.csv')).toHaveLength(6);
    expect(run.rejected.filter((r) => r.file === 'pl_test.csv')).toHaveLength(6);
  });
});

describe('NPPES column cut', () => {
  it('reads the same values from lines cut quickly, lines with quotes inside and unquoted lines', async () => {
    const values = {
      NPI: '1000000012', 'Entity Type Code': '1', 'Provider Last Name (Legal Name)': 'PATEL', 'Provider First Name': 'ANIL',
      'Provider Business Practice Location Address State Name': 'TX', 'Provider Enumeration Date': '06/01/2006',
      'Healthcare Provider Taxonomy Code_2': '207R00000X', 'Provider License Number_2': 'TX12345', 'Provider License Number State Code_2': 'TX',
      'Healthcare Provider Primary Taxonomy Switch_2': 'Y', 'Other Provider Identifier_50': 'MCD55501', 'Other Provider Identifier Type Code_50': '05',
      'Certification Date': '01/01/2020',
    };
    const quoted = npidataRow(values);
    const withQuote = npidataRow({ ...values, NPI: '1000000020', 'Provider First Name': 'ANIL ""TONY""' });
    const unquoted = NPIDATA_HEADER.map((h) => (h === 'NPI' ? '1000000038' : ((values as Record<string, string>)[h] ?? ''))).join(',');
    const content = [quotedHeader, quoted, withQuote, unquoted, `${quoted.replace('1000000012', '1000000046')},"",""`].join('\r\n');
    const { records, run } = await runAll(parseNppes([memoryFile(content, 'npidata_pfile_x.csv')]));
    expect(run.rejected).toEqual([]);
    expect(records.map((r) => r.npi)).toEqual(['1000000012', '1000000020', '1000000038', '1000000046']);
    expect(records[1].firstName).toBe('ANIL "TONY"');
    const comparable = records.map((r) => ({ ...r, npi: null, sourceRecordId: null, link: null, firstName: null }));
    for (const record of comparable.slice(1)) expect(record).toEqual(comparable[0]);
    expect(records[0]).toMatchObject({ specialty: '207R00000X', licenseNumbers: ['TX12345'], providerNumbers: ['MCD55501'], state: 'TX', extra: { enumerationDate: '2006-06-01', licenseStates: 'TX12345:TX' } });
  });

  it('counts the fields of cut lines for the ragged-row rule', async () => {
    const row = npidataRow({ NPI: '1000000012', 'Entity Type Code': '1', 'Provider Last Name (Legal Name)': 'PATEL' });
    const short = row.slice(0, row.lastIndexOf(','));
    const content = [quotedHeader, short, `${row},"X"`, `${row},""," "`].join('\n');
    const { records, run } = await runAll(parseNppes([memoryFile(content, 'npidata_pfile_x.csv')]));
    expect(records).toHaveLength(1);
    expect(run.rejected.map((r) => [r.line, r.reason, r.raw === content.split('\n')[r.line - 1]])).toEqual([
      [2, 'expected 330 fields, found 329 (ragged or truncated row)', true],
      [3, 'expected 330 fields, found 331 (ragged row or unquoted delimiter)', true],
    ]);
  });
});

describe('NPPES batches', () => {
  it('hands out the same records and issues a chunk at a time as one by one, joins included', async () => {
    const repeated = npidataRow({ NPI: '1000000012', 'Entity Type Code': '1', 'Provider Last Name (Legal Name)': 'PATEL', 'Provider First Name': 'RAVI' });
    const weekly = [quotedHeader, repeated, '"1000000038","1"'].join('\r\n');
    const files = () => [...FULL.map((name) => fixture('nppes', name)), memoryFile(weekly, 'npidata_pfile_20240311-20240317.csv')];
    const { records, run } = await runAll(parseNppes(files()));
    const batched = parseNppes(files());
    const batches = [];
    for await (const batch of batched.batches()) batches.push(batch);
    expect(batches.every((batch) => batch.length > 0)).toBe(true);
    expect(batches.flat()).toEqual(records);
    // The second file's PATEL row comes after the joins took the facts of that NPI.
    expect(records.filter((r) => r.npi === '1000000012').map((r) => r.dbas.length > 0 || r.extra.secondaryPracticeStates !== undefined)).toEqual([true, false]);
    expect(batched.rejected).toEqual(run.rejected);
    expect(batched.counts).toEqual(run.counts);
    expect(batched.asOf).toBe('2024-03-17');
  });
});
