import { describe, expect, it } from 'vitest';
import { fixture, hasRealData, memoryFile, real, runAll, SKIP_REAL } from '../test-helpers';
import { leieFileKind } from './file-kind';
import { LEIE_HEADER, parseLeie } from './parse';

const HEADER = LEIE_HEADER.join(',');
const ROW = '"LOWE","PAT","","","NURSING PROFESSION","","","0000000000","19620704","31 HILL ROAD","BANGOR","ME","04401","1128a1","20160720","00000000","00000000",""';

describe('LEIE file kinds', () => {
  it('tells the full file from exclusion and reinstatement supplements of both namings', () => {
    expect(leieFileKind('/x/UPDATED.csv')).toEqual({ kind: 'full', month: null });
    expect(leieFileKind('1702EXCL.csv')).toEqual({ kind: 'exclusions', month: '2017-02' });
    expect(leieFileKind('2404REIN.csv')).toEqual({ kind: 'reinstatements', month: '2024-04' });
    expect(leieFileKind('sanc1511.csv')).toEqual({ kind: 'exclusions', month: '2015-11' });
    expect(leieFileKind('rein1512.csv')).toEqual({ kind: 'reinstatements', month: '2015-12' });
  });
});

describe('LEIE parser on committed fixtures', () => {
  it('reads the current layout (unquoted header, every field quoted, CRLF)', async () => {
    const { records, run } = await runAll(parseLeie([fixture('leie', 'UPDATED.csv')], { dateAcquired: '2024-05-01' }));
    expect(run.counts).toEqual({ records: 6, rejected: 0, warnings: 0 });
    expect(records[0]).toMatchObject({ kind: 'business', businessName: '#1 QUALITY HOME CARE, LLC', npi: null, state: 'NY', exclusionDate: '2021-04-15', dateAcquired: '2024-05-01' });
    const okafor = records.find((r) => r.lastName === 'OKAFOR');
    expect(okafor).toMatchObject({ middleName: 'THOMAS', suffix: 'JR', exclusionType: '1128a1', npi: '1000000020', dateOfBirth: '1965-06-11', reinstatementDate: null });
    expect(okafor?.businessName).toBeNull();
    expect(okafor?.extra).toEqual({ fileKind: 'full', employer: 'OKAFOR FAMILY CLINIC' });
    expect(records.find((r) => r.lastName === 'PATEL')).toMatchObject({ upin: 'A12345', waiver: '2024-01-01', extra: { waiverState: 'PR' } });
    expect(run.asOf).toBeNull();
  });

  it('reads the 2017 layout (quoted header, unquoted empties, trailing comma) as 18 fields', async () => {
    const { records, run } = await runAll(parseLeie([fixture('leie', 'UPDATED-2017.csv')]));
    expect(run.rejected).toEqual([]);
    expect(records.map((r) => r.businessName ?? `${r.lastName}, ${r.firstName} ${r.middleName ?? ''}`.trim())).toEqual(['GOLDEN OAKS PHARMACY, INC', 'DUNN, GEORGE W', 'LOWE, PATRICIA']);
  });

  it('marks supplement records and reads MM/DD/YY birth dates of old supplements', async () => {
    const { records, run } = await runAll(parseLeie([fixture('leie', '1602EXCL.csv'), fixture('leie', '2404REIN.csv')]));
    expect(records.map((r) => [r.lastName, r.extra.fileKind, r.dateOfBirth, r.reinstatementDate])).toEqual([
      ['HALL', 'exclusions', '1966-03-14', null],
      ['YOUNG', 'exclusions', '1952-11-30', null],
      ['FOSTER', 'reinstatements', '1979-05-21', '2024-04-12'],
    ]);
    expect(run.asOf).toBe('2024-04');
  });

  it('gives a reinstatement the same record id as the exclusion it ends', async () => {
    const excluded = ROW;
    const reinstated = ROW.replace('"20160720","00000000"', '"20160720","20240301"').replace('31 HILL ROAD', '9 NEW STREET');
    const { records } = await runAll(parseLeie([memoryFile(`${HEADER}\n${excluded}\n`, '1607EXCL.csv'), memoryFile(`${HEADER}\n${reinstated}\n`, '2403REIN.csv')]));
    expect(records).toHaveLength(2);
    expect(records[0].sourceRecordId).toBe(records[1].sourceRecordId);
  });
});

