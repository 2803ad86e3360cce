/**
 * A state list's as-of date is the date the file states ("Document created on: 6/14/2026"), on
 * our own rows in the agencies' layouts; a sentinel such as 12/31/9999, a date to come or one
 * before 1990 is never a data date (issue 51).
 */
import { describe, expect, it } from 'vitest';
import { isPlaceholderDate, isPlausibleDataDate, latestIsoDate } from '../core/dates';
import { memoryFile, runAll } from '../test-helpers';
import { readStatedDate } from './as-of';
import { loadStateConfigs, type StateListConfig } from './config';
import { parseStateList } from './parse';

const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));
const config = (id: string): StateListConfig => configs.get(id) as StateListConfig;
const quoted = (cells: string[]): string => cells.map((c) => `"${c}"`).join(',');

const LA_HEADER = 'First Name, Last Name or Entity Name, Birthdate, Affiliated Entity, Title or Provider Type, NPI#, Reason for Exclusion, Period of Exclusion, Reason for Termination, Type of Exclusion, Period of Enrollment Prohibition, Effective Date, Reinstate, State and Zip, Program Office';
const laFile = (preamble: string): string =>
  [
    preamble,
    LA_HEADER,
    quoted(['Wendell', 'Harlan', '5/21/1962 12:00:00 AM', '', 'DSW', '', 'DSW Finding', 'Permanent', '', 'DSW', '', '6/29/2010 12:00:00 AM', '12/31/9999 12:00:00 AM', '', 'HSS']),
    quoted(['Odette', 'Quince', '8/14/9999 12:00:00 AM', '', 'Nurse Aide', '', 'Abuse', '5 Yrs', '', 'State', '', '1/17/2003 12:00:00 AM', '12/7/2011 12:00:00 AM', '', 'PI']),
  ].join('\r\n');

describe('the date a state file states', () => {
  it('reads the ways agencies write it', () => {
    expect(readStatedDate('6/14/2026 4:38:17 PM')).toBe('2026-06-14');
    expect(readStatedDate('May 20, 2026')).toBe('2026-05-20');
    expect(readStatedDate('April 17 2026')).toBe('2026-04-17');
    expect(readStatedDate('April 2026)')).toBe('2026-04');
    expect(readStatedDate('04.30.2026')).toBe('2026-04-30');
    expect(readStatedDate('2026_06_15.xls')).toBe('2026-06-15');
    expect(readStatedDate('13/40/2026')).toBeNull();
    expect(readStatedDate('(synthetic sample)')).toBeNull();
  });

  it('Louisiana: the as-of date is the "Document created on" line, not the Reinstate column\'s 12/31/9999', async () => {
    const { records, run } = await runAll(parseStateList(config('state-la'), [memoryFile(laFile('Document created on: 6/14/2026 4:38:17 PM'), 'la.csv')]));
    expect(run.asOf).toBe('2026-06-14');
    expect(run.rejected).toEqual([]);
    // 12/31/9999 says "not reinstated", 8/14/9999 "no birth date": neither is a date.
    expect(records.map((r) => [r.lastName, r.reinstatementDate, r.dateOfBirth])).toEqual([
      ['Harlan', null, '1962-05-21'],
      ['Quince', '2011-12-07', null],
    ]);
  });

  it('a stated date that cannot be a data date is refused with a warning, and no as-of date is taken', async () => {
    for (const stated of ['12/31/9999 12:00:00 AM', '1/1/1901', '1/1/2300']) {
      const { run } = await runAll(parseStateList(config('state-la'), [memoryFile(laFile(`Document created on: ${stated}`), 'la.csv')]));
      expect(run.asOf).toBeNull();
      expect(run.rejected).toMatchObject([{ line: 0, severity: 'warning', reason: expect.stringMatching(/cannot be its data date/) }]);
    }
  });

  it('Texas: the date in the file name the agency gives its download', async () => {
    const header = 'CompanyName,LastName,FirstName,MidInitial,Occupation,LicenseNumber,NPI,StartDate,AddDate,ReinstatedDate,EligibleToReapplyDate,Waiver,WebComments';
    const file = memoryFile(`${header}\n ,Harlan,Wendell,P,RN,123,,11/15/1996,01/31/1997,5/5/2033,,No,REVOKED\n`, 'TexasExclusionsData_2026_06_15.csv');
    const { run } = await runAll(parseStateList(config('state-tx'), [file]));
    expect(run.asOf).toBe('2026-06-15');
  });
});

describe('dates that cannot be a list\'s data date', () => {
  const now = new Date('2026-12-02T10:00:00Z');

  it('after tomorrow, before 1990, or a placeholder year', () => {
    expect(isPlausibleDataDate('2026-12-03', now)).toBe(true);
    expect(isPlausibleDataDate('2026-12-04', now)).toBe(false);
    expect(isPlausibleDataDate('9999-12-31', now)).toBe(false);
    expect(isPlausibleDataDate('1989-12-31', now)).toBe(false);
    expect(isPlausibleDataDate('2026-04', now)).toBe(true);
    expect([isPlaceholderDate('9999-12-31'), isPlaceholderDate('2382-12-31'), isPlaceholderDate('2066-01-01')]).toEqual([true, true, false]);
  });

  it('the latest record date an import falls back on skips them (a reinstatement to come, 9999-12-31)', () => {
    expect(latestIsoDate(null, '2026-06-01', '9999-12-31')).toBe('2026-06-01');
    expect(latestIsoDate('2026-06-01', '2999-12-31', '1900-01-01')).toBe('2026-06-01');
    expect(latestIsoDate(null, '1985-01-01')).toBeNull();
  });
});
