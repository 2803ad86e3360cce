import { describe, expect, it } from 'vitest';
import { fixture, memoryFile, runAll } from '../test-helpers';
import { loadStateConfigs, type StateListConfig } from './config';
import { readFreeName } from './free-name';
import { parseStateList } from './parse';

const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));
const config = (id: string): StateListConfig => configs.get(id) as StateListConfig;
const parse = (id: string, file: string) => runAll(parseStateList(config(id), [fixture('state', file)]));
const names = (records: { kind: string; lastName: string | null; firstName: string | null; businessName: string | null }[]) =>
  records.map((r) => (r.kind === 'person' ? `${r.lastName}, ${r.firstName}` : `[${r.businessName}]`));

describe('one name cell read as a person or a business', () => {
  const business = new RegExp(config('state-in').businessPattern, 'i');
  const read = (value: string, order: 'last-first' | 'first-last' = 'first-last', separator: string | null = null) => readFreeName(value, order, business, separator);

  it('takes credentials and suffixes off and splits the person in the cell\'s order', () => {
    expect(read('Joshua Pattengale, DC')).toMatchObject({ kind: 'person', firstName: 'Joshua', lastName: 'Pattengale', credentials: ['DC'] });
    expect(read('John K Sturman Jr., MD')).toMatchObject({ firstName: 'John', middleName: 'K', lastName: 'Sturman', suffix: 'JR' });
    expect(read('Shah, MD')).toMatchObject({ kind: 'person', lastName: 'Shah', firstName: null });
    expect(read('MICHAEL JOHN PAGE')).toMatchObject({ firstName: 'MICHAEL', middleName: 'JOHN', lastName: 'PAGE' });
    expect(read('BELTRAN LEONIDO C', 'last-first')).toMatchObject({ lastName: 'BELTRAN', firstName: 'LEONIDO', middleName: 'C' });
    expect(read('Walker, Oscar', 'last-first')).toMatchObject({ lastName: 'Walker', firstName: 'Oscar' });
    expect(read('ABARCA, CHERYL R., L.P.N.', 'last-first')).toMatchObject({ lastName: 'ABARCA', firstName: 'CHERYL', middleName: 'R.', credentials: ['LPN'] });
    expect(read('Michael Dorsch, PA')).toMatchObject({ kind: 'person', lastName: 'Dorsch' });
    // A surname that is also a credential stays when no comma sets it apart.
    expect(read('Anh Van Do')).toMatchObject({ lastName: 'Do' });
  });

  it('tells businesses by legal form, trade word, digits or "&", and reads aliases', () => {
    expect(read('SL Home Care LLC')).toMatchObject({ kind: 'business', businessName: 'SL Home Care LLC' });
    expect(read('7 HILLS INTEGRATED HEALTH HOME')).toMatchObject({ kind: 'business' });
    expect(read('L W THERAPEUTICS & CONSULTING')).toMatchObject({ kind: 'business' });
    expect(read('Anderson (aka Fruge), Rebecca', 'last-first')).toMatchObject({ lastName: 'Anderson', firstName: 'Rebecca', akas: ['Rebecca Fruge'] });
    expect(read('DAWN MILTON (DBA: M & M SPECIAL SERVICES) ')).toMatchObject({ kind: 'person', lastName: 'MILTON', dbas: ['M & M SPECIAL SERVICES'] });
    expect(read('Seung Hee Lee / Lisa Lee', 'first-last', ' / ')).toMatchObject({ lastName: 'Lee', firstName: 'Seung', akas: ['Lisa Lee'] });
  });
});

