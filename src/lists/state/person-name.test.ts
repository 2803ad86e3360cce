/**
 * A person's name fields hold the person's name (issue 51): titles, degrees, roles, register
 * numbers and stray punctuation go to their own facts; names that look like them stay. Our own
 * rows, in the layouts of Pennsylvania, Kentucky, NJ Treasury and California.
 */
import { describe, expect, it } from 'vitest';
import type { ListRecord } from '#shared/list-record';
import { memoryFile, runAll } from '../test-helpers';
import { loadStateConfigs, type StateListConfig } from './config';
import { parseStateList } from './parse';
import { isSplitBusiness, tidyAliases } from './name-parts';
import { tidyPersonName, type PersonFields } from './person-name';

const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));
const config = (id: string): StateListConfig => configs.get(id) as StateListConfig;
const business = new RegExp(config('state-pa').businessPattern, 'i');
const tidy = (fields: Partial<PersonFields>) => tidyPersonName({ lastName: null, firstName: null, middleName: null, prefix: null, suffix: null, ...fields }, business);
/** The name as the results pages compose it. */
const shown = (r: ListRecord): string => [r.prefix, r.firstName, r.middleName, r.lastName, r.suffix].filter(Boolean).join(' ');
const csv = (rows: string[][]): string => rows.map((r) => r.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n');

describe('tidying a person\'s name fields', () => {
  it('takes credentials, roles, suffixes, register numbers and punctuation off', () => {
    expect(tidy({ lastName: 'Sandoval, MD', firstName: 'John' })).toMatchObject({ fields: { lastName: 'Sandoval', firstName: 'John' }, credentials: ['MD'] });
    expect(tidy({ lastName: 'Abad MD', firstName: 'Augusto' })).toMatchObject({ fields: { lastName: 'Abad' }, credentials: ['MD'] });
    expect(tidy({ lastName: 'BRANDWEIN', firstName: 'GARY', middleName: 'S DO' })).toMatchObject({ fields: { middleName: 'S' }, credentials: ['DO'] });
    expect(tidy({ lastName: 'BANNON', firstName: 'JOSEPH', middleName: 'PRESIDENT' })).toMatchObject({ fields: { middleName: null }, titles: ['PRESIDENT'] });
    expect(tidy({ lastName: 'ALFONSO', firstName: 'NORM', middleName: 'BUS. MGR.' })).toMatchObject({ fields: { middleName: null }, titles: ['BUS. MGR.'] });
    expect(tidy({ lastName: 'Pitts', firstName: 'Aaron, Jr' })).toMatchObject({ fields: { firstName: 'Aaron', suffix: 'JR' } });
    expect(tidy({ lastName: "O'Bryon,", firstName: 'Jessica', middleName: 'A.,' })).toMatchObject({ fields: { lastName: "O'Bryon", middleName: 'A.' } });
    expect(tidy({ lastName: 'Voight-', firstName: 'Jack' }).fields.lastName).toBe('Voight');
    expect(tidy({ lastName: 'FREUND', firstName: 'ABRAHAM', middleName: 'NULL' }).fields.middleName).toBeNull();
    expect(tidy({ lastName: 'Apple #68135-298', firstName: 'David' })).toMatchObject({ fields: { lastName: 'Apple' }, registerNumber: '68135-298' });
    expect(tidy({ lastName: 'Citrin - Inmate #I21180', firstName: 'Max' })).toMatchObject({ fields: { lastName: 'Citrin' }, registerNumber: 'I21180' });
    expect(tidy({ lastName: 'Tatum - McWilliams', firstName: 'Monica' }).fields.lastName).toBe('Tatum-McWilliams');
    expect(tidy({ lastName: 'Hargis, MD (Sunbelt Radiology)', firstName: 'Larry' })).toMatchObject({ fields: { lastName: 'Hargis' }, credentials: ['MD'], employer: 'Sunbelt Radiology' });
    expect(tidy({ lastName: 'Montgomery', firstName: 'John (Owner)' })).toMatchObject({ fields: { firstName: 'John' }, titles: ['Owner'] });
    expect(tidy({ lastName: 'Smith', firstName: 'Dr. John' })).toMatchObject({ fields: { prefix: 'Dr', firstName: 'John' } });
  });

  it('reads the other names in parentheses: a nickname, another surname', () => {
    expect(tidy({ lastName: 'Hoogendyk', firstName: 'Norma (Jean)' })).toMatchObject({ fields: { firstName: 'Norma' }, akas: ['Jean Hoogendyk'] });
    expect(tidy({ lastName: 'Smith (Van Sycle)', firstName: 'Maegan' })).toMatchObject({ fields: { lastName: 'Smith' }, akas: ['Maegan Van Sycle'] });
    expect(tidy({ lastName: 'Swatt', firstName: 'Claudine (aka Claudette)' }).akas).toEqual(['Claudette Swatt']);
    expect(tidyAliases('a.k.a. Stacy Lee Dickenson')).toEqual(['Stacy Lee Dickenson']);
    expect(tidyAliases('Terra C. Schuster, RN')).toEqual(['Terra C. Schuster']);
    expect(tidyAliases('aka Escalanti, Rhonda aka Barton, Rhonda')).toEqual(['Escalanti, Rhonda', 'Barton, Rhonda']);
  });

  it('keeps names that look like credentials or roles: a surname, a first name, a lone middle name', () => {
    expect(tidy({ lastName: 'Do', firstName: 'Helena' }).fields).toMatchObject({ lastName: 'Do', firstName: 'Helena' });
    expect(tidy({ lastName: 'Van Do', firstName: 'Anh' }).fields.lastName).toBe('Van Do');
    expect(tidy({ lastName: 'Aguirre', firstName: 'Luz', middleName: 'Ma' }).fields.middleName).toBe('Ma');
    expect(tidy({ lastName: 'Nurse', firstName: 'Paul' }).fields).toMatchObject({ lastName: 'Nurse', firstName: 'Paul' });
    expect(tidy({ lastName: 'Owner', firstName: 'Jane' }).fields.lastName).toBe('Owner');
    expect(tidy({ lastName: 'Almazan', firstName: 'Maria', middleName: 'Directo' }).fields.middleName).toBe('Directo');
    expect(tidy({ lastName: 'Geeter', firstName: 'Lacresiha' }).fields.firstName).toBe('Lacresiha');
    expect(tidyAliases('Geeter, Lac')).toEqual(['Geeter, Lac']);
  });

  it('tells a business written in split name fields, not a person with a trade-word surname', () => {
    expect(isSplitBusiness({ lastName: 'FUSION HEALTH & VITALITY', firstName: 'PHARM ORIGINS LLC.', middleName: null }, business)).toBe(true);
    expect(isSplitBusiness({ lastName: 'Hargrove', firstName: 'Dental', middleName: 'Center' }, business)).toBe(true);
    expect(isSplitBusiness({ lastName: 'FAMILES UNITED SERVICES', firstName: null, middleName: null }, business)).toBe(true);
    expect(isSplitBusiness({ lastName: 'Church', firstName: 'Brad', middleName: 'E.' }, business)).toBe(false);
    expect(isSplitBusiness({ lastName: 'Company', firstName: 'Christopher', middleName: 'L' }, business)).toBe(false);
  });
});

describe('name fields of state lists, on our own rows', () => {
  it('Pennsylvania: the title column is a credential or a role, not a name prefix; the published name is kept', async () => {
    const header = ['ProviderName', 'LicenseNumber', 'Status', 'BeginDate', 'EndDate', 'CAO', 'ListDate', 'IND_CHGD', 'DTE_CHANGE_LAST', 'NAM_LAST_PROVR', 'NAM_FIRST_PROVR', 'NAM_MIDDLE_PROVR', 'NAM_TITLE_PROVR', 'NAM_SUFFIX_PROVR', 'NAM_PROVR_ALT', 'NAM_BUSNS_MP', 'IDN_NPI', 'NBR_FEIN'];
    const row = (name: string, last: string, first: string, middle: string, title: string, suffix = '', alt = ''): string[] => [name, '', 'Precluded', '5/20/1999', '', 'Philadelphia', '7/1/1999', '0', '', last, first, middle, title, suffix, alt, '', '', ''];
    const file = csv([
      header,
      row('Harlan, Wendell J., PhD', 'Harlan', 'Wendell', 'J.', 'PhD'),
      row('Quince, Odette (Owner)', 'Quince', 'Odette', '', 'Owner- Mobile testing Company'),
      row('Rybak, Joseph Michael, DO', 'Rybak', 'Joseph', 'Michael', 'Physician', 'DO'),
      row("O'Bryan, Jessica A., LPN", "O'Bryan,", 'Jessica', 'J., MD', 'LPN', '', 'Jessica Wosak RN'),
      row('Kreger, Laurie B.', 'Kreger', 'Laurie', 'B.', 'Dr.', 'MD'),
      row('Do, Helena', 'Do', 'Helena', '', ''),
      row('Horsey, Keith A. (PCA)', '', '', '', ''),
    ]);
    const { records, run } = await runAll(parseStateList(config('state-pa'), [memoryFile(file, 'pa.csv')]));
    expect(run.rejected).toEqual([]);
    expect(records.map(shown)).toEqual(['Wendell J. Harlan', 'Odette Quince', 'Joseph Michael Rybak', "Jessica J. O'Bryan", 'Dr Laurie B. Kreger', 'Helena Do', 'Keith A. Horsey']);
    expect(records.map((r) => [r.extra.credentials ?? null, r.extra.role ?? null])).toEqual([['PHD', null], [null, 'Owner- Mobile testing Company'], ['DO', 'Physician'], ['LPN MD', null], ['MD', null], [null, null], ['PCA', null]]);
    expect(records[0].extra.nameAsPublished).toBe('Harlan, Wendell J., PhD');
    expect(records[1].extra.nameAsPublished).toBe('Quince, Odette (Owner)');
    expect(records[3].akas).toEqual(['Jessica Wosak']);
    expect(records[5].extra.nameAsPublished).toBeUndefined();
  });

  it('Kentucky, NJ Treasury, California: credentials in the surname, roles after the name, register numbers; the table\'s end marker is no one', async () => {
    const ky = csv([
      ['First Name', 'Last Name or Practice Name', 'NPI', 'License', 'Effective Date', 'Reason for Term/Exclusion', 'Timeframe of Term/Exclusion'],
      ['Wendell', 'Harlan MD', '', '', '12/27/2010', 'Violation of KMAP Policy', 'N/A'],
      ['Odette', 'Quince, DMD (Bluegrass Dental Group)', '', '', '01/09/2010', '', ''],
      ['End Table', '', '', '', '', '', ''],
    ]);
    const kentucky = await runAll(parseStateList(config('state-ky'), [memoryFile(ky, 'ky.csv')]));
    expect(kentucky.run.rejected).toEqual([]);
    expect(kentucky.records.map((r) => [shown(r), r.extra.credentials, r.extra.employer])).toEqual([['Wendell Harlan', 'MD', undefined], ['Odette Quince', 'DMD', 'Bluegrass Dental Group']]);
    const tail = ['', '', '', '', '', '', '', '', '', '1 ANNE ST', 'ELIZABETH', 'NJ', '07201', '', 'MEDICAL', 'DISQUALIFICATION', 'K', '54', '7540', '11/10/1999', '', 'Y', '', '', ''];
    const nj = ['', 'HARLAN, WENDELL, PRESIDENT', ...tail.slice(2)].join('\t') + '\n' + ['', 'QUINCE, ODETTE R. BUS. MGR.', ...tail.slice(2)].join('\t') + '\n';
    const treasury = await runAll(parseStateList(config('state-nj-debarment'), [memoryFile(nj, 'Debarment.txt')]));
    expect(treasury.records.map((r) => [shown(r), r.extra.role])).toEqual([['WENDELL HARLAN', 'PRESIDENT'], ['ODETTE R. QUINCE', 'BUS. MGR.']]);
    const report = csv([['Provider Name', 'Title', 'NPI', 'Street', 'City', 'State', 'Zip', 'Action', 'Effective Date', 'Expiration Date'], ['HARLAN, WENDELL #71927-066', 'DO', '', '', '', 'PA', '', 'DISQUALIFICATION', '11/20/2017', '']]);
    const comptroller = await runAll(parseStateList(config('state-nj'), [memoryFile(report, 'nj.csv')]));
    expect(comptroller.records).toMatchObject([{ kind: 'person', lastName: 'HARLAN', firstName: 'WENDELL', extra: { registerNumber: '71927-066' } }]);
  });
});