describe('LEIE bad input', () => {
  it('reports ragged, nameless, duplicate and truncated rows and repairs bad dates, never stopping', async () => {
    const latin1 = Buffer.from(ROW.replace('LOWE', 'MU\u00d1OZ'), 'latin1').toString('latin1');
    const content = Buffer.concat([
      Buffer.from(`${HEADER}\r\n${ROW}\r\n${ROW}\r\n"SHORT","ROW"\r\n`),
      Buffer.from(ROW.replace('"LOWE","PAT"', '"",""') + '\r\n'),
      Buffer.from(ROW.replace('19620704', '19620231').replace('PAT', 'PATRICK') + '\r\n'),
      Buffer.from(latin1 + '\r\n', 'latin1'),
      Buffer.from('"TRUNCATED","ROW","AT THE E'),
    ]);
    const { records, run } = await runAll(parseLeie([memoryFile(content, 'UPDATED.csv')]));
    expect(records.map((r) => r.lastName)).toEqual(['LOWE', 'LOWE', 'MUÑOZ']);
    expect(records[1]).toMatchObject({ firstName: 'PATRICK', dateOfBirth: null });
    expect(run.rejected.map((r) => [r.line, r.severity, r.reason])).toEqual([
      [3, 'error', 'duplicate of line 2 (identical row skipped)'],
      [4, 'error', 'expected 18 fields, found 2 (ragged or truncated row)'],
      [5, 'error', 'no name: LASTNAME, FIRSTNAME and BUSNAME are all empty'],
      [6, 'warning', 'DOB: day out of range in "19620231"; left empty'],
      [8, 'error', 'unterminated quoted field at end of file (truncated file?)'],
    ]);
  });

  it('yields nothing for a header-only file and warns on an empty one', async () => {
    expect((await runAll(parseLeie([memoryFile(`${HEADER}\r\n`)]))).run.counts).toEqual({ records: 0, rejected: 0, warnings: 0 });
    const empty = await runAll(parseLeie([memoryFile('')]));
    expect(empty.run.rejected).toEqual([expect.objectContaining({ line: 0, reason: 'file is empty', severity: 'warning' })]);
  });

  it('refuses a SAM extract, naming the expected LEIE header', async () => {
    const sam = fixture('sam', 'SAM_Exclusions_Public_Extract_V2_24096.CSV');
    await expect(runAll(parseLeie([sam]))).rejects.toThrow(
      /SAM_Exclusions_Public_Extract_V2_24096\.CSV is not in the OIG LEIE layout: expected the header LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,.*WVRSTATE but the file starts with "\\"Classification\\"/,
    );
  });
});