describe('the new states on committed synthetic fixtures', () => {
  it('GA: title row above the header, business name column, SANCDATE as yyyymmdd (a misprinted date is a warning, the row kept)', async () => {
    const { records, run } = await parse('state-ga', 'ga.csv');
    expect(names(records)).toEqual(['HARLAN, WENDELL', '[PEACHTREE WELLNESS PHARMACY]', 'QUINCE, ODETTE']);
    expect(records[0]).toMatchObject({ source: 'state-ga', exclusionDate: '1998-04-15', specialty: 'MEDICAL PRACTICE MD' });
    expect(run.rejected.map((r) => [r.line, r.severity, r.reason])).toEqual([[6, 'warning', 'SANCDATE: month out of range in "20223108"; left empty']]);
  });

  it('IL: one name column "LAST FIRST M", spreadsheet serial dates, Affiliation as employer; the 2016 layout too', async () => {
    const { records, run } = await parse('state-il', 'il.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['HARLAN, WENDELL', '[PRAIRIE RIDE TRANSPORTATION INC.]', 'QUINCE, ODETTE']);
    expect(records[0]).toMatchObject({ middleName: 'P', exclusionDate: '2023-07-16', licenseNumbers: ['036099001'], postalCode: '61602 - 1234', exclusionType: 'Terminated' });
    expect(records[2].extra.employer).toBe('PRAIRIE RIDE TRANSPORTATION INC.');
    const old = await parse('state-il', 'il-2016.csv');
    expect(old.run.rejected).toEqual([]);
    expect(names(old.records)).toEqual(['[LAKESIDE HOME HEALTH, INC.]', 'HARLAN, WENDELL']);
    expect(old.records[1]).toMatchObject({ specialty: 'Physician (010)', exclusionDate: '2012-04-02', extra: { listId: '12', newAddition: 'Y' } });
  });

  it('IN: "First Last, MD" names, two NPIs in a cell, a trailing space in a header name', async () => {
    const { records, run } = await parse('state-in', 'in.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['Harlan, Wendell', '[Hoosier Valley Home Health]', 'Quince, Odette', 'Shah, null']);
    expect(records[1]).toMatchObject({ npi: '1000000020', extra: { otherNpis: '2000000028' }, exclusionDate: '2023-03-15' });
    expect(records[2]).toMatchObject({ suffix: 'JR', extra: { credentials: 'DDS' } });
  });

  it('IA: contact line above the header, "Indefinite" / "Federal Authority" end dates as terms, atypical ids', async () => {
    const { records } = await parse('state-ia', 'ia.csv');
    expect(names(records)).toEqual(['Harlan, Wendell Paul', 'Harlan, Wendell Paul', 'Quince, Odette', '[Hawkeye Prairie Pharmacy LLC]']);
    expect(records.map((r) => r.exclusionTerm)).toEqual(['Indefinite', 'Federal Authority', 'until 2024-04-19', 'Indefinite']);
    expect(records[2]).toMatchObject({ npi: null, providerNumbers: ['X000429159'] });
  });

  it('KS: header names ending in ":", aliases after " / ", several KMAP numbers and NPIs in a cell, D/B/A business', async () => {
    const { records, run } = await parse('state-ks', 'ks.csv');
    expect(run.rejected).toEqual([]);
    expect(records[0]).toMatchObject({ lastName: 'Harlan', providerNumbers: ['200420880A', '200420880B'], npi: '1000000012', extra: { employer: 'Sunflower Resources', otherNpis: '1000000020' } });
    expect(records[1]).toMatchObject({ kind: 'business', providerNumbers: ['100318180A', '100318180B'] });
    expect(records[2]).toMatchObject({ lastName: 'Quince', akas: ['Odette Harlan', 'Dette Quince'], npi: null });
  });

  it('KY: an information block and a "Start Table" row above the header, N/A for empty, practices with First Name N/A', async () => {
    const { records, run } = await parse('state-ky', 'ky.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['[Bluegrass Wellness Practice LLC]', 'Harlan, Wendell', 'Quince, Odette']);
    expect(records[2]).toMatchObject({ npi: null, licenseNumbers: [], exclusionDate: '2024-07-27' });
  });

  it('LA: a preamble line, header names with a leading space, "m/d/yyyy 12:00:00 AM" dates, birthdates, a reinstatement', async () => {
    const { records, run } = await parse('state-la', 'la.csv');
    expect(run.rejected).toEqual([]);
    expect(records[0]).toMatchObject({ lastName: 'Harlan', suffix: 'JR', dateOfBirth: '1962-05-21', exclusionDate: '2003-01-17', npi: null });
    expect(records[1]).toMatchObject({ reinstatementDate: '2011-12-07', extra: { employer: 'Bayou Care LLC' } });
    expect(records[2]).toMatchObject({ kind: 'business', businessName: 'Bayou Home Health Agency' });
  });

  it('NC: six preamble rows; OWNERSHIP kept aside, not searched; an atypical id kept as a provider number', async () => {
    const { records } = await parse('state-nc', 'nc.csv');
    expect(names(records)).toEqual(['[PIEDMONT CARE SERVICES LLC]', 'HARLAN, WENDELL', 'QUINCE, ODETTE']);
    expect(records[0]).toMatchObject({ akas: [], dbas: [], extra: { ownership: 'WENDELL PAUL HARLAN' } });
    expect(records[2]).toMatchObject({ dbas: ['Q & Q SPECIAL SERVICES'], providerNumbers: ['50345490'] });
  });

  it('ND: "Last, First" with an alias in parentheses, ;-separated licences, a text date with a leading space', async () => {
    const { records } = await parse('state-nd', 'nd.csv');
    expect(records[0]).toMatchObject({ lastName: 'Harlan', licenseNumbers: ['R35497', 'L10270'], npi: '1000000012' });
    expect(records[1]).toMatchObject({ lastName: 'Quince', akas: ['Odette Harlan'], exclusionDate: '2014-09-18', extra: { employer: 'Prairie Rose Care' } });
  });

  it('NJ: the report as CSV (dba in the name, PERMANENT as the term) and the Treasury debarment text (no header, tabs)', async () => {
    const report = await parse('state-nj', 'nj.csv');
    expect(names(report.records)).toEqual(['HARLAN, WENDELL', '[GARDEN STATE WELLNESS, LLC]', 'QUINCE, ODETTE']);
    expect(report.records[0]).toMatchObject({ exclusionTerm: 'PERMANENT', extra: { title: 'MD' } });
    expect(report.records[1].dbas).toEqual(['GARDEN STATE IMAGING']);
    const treasury = await parse('state-nj-debarment', 'nj-debarment.txt');
    expect(treasury.run.rejected).toEqual([]);
    expect(names(treasury.records)).toEqual(['HARLAN, WENDELL', 'QUINCE, ODETTE', '[GARDEN STATE PAVING CO]']);
    expect(treasury.records[1]).toMatchObject({ extra: { employer: 'JERSEY SHORE MED. SVC INC', role: 'DIREC.' } });
    expect(treasury.records[2]).toMatchObject({ exclusionTerm: 'until 2015-06-30', specialty: 'CONSTRUCTION' });
  });
});

describe('a list published as a web page', () => {
  it('AZ: the table with the header is read (other tables skipped), entities decoded, a suffix off the last name', async () => {
    const { records, run } = await parse('state-az', 'az.html');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['[SAGUARO MEDICAL EQUIPMENT]', 'HARLAN, WENDELL P.', "[O'QUINCE & SONS TRANSPORT]"]);
    expect(records[0]).toMatchObject({ npi: '2000000028', exclusionDate: '2007-02-12' });
    expect(records[1]).toMatchObject({ suffix: 'JR', specialty: 'PHYSICIAN' });
    expect(run.rejected).toEqual([]);
  });

  it('AZ: a page without the table is refused naming the expected header (today\'s PDF layout)', async () => {
    await expect(runAll(parseStateList(config('state-az'), [memoryFile('<html><table><tr><td>Name</td><td>Date</td></tr></table></html>', 'page.html')]))).rejects.toThrow(
      /page\.html is not in the Arizona AHCCCS Provider Suspensions and Terminations layout: expected the header with the columns "Name\/Provider", "Action Type", "Effective Date"/,
    );
  });
});

describe('a wrong file for a new state', () => {
  it('is refused naming the expected header, also when the header is searched below a preamble', async () => {
    await expect(parse('state-ky', 'ga.csv')).rejects.toThrow(/ga\.csv is not in the Kentucky Medicaid Termination List layout: expected the header with the columns "First Name", "Last Name or Practice Name", "Effective Date"/);
    await expect(parse('state-ga', 'la.csv')).rejects.toThrow(/expected the header with the columns "LAST NAME", "FIRST NAME", "BUSINESS NAME", "SANCDATE"/);
    await expect(parse('state-il', 'ks.csv')).rejects.toThrow(/not in the Illinois HFS OIG Provider Sanctions layout: expected the header with the columns "Provider Name", "Action Date", "Action Type"/);
    await expect(parse('state-nj-debarment', 'nj.csv')).rejects.toThrow(/not in the New Jersey Treasury Consolidated Debarment Report layout: expected a file without a header line, of 23 tab-separated fields \(firm_name, name,/);
    await expect(runAll(parseStateList(config('state-nc'), [memoryFile('a title\r\n\r\nEXCLUDED ENTITY,NPI\r\nX,1\r\n')]))).rejects.toThrow(/\(missing: "EXCLUDED ENTITY", "NPI\/ATYPICAL ID \(EXCLUDED\)", "EFFECTIVE DATE"\) but the file starts with "a title"/);
  });
});
