/**
 * Every real state file in ../shared/data/real/states imports with the right record count.
 * The expected counts are not the parser's: they are the rows the folder's README.md documents
 * for each file, or (for the text files) the file's non-blank lines counted here; identical
 * rows the agency repeated are refused as duplicates and counted as such.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ListRecord } from '#shared/list-record';
import { hasRealData, real, runAll, SKIP_REAL } from '../test-helpers';
import { loadStateConfigs, type StateListConfig } from './config';
import { parseStateList } from './parse';

const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));
const config = (id: string): StateListConfig => configs.get(id) as StateListConfig;

/** Lines with text, less the lines above the first data line. */
const textLines = (path: string, above: number): number => readFileSync(real(path), 'latin1').split(/\r?\n/).filter((l) => l.trim() !== '').length - above;

interface Case {
  id: string;
  file: string;
  /** Data rows of the file, counted independently of the parser. */
  rows: () => number;
  /** Identical repeated rows (refused as duplicates) and rows without any name. */
  refused: number;
  person: Partial<ListRecord>;
  business?: Partial<ListRecord>;
}

/** `<tr>` rows of the page's table of excluded providers, less its header row; the rows the agency commented out are not on the list. */
const azRows = (): number => {
  const page = readFileSync(real('states/AZ/az1-0.html'), 'latin1').replace(/<!--[\s\S]*?-->/g, '');
  const table = page.slice(page.indexOf('class="datatable"'));
  return table.slice(0, table.indexOf('</table>')).split('<tr').length - 2;
};