describe.skipIf(!hasRealData)(`LEIE parser on real OIG files (${SKIP_REAL})`, () => {
  it('reads the 2017 sample of UPDATED.csv', async () => {
    const { records, run } = await runAll(parseLeie([real('oig-leie/psm-test-sample-2017/UPDATED.csv')]));
    expect(run.counts.records).toBe(335);
    expect(run.rejected).toEqual([]);
    expect(records[0]).toMatchObject({ kind: 'business', businessName: 'ANCOR MEDICAL SERVICES INC', city: 'COLUMBUS', state: 'OH', exclusionType: '1128a1', exclusionDate: '1993-10-12', npi: null });
  });

  it('reads the current-format head rows', async () => {
    const { records, run } = await runAll(parseLeie([real('oig-leie/current-format-head-rows/UPDATED.csv')]));
    expect(run.rejected).toEqual([]);
    expect(records.map((r) => r.businessName)).toEqual(['#1 MARKETING SERVICE, INC', '1 BEST CARE, INC', '101 FIRST CARE PHARMACY INC', '14 LAWRENCE AVE PHARMACY', '143 MEDICAL EQUIPMENT CO']);
    expect(records[2]).toMatchObject({ npi: '1972902351', exclusionType: '1128b8', exclusionDate: '2022-03-20' });
  });

  it('reads old supplements with MM/DD/YY birth dates and reinstatement dates', async () => {
    const { records, run } = await runAll(parseLeie([real('oig-leie/supplements-2015-2017/rein1511.csv')]));
    expect(run.counts).toEqual({ records: 51, rejected: 0, warnings: 0 });
    expect(records[0]).toMatchObject({ lastName: 'ARCA', firstName: 'WILLIAM', middleName: null, dateOfBirth: '1954-12-27', reinstatementDate: '2015-11-04', extra: { fileKind: 'reinstatements' } });
    expect(run.asOf).toBe('2015-11');
  });

  it('skips and reports the exact duplicate row of 1608EXCL.csv', async () => {
    const { run } = await runAll(parseLeie([real('oig-leie/supplements-2015-2017/1608EXCL.csv')]));
    expect(run.counts.records).toBe(72);
    expect(run.rejected.filter((r) => r.severity === 'error')).toEqual([expect.objectContaining({ file: '1608EXCL.csv', line: 31, reason: 'duplicate of line 30 (identical row skipped)' })]);
  });

  it('reads a CRLF original (1703REIN.csv)', async () => {
    const { records, run } = await runAll(parseLeie([real('oig-leie/supplements-2017/1703REIN.csv')]));
    expect(run.counts.records).toBe(55);
    expect(records.every((r) => r.reinstatementDate !== null && r.extra.fileKind === 'reinstatements')).toBe(true);
  });
});

describe('LEIE column cut', () => {
  it('reads quoted lines, lines with a quote inside and unquoted lines alike', async () => {
    const unquoted = ROW.replaceAll('"', '').replace('LOWE', 'LOWER');
    const content = [HEADER, ROW, ROW.replace('"LOWE"', '"O""LOWE"'), unquoted, `${ROW},""`, `${ROW.replace('LOWE', 'LOWEST')},"X"`].join('\r\n');
    const { records, run } = await runAll(parseLeie([memoryFile(content, 'UPDATED.csv')]));
    expect(records.map((r) => r.lastName)).toEqual(['LOWE', 'O"LOWE', 'LOWER']);
    expect(records.map((r) => [r.firstName, r.city, r.dateOfBirth, r.exclusionDate, r.extra])).toEqual(Array(3).fill(['PAT', 'BANGOR', '1962-07-04', '2016-07-20', { fileKind: 'full' }]));
    expect(run.rejected.map((r) => [r.line, r.reason])).toEqual([
      [5, 'duplicate of line 2 (identical row skipped)'],
      [6, 'expected 18 fields, found 19 (ragged row or unquoted delimiter)'],
    ]);
  });
});

describe('LEIE batches', () => {
  it('hands out the same records and issues a chunk at a time as one by one', async () => {
    const files = () => [fixture('leie', 'UPDATED.csv'), fixture('leie', 'UPDATED-2017.csv'), memoryFile(`${HEADER}\r\n${ROW}\r\n${ROW}\r\n"SHORT"\r\n${ROW.replace('LOWE', 'LOW')}\r\n`, '1602EXCL.csv')];
    const { records, run } = await runAll(parseLeie(files()));
    const batched = parseLeie(files());
    const batches = [];
    for await (const batch of batched.batches()) batches.push(batch);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((batch) => batch.length > 0)).toBe(true);
    expect(batches.flat()).toEqual(records);
    expect(batched.rejected).toEqual(run.rejected);
    expect(batched.counts).toEqual({ records: 11, rejected: 2, warnings: 0 });
    expect(batched.asOf).toBe(run.asOf);
  });
});
