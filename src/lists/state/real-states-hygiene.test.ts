/**
 * Issue 51, data hygiene on the real state files in ../shared/data/real/states: each list's
 * as-of date is the date the file states (never a sentinel such as Louisiana's 12/31/9999),
 * and a person's name fields hold the person's name, not titles, roles or credentials
 * (Pennsylvania's "PhD John J. Gallagher", "Owner- Mobile testing Company John Montgomery").
 * The expected dates are the files' own words, as each folder's SOURCE.txt quotes them.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListRecord } from '#shared/list-record';
import { hasRealData, real, runAll, SKIP_REAL } from '../test-helpers';
import { loadStateConfigs, type StateListConfig } from './config';
import { parseStateList } from './parse';

const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));
const parse = (id: string, file: string) => runAll(parseStateList(configs.get(id) as StateListConfig, [real(`states/${file}`)]));
/** The name as the results pages compose it (prefix, first, middle, last, suffix). */
const shown = (r: ListRecord): string => [r.prefix, r.firstName, r.middleName, r.lastName, r.suffix].filter(Boolean).join(' ');
const person = (records: ListRecord[], lastName: string, firstName: string): ListRecord | undefined => records.find((r) => r.kind === 'person' && r.lastName === lastName && r.firstName === firstName);

// What each file says of its date (SOURCE.txt's "data date"); null where it says none.
const STATED: [string, string, string | null][] = [
  ['state-az', 'AZ/az1-0.html', '2015-06-05'], // "Excluded Providers as of 06/05/2015"
  ['state-ga', 'GA/Georgia List.xlsx', '2026-06-09'], // "as of 06/09/2026"
  ['state-hi', 'HI/Hawaii list.pdf', '2026-06-10'], // "Updated 06/10/2026"
  ['state-ia', 'IA/Iowa list.xlsx', '2026-05'], // sheet "May 2026"
  ['state-id', 'ID/Idaho list.pdf', '2026-04-17'], // "Last Updated: April 17, 2026"
  ['state-in', 'IN/Indiana list.xlsx', '2026-04'], // "Provider Terminations (As of April 2026)"
  ['state-ks', 'KS/Kansas list.xlsx', '2026-05-20'], // "REVISED: May 20, 2026"
  ['state-ky', 'KY/Kentucky list.xlsx', '2026-05-28'], // "Updated: May 28, 2026"
  ['state-la', 'LA/Louisiana list.xlsx', '2026-06-14'], // "Document created on: 6/14/2026 4:38:17 PM"
  ['state-me', 'ME/Maine list.pdf', '2026-06-01'], // "AS of 06/01/2026", "Run Date: 06/01/2026"
  ['state-nc', 'NC/NC_Excluded_Providers.xlsx', '2026-04-30'], // "Terminations through 04.30.2026"
  ['state-nd', 'ND/ND_Provider_Exclusions.xlsx', '2026-05-21'], // "Sanctions as of 05/21/2026"
  ['state-nj', 'NJ/njmfdper-0.first12pages.pdf', '2016-12-19'], // "Updated on: 12/19/2016"
  ['state-tx', 'TX/TexasExclusionsData_2026_06_15.xls', '2026-06-15'], // the file name's date
  ['state-ms', 'MS/Mississippi.xlsx', '2026-06-08'], // "Updated: 06.08.26"
  ['state-ne', 'NE/Nebraska.pdf', '2026-06-01'], // "Updated: 6/01/2026"
  ['state-sc', 'SC/South Carolina.xlsx', '2026-05-22'], // "Reviewed and Updated:  05/22/2026"
  ['state-vt', 'VT/Vermont.xlsx', '2026-05'], // "Vermont Monthly List of For Cause Exclusions - May 2026"
  ['state-wa', 'WA/Washinton.xlsx', '2026-06-10'], // "Updated 6/10/2026"
  ['state-wy', 'WY/2021_07_07_Wyoming-Medicaid-Exclusion-List-PDF_AP.pdf', '2021-07-07'], // the file name's date (the footer's "7/7/2021")
  ['state-ny', 'NY/NYSOMIGExclusionsList.xlsx', null],
  ['state-pa', 'PA/Pennsylvania_exclusion_list.csv', null],
  ['state-oh', 'OH/Ohio_Provider_Exclusions.xlsx', null],
  ['state-mt', 'MT/Montana.xlsx', null],
  ['state-az-exclusions', 'AZ/Arizona.xlsx', null],
];

