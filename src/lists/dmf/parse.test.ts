import { describe, expect, it } from 'vitest';
import { fixture, hasRealData, memoryFile, real, runAll, SKIP_REAL } from '../test-helpers';
import { parseDmf } from './parse';

const record = (code: string, ssn: string, last: string, first: string, dod: string, dob: string): string =>
  `${code}${ssn}${last.padEnd(20)}${''.padEnd(4)}${first.padEnd(15)}${''.padEnd(15)} ${dod}${dob}`.padEnd(100);

describe('DMF parser on committed fixtures', () => {
  it('reads the full file and an A/C/D update; unknown day or month gives a coarser date', async () => {
    const { records, run } = await runAll(parseDmf([fixture('dmf', 'dmf-full.txt'), fixture('dmf', 'dmf-update.txt')]));
    expect(run.counts).toEqual({ records: 7, rejected: 0, warnings: 0 });
    expect(records[0]).toMatchObject({ ssn: '900000001', sourceRecordId: '900000001', lastName: 'HOLLOWAY', firstName: 'MARGARET', middleName: 'ANN', dateOfDeath: '2019-03-15', dateOfBirth: '1931-07-04', extra: { changeCode: '', verifyCode: 'V' } });
    expect(records[1]).toMatchObject({ suffix: 'Jr.', dateOfDeath: '2020-11' });
    expect(records[2].dateOfDeath).toBe('2018');
    expect(records.slice(4).map((r) => [r.ssn, r.extra.changeCode])).toEqual([['900000005', 'A'], ['900000002', 'C'], ['900000003', 'D']]);
  });
});

describe('DMF bad input', () => {
  it('reports short, over-long, bad-code and bad-SSN records and unreadable dates', async () => {
    const good = record(' ', '900000010', 'STONE', 'AMY', '01022020', '03041950');
    const lines = [
      good,
      good,
      record(' ', '900000011', 'LEE', 'BO', '01022020', '03041950').slice(0, 60),
      `${record(' ', '900000012', 'LEE', 'BO', '01022020', '03041950')}EXTRA`,
      record('X', '900000013', 'LEE', 'BO', '01022020', '03041950'),
      record(' ', '90000001A', 'LEE', 'BO', '01022020', '03041950'),
      record(' ', '900000015', 'HART', 'JO', '13402020', '03041950'),
    ];
    const { records, run } = await runAll(parseDmf([memoryFile(`${lines.join('\n')}\n\x1a`, 'dmf.txt')]));
    expect(records.map((r) => [r.ssn, r.dateOfDeath])).toEqual([['900000010', '2020-01-02'], ['900000015', null]]);
    expect(run.rejected.map((r) => [r.line, r.reason])).toEqual([
      [2, 'duplicate of line 1 (identical row skipped)'],
      [3, 'record is only 60 characters long (truncated record?)'],
      [4, 'record is 105 characters long, not 100'],
      [5, 'change code "X" is not blank, A, C or D'],
      [6, 'SSN "90000001A" is not 9 digits'],
      [7, 'date of death: month out of range in "13402020"; left empty'],
    ]);
  });

  it('refuses a CSV file, naming the DMF layout', async () => {
    await expect(runAll(parseDmf([fixture('leie', 'UPDATED.csv')]))).rejects.toThrow(/UPDATED\.csv is not in the SSA Death Master File layout: expected 100-byte fixed-width records: change code/);
  });
});

describe.skipIf(!hasRealData)(`DMF parser on the real NTIS sample (${SKIP_REAL})`, () => {
  it('reads all 50 records with their change codes and 00 days', async () => {
    const { records, run } = await runAll(parseDmf([real('ssa-dmf/SampleDMF.txt')]));
    expect(run.counts).toEqual({ records: 50, rejected: 0, warnings: 0 });
    expect(records[0]).toMatchObject({ ssn: '001010001', lastName: 'MUZZEY', suffix: 'Jr.', firstName: 'GRACE', dateOfDeath: '1975-12', dateOfBirth: '1902-04-16', extra: { changeCode: 'A' } });
    expect(records[3]).toMatchObject({ lastName: 'DREW', firstName: 'LEON', middleName: 'R', extra: { verifyCode: 'V' } });
    const codes = records.reduce<Record<string, number>>((n, r) => ({ ...n, [r.extra.changeCode]: (n[r.extra.changeCode] ?? 0) + 1 }), {});
    expect(codes).toEqual({ '': 5, A: 8, C: 18, D: 19 });
  });
});