const CASES: Case[] = [
  { id: 'state-az', file: 'states/AZ/az1-0.html', rows: azRows, refused: 0, person: { lastName: 'ASIN', firstName: 'GERALD S.', npi: '1770576365' }, business: { businessName: 'AAA MEDICAL EQUIPMENT', npi: '1043237795' } },
  { id: 'state-ga', file: 'states/GA/Georgia List.xlsx', rows: () => 1370, refused: 1, person: { lastName: 'DIAMOND', firstName: 'ARTHUR', exclusionDate: '1982-04-15' }, business: { businessName: 'MARIETTA PSYCHIATRY ASSOC' } },
  { id: 'state-il', file: 'states/IL/Illinois list.xlsx', rows: () => 3229, refused: 0, person: { lastName: 'BHATIA', firstName: 'SUDHIR', middleName: 'K', npi: '1245316546' }, business: { businessName: '7 HILLS HEALTHCARE CENTER', npi: '1104075365', postalCode: '60118 - 1529' } },
  { id: 'state-il', file: 'states/IL/il1-0.xls', rows: () => 1841, refused: 0, person: { lastName: 'AUSTRIACO', firstName: 'JOSE' }, business: { businessName: 'A AND I PHARMACY INC', exclusionDate: '1984-10-28' } },
  { id: 'state-in', file: 'states/IN/Indiana list.xlsx', rows: () => 151, refused: 0, person: { lastName: 'Pattengale', firstName: 'Joshua', npi: '1356780969' }, business: { businessName: 'Valco Health Care', npi: '1083780910' } },
  { id: 'state-ia', file: 'states/IA/Iowa list.xlsx', rows: () => 1272, refused: 0, person: { lastName: 'Abston', firstName: 'Vickie', providerNumbers: ['X000429159'] } },
  { id: 'state-ks', file: 'states/KS/Kansas list.xlsx', rows: () => 199, refused: 0, person: { lastName: 'Holloway', firstName: 'Mary', npi: '1104034701' }, business: { businessName: 'Center for Independent Living SWK' } },
  // README.md's 397 counts the "End Table" marker row that closes the table.
  { id: 'state-ky', file: 'states/KY/Kentucky list.xlsx', rows: () => 397 - 1, refused: 1, person: { lastName: 'Adams', firstName: 'Christopher', npi: '1447411459' }, business: { businessName: 'Active Life ADHC LLC' } },
  { id: 'state-nc', file: 'states/NC/NC_Excluded_Providers.xlsx', rows: () => 176, refused: 0, person: { lastName: 'GLIGA', firstName: 'DIANA', middleName: 'ANDREEA' }, business: { businessName: 'A UNITED COMMUNITY LLC', npi: '1578682191' } },
  { id: 'state-nd', file: 'states/ND/ND_Provider_Exclusions.xlsx', rows: () => 195, refused: 0, person: { lastName: 'Abdilnour', firstName: 'George', licenseNumbers: ['R35497', 'L10270'] } },
  // README.md says 5,881: that counts the empty last line; the preamble and header lines are left out.
  { id: 'state-la', file: 'states/LA/Louisiana list.csv', rows: () => textLines('states/LA/Louisiana list.csv', 2), refused: 9, person: { lastName: 'Holmes', firstName: 'Floyd Eric', dateOfBirth: '1962-05-21' } },
  { id: 'state-nj', file: 'states/NJ/NJ_Exclusion_List.csv', rows: () => 4022, refused: 0, person: { lastName: 'ADAMSHICK', firstName: 'WILLIAM', npi: '1871842575' }, business: { businessName: '2258 PHARMACY, INC.' } },
  // 2,332 lines, 11 of them only tabs (blank separator lines); one row repeated, one nameless.
  { id: 'state-nj-debarment', file: 'states/NJ/njcdr-0.txt', rows: () => textLines('states/NJ/njcdr-0.txt', 0), refused: 2, person: { lastName: 'ABARCA', firstName: 'CHERYL' }, business: { businessName: 'BELMAR HOMETOWN PHARMACY' } },
  { id: 'state-ny', file: 'states/NY/NYSOMIGExclusionsList.xlsx', rows: () => 8931, refused: 15, person: { lastName: 'ATREIDIS', firstName: 'VERNON' }, business: { businessName: '1 MEDICAL SUPPLIES CORP', npi: '1407487887' } },
  { id: 'state-oh', file: 'states/OH/Ohio_Provider_Exclusions.xlsx', rows: () => 1777 + 240, refused: 0, person: { lastName: 'Abdi', firstName: 'Ayan', dateOfBirth: '1990-01-01' }, business: { businessName: '1 Safe Transportation Ambulance Service' } },
  // Every row has a name: the 9 rows with only ProviderName ("Horsey, Keith A. (PCA)") are read from it.
  { id: 'state-pa', file: 'states/PA/Pennsylvania_exclusion_list.csv', rows: () => 6659, refused: 0, person: { lastName: 'Shmaevich', firstName: 'Betta' } },
  // PDFs: the rows were counted a second way, with poppler's word boxes (pdftotext -bbox): the
  // dates (ME: m/d/yyyy words; NJ: the ACTION words) under the date column's header on each
  // page, the rows without one checked by eye (see ADR 048).
  { id: 'state-hi', file: 'states/HI/Hawaii list.pdf', rows: () => 213, refused: 0, person: { lastName: 'ACHAVAL', firstName: 'MARIA', providerNumbers: ['596009'], exclusionDate: '2015-04-20', reinstatementDate: '2020-05-18' }, business: { businessName: 'ALOHA OSTEOPATHIC PROFESSIONAL', providerNumbers: ['531336'] } },
  { id: 'state-id', file: 'states/ID/Idaho list.pdf', rows: () => 164, refused: 0, person: { lastName: 'ADAMSON', firstName: 'KERMIT', reinstatementDate: '2024-01-31', akas: ['MIKE ADAMSON'] }, business: { businessName: 'ALTA ADDICTIONS AND MENTAL HEALTH SVCS', exclusionDate: '2009-07-16' } },
  { id: 'state-me', file: 'states/ME/Maine list.pdf', rows: () => 1107, refused: 0, person: { lastName: 'Ahmed', firstName: 'Abdirashid', akas: ['ABDIRASHID AHMEDG', 'ABDIRASHID AHMAD', 'ABDIRASHID ABDIRASHID HASSAN', 'ABDIVASHID H AHMED'], exclusionDate: '2022-06-14' }, business: { businessName: 'AROOSTOOK ENT CLINIC', exclusionDate: '2007-04-16' } },
  // The first 12 of the report's 87 pages.
  { id: 'state-nj', file: 'states/NJ/njmfdper-0.first12pages.pdf', rows: () => 301, refused: 0, person: { lastName: 'ABDUL', firstName: 'MUHAMMAD', dateOfBirth: '1964-03-04', exclusionDate: '2004-11-08' }, business: { businessName: 'AC HOME NURSING SERVICES', npi: '1235230665' } },
  { id: 'state-tn', file: 'states/TN/tn1-0.pdf', rows: () => 11, refused: 0, person: { lastName: 'Blankenship', firstName: 'Brad', npi: '1427090562', exclusionTerm: 'until 2018-07-30' }, business: { businessName: 'Cumberland Neurology, LLC', npi: '1407898018' } },
  // 600 dates in the column, one row holding two ("3/20/2007 and 10/20/2009").
  { id: 'state-wv', file: 'states/WV/wv2-0.pdf', rows: () => 599, refused: 0, person: { lastName: 'Abad', firstName: 'Augusto', middleName: 'Tenmatay', exclusionDate: '2010-09-25' }, business: { businessName: 'Bath Medical PC' } },
  { id: 'state-wv', file: 'states/WV/wv2-1.pdf', rows: () => 618, refused: 0, person: { lastName: 'Disalvio', firstName: 'Cindy', providerNumbers: ['RN.230188-OH'] }, business: { businessName: '3340 Broadway Pharmacy, Inc.' } },
  // 58 dates in the column and 3 rows without one (Bragalone, Lowe, Puckett).
  { id: 'state-wv', file: 'states/WV/wv2-2.pdf', rows: () => 61, refused: 0, person: { lastName: 'Shields', firstName: 'Douglas', reinstatementDate: '2014-12-03' }, business: { businessName: 'Alpha Beta Home Health' } },
  { id: 'state-ca', file: 'states/CA/California_Exclusion_List.first300rows.csv', rows: () => 300, refused: 0, person: { lastName: 'Adeleye', firstName: 'Samuel' }, business: { businessName: '111 Pharmacy', npi: '1821137118', providerNumbers: ['PHA410230', 'PHA393440'] } },
];

describe.skipIf(!hasRealData)(`real state files (${SKIP_REAL})`, () => {
  it.each(CASES)('$id: $file imports every row', async ({ id, file, rows, refused, person, business }) => {
    const { records, run } = await runAll(parseStateList(config(id), [real(file)]));
    const errors = run.rejected.filter((r) => r.severity === 'error');
    expect(errors.every((e) => /^duplicate of line \d+|^no name in the row$/.test(e.reason))).toBe(true);
    expect({ records: records.length, refused: errors.length }).toEqual({ records: rows() - refused, refused });
    expect(records.every((r) => r.source === id)).toBe(true);
    expect(records.find((r) => r.kind === 'person' && r.lastName === person.lastName && r.firstName === person.firstName)).toMatchObject(person);
    if (business) expect(records.find((r) => r.kind === 'business' && r.businessName === business.businessName)).toMatchObject(business);
  });
});