describe.skipIf(!hasRealData)(`real state files: as-of dates (${SKIP_REAL})`, () => {
  it('Louisiana: the as-of date is the file\'s "Document created on", not the Reinstate column\'s 12/31/9999', async () => {
    const text = readFileSync(real('states/LA/Louisiana list.csv'), 'utf8');
    const [, month, day, year] = text.match(/^Document created on: (\d+)\/(\d+)\/(\d{4})/) ?? [];
    const { records, run } = await parse('state-la', 'LA/Louisiana list.csv');
    expect(run.asOf).toBe(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
    expect(run.asOf).toBe('2026-06-14');
    // 2,071 rows say 12/31/9999 for "not reinstated", a birth date says 8/14/9999: no date, not a date to come.
    expect((text.match(/"12\/31\/9999 /g) ?? []).length).toBe(2071);
    const dates = records.flatMap((r) => [r.exclusionDate, r.reinstatementDate, r.dateOfBirth, r.extra.endDate ?? null]).filter((d): d is string => d !== null);
    expect(dates.filter((d) => d >= '2200')).toEqual([]);
    expect(person(records, 'SMITH', 'CILDEAL')).toMatchObject({ exclusionDate: '2010-06-29', reinstatementDate: null, exclusionTerm: 'Permanent' });
    expect(person(records, 'Pontheir', 'Zachariah')).toMatchObject({ dateOfBirth: null });
  });

  it.each(STATED)('%s: %s is as of %s', async (id, file, expected) => {
    const { run } = await parse(id, file);
    expect(run.asOf).toBe(expected);
  });
});

describe.skipIf(!hasRealData)(`real state files: names (${SKIP_REAL})`, () => {
  let pa: ListRecord[] = [];
  beforeAll(async () => {
    pa = (await parse('state-pa', 'PA/Pennsylvania_exclusion_list.csv')).records;
  });

  it('Pennsylvania: titles, degrees and roles are out of the name fields, the published name kept', () => {
    // The title column (NAM_TITLE_PROVR) holds 347 distinct values in 4,604 rows; none is a name prefix but "Dr.".
    const words = /^(RN|MD|M\.D\.?|LPN|PCA|RPh|R\.Ph\.?|DO|D\.O\.?|DC|DDS|DMD|DPM|PhD|Ph\.D\.?|CNA|C\.N\.A\.|CRNP|PA-C|BSC|DCW|HHA|Owner|Employee|Physician|Beneficiary|Caregiver)$/i;
    const people = pa.filter((r) => r.kind === 'person');
    const offenders = people.filter((r) => [r.prefix, r.firstName, r.middleName, r.lastName, r.suffix].some((f) => f?.split(/[\s,]+/).some((w) => words.test(w))));
    expect(offenders.map(shown)).toEqual([]);
    expect(people.filter((r) => [r.firstName, r.middleName, r.lastName].some((f) => f && /[,;-]$/.test(f))).map(shown)).toEqual([]);
    expect(people.filter((r) => r.prefix !== null).every((r) => r.prefix === 'Dr')).toBe(true);
  });

  it('Pennsylvania: the issue\'s examples and others, exactly', () => {
    expect(person(pa, 'Gallagher', 'John')).toMatchObject({ middleName: 'J.', prefix: null, suffix: null, extra: { credentials: 'PHD', nameAsPublished: 'Gallagher, John J., PhD' } });
    expect(shown(person(pa, 'Gallagher', 'John') as ListRecord)).toBe('John J. Gallagher');
    expect(person(pa, 'Montgomery', 'John')).toMatchObject({ prefix: null, extra: { role: 'Owner- Mobile testing Company', nameAsPublished: 'Montgomery, John (Owner)' } });
    expect(shown(person(pa, 'Montgomery', 'John') as ListRecord)).toBe('John Montgomery');
    // Credentials in the suffix and middle columns, a comma after the surname.
    expect(person(pa, 'Rybicki', 'Joseph')).toMatchObject({ suffix: null, extra: { credentials: 'DO', role: 'Physician' } });
    expect(person(pa, 'Bensimhon', 'George')).toMatchObject({ middleName: 'J.', extra: { credentials: 'MD' } });
    expect(person(pa, "O'Bryon", 'Jessica')).toMatchObject({ middleName: 'A.', extra: { credentials: 'LPN' } });
    // A row with only ProviderName filled was refused; it is a person.
    expect(pa.find((r) => r.extra.providerName === 'Horsey, Keith A. (PCA)')).toMatchObject({ lastName: 'Horsey', firstName: 'Keith', middleName: 'A.', extra: { credentials: 'PCA' } });
    expect(person(pa, 'Kreger', 'Laurie')).toMatchObject({ prefix: 'Dr', middleName: 'B.', extra: { credentials: 'MD' } });
    // A surname that is a trade word stays a person's.
    expect(person(pa, 'Church', 'Brad')).toMatchObject({ middleName: 'E.' });
  });

  it('other states: credentials, roles, register numbers and split businesses out of person names; real names kept', async () => {
    const ky = (await parse('state-ky', 'KY/Kentucky list.xlsx')).records;
    expect(person(ky, 'Abad', 'Augusto')).toMatchObject({ extra: { credentials: 'MD', nameAsPublished: 'Abad MD, Augusto' } });
    expect(person(ky, 'Hargis', 'Larry')).toMatchObject({ extra: { credentials: 'MD', employer: 'Sunbelt Radiology' } });
    expect(person(ky, 'Do', 'Helena')).toBeDefined();
    expect(ky.some((r) => [r.firstName, r.lastName].includes('End Table'))).toBe(false);
    const la = (await parse('state-la', 'LA/Louisiana list.csv')).records;
    expect(person(la, 'Sandoval', 'John')).toMatchObject({ extra: { credentials: 'MD' } });
    expect(la.find((r) => r.businessName === 'JABA Enterprises, Inc.')).toMatchObject({ kind: 'business' });
    const nj = (await parse('state-nj-debarment', 'NJ/njcdr-0.txt')).records;
    expect(person(nj, 'BANNON', 'JOSEPH')).toMatchObject({ middleName: null, extra: { role: 'PRESIDENT' } });
    expect(person(nj, 'ALFONSO', 'NORM')).toMatchObject({ middleName: null, extra: { role: 'BUS. MGR.' } });
    const ny = (await parse('state-ny', 'NY/NYSOMIGExclusionsList.xlsx')).records;
    expect(person(ny, 'BRANDWEIN', 'GARY')).toMatchObject({ middleName: 'S', extra: { credentials: 'DO' } });
    expect(person(ny, 'FREUND', 'ABRAHAM')).toMatchObject({ middleName: null });
    const ca = (await parse('state-ca', 'CA/California_Exclusion_List.csv')).records;
    expect(person(ca, 'Apple', 'David')).toMatchObject({ middleName: 'Douglas', extra: { registerNumber: '68135-298' } });
    expect(person(ca, 'Citrin', 'Max')).toMatchObject({ extra: { registerNumber: 'I21180' } });
    expect(person(ca, 'Aguirre', 'Luz')).toMatchObject({ middleName: 'Ma' });
    const njReport = (await parse('state-nj', 'NJ/NJ_Exclusion_List.csv')).records;
    // "BADO, JEFFREY #71927-066" was read as a business for its digits.
    expect(njReport.find((r) => r.extra.registerNumber === '71927-066')).toMatchObject({ kind: 'person', lastName: 'BADO', firstName: 'JEFFREY' });
    const tx = (await parse('state-tx', 'TX/TexasExclusionsData_2026_06_15.xls')).records;
    expect(tx.find((r) => r.businessName === 'Hargrove Dental Center')).toMatchObject({ kind: 'business' });
    const ga = (await parse('state-ga', 'GA/Georgia List.xlsx')).records;
    expect(ga.find((r) => r.businessName?.startsWith('FUSION HEALTH & VITALITY'))).toMatchObject({ kind: 'business' });
    const inList = (await parse('state-in', 'IN/Indiana list.xlsx')).records;
    expect(person(inList, 'Harms', 'Russell')).toMatchObject({ extra: { role: 'Podiatrist' } });
  });
});
