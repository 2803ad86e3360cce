/**
 * The states of issue 54 from Alabama to Michigan on committed synthetic fixtures (invented
 * people, the agencies' layouts): the shapes the shared machinery had to learn for them.
 */
import { describe, expect, it } from 'vitest';
import { fixture, runAll } from '../test-helpers';
import { loadStateConfigs, type StateListConfig } from './config';
import { parseStateList } from './parse';

const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));
const parse = (id: string, ...files: string[]) => runAll(parseStateList(configs.get(id) as StateListConfig, files.map((f) => fixture('state', f))));
const names = (records: { kind: string; lastName: string | null; firstName: string | null; businessName: string | null }[]) =>
  records.map((r) => (r.kind === 'person' ? `${r.lastName}, ${r.firstName}` : `[${r.businessName}]`));

describe('Alabama to Michigan on synthetic fixtures', () => {
  it('AL: notes above a two-row header, provider-type headings between blocks, notes below the table; serial and text dates', async () => {
    const { records, run } = await parse('state-al', 'al.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['Harlan, Wendell', 'Quince, Odette', '[Tallapoosa Sick Room]']);
    expect(records.map((r) => [r.specialty, r.exclusionDate, r.exclusionType])).toEqual([
      ['PHYSICIANS', '2013-02-23', 'MLC & Medicare'],
      ['PHYSICIANS', '2021-11-18', 'MLC'],
      ['DURABLE MEDICAL EQUIPMENT PROVIDERS', '1999-03-18', 'Medicaid'],
    ]);
    expect(records[1]).toMatchObject({ suffix: 'JR', akas: ['Odette Harlan'] });
  });

  it('AK: entities with "-" as first name (the agency\'s PDF columns, here as CSV)', async () => {
    const { records, run } = await parse('state-ak', 'ak.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['[KENAI CARE, LLC]', 'HARLAN, WENDELL P.']);
    expect(records[1]).toMatchObject({ exclusionDate: '2025-12-03', exclusionType: 'OIG', comments: 'SSA Section 1128(a)(1)' });
  });

  it('AR: no dates, a facility alone is a business, a person\'s facility their employer, blank state', async () => {
    const { records, run } = await parse('state-ar', 'ar.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['Harlan, Wendell', '[Ozark Learning Academy]', 'Quince, Odette']);
    expect(records[1]).toMatchObject({ state: null, exclusionDate: null, extra: { division: 'DCCECE' } });
    expect(records[2].extra).toMatchObject({ employer: 'Ozark Learning Academy', division: 'OMIG' });
  });

  it('CO: credentials before the comma, a quoted header name, N/A NPI, the DBA a business\'s dba and a person\'s employer', async () => {
    const { records, run } = await parse('state-co', 'co.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['HARLAN, WENDELL', '[ROCKIES SEATING LLC]', 'Quince, Odette']);
    expect(records[0]).toMatchObject({ npi: '1000000012', exclusionDate: '2011-01-29', extra: { credentials: 'MD' } });
    expect(records[1]).toMatchObject({ npi: null, dbas: ['Rockies Mobility'] });
    expect(records[2].extra.employer).toBe('Quince Family Care');
  });

  it('CT: the web page\'s table (another table skipped), businesses named ",", N/A for empty, the period as the term', async () => {
    const { records, run } = await parse('state-ct', 'ct.html');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['[Nutmeg Behavioral Therapy]', 'Harlan, Wendell', 'Quince, Odette']);
    expect(records[1]).toMatchObject({ exclusionTerm: 'Indefinite', exclusionType: 'Exclusion', specialty: 'Dentist', extra: { employer: 'Harlan Dental, LLC' } });
    expect(records[2]).toMatchObject({ exclusionTerm: '10 years', specialty: null, address: ', Windsor Locks, CT, 06096' });
  });

  it('DE: credentials in names, two NPIs in a cell, a reinstatement (kept, dated), "Indefinite" for no reinstatement', async () => {
    const { records, run } = await parse('state-de', 'de.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['[Blue Hen Health Care Inc]', 'Harlan, Wendell', 'Quince, Odette']);
    expect(records[1]).toMatchObject({ npi: '1000000012', reinstatementDate: '2015-03-06', licenseNumbers: ['C10005265'], extra: { otherNpis: '1000000020', dea: 'BS5314505', credentials: 'MD' } });
    expect(records[2]).toMatchObject({ reinstatementDate: null, suffix: 'JR', extra: { credentials: 'RN' } });
  });

  it('MD: organisations without a first name, the legend and date below the table not read as records', async () => {
    const { records, run } = await parse('state-md', 'md.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['[Chesapeake Medical Supply Company]', 'Harlan, Wendell', 'Quince, Odette']);
    expect(records[1]).toMatchObject({ exclusionType: 'LB', licenseNumbers: ['D50296'], city: 'Windsor Mill, MD 21209' });
  });

  it('MA: "FIRST M LAST" names, the removed sheet\'s people dated as reinstated', async () => {
    const { records, run } = await parse('state-ma', 'ma.csv', 'ma-removed.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['[BAY STATE SPORTS REHAB, INC]', 'HARLAN, WENDELL', 'QUINCE, ODETTE']);
    expect(records[1]).toMatchObject({ middleName: 'P', providerNumbers: ['89927'], reinstatementDate: null });
    expect(records[2]).toMatchObject({ exclusionDate: '2022-11-04', reinstatementDate: '2025-06-02' });
  });

  it('MI: the date in the title cell, two columns both named "Sanction Source", a misprinted date a warning', async () => {
    const { records, run } = await parse('state-mi', 'mi.csv');
    expect(run.asOf).toBe('2026-06-11');
    expect(names(records)).toEqual(['[Great Lakes Physical Therapy LLC]', 'Harlan, Wendell', 'Quince, Odette']);
    expect(records[0].extra).toMatchObject({ sanctionSource: 'MDHHS-OIG', secondSanctionSource: 'LARA' });
    expect(records[1]).toMatchObject({ middleName: 'P', exclusionDate: '2013-07-03', licenseNumbers: ['4704351834'] });
    expect(run.rejected.map((r) => [r.line, r.severity, r.reason])).toEqual([[7, 'warning', 'Sanction Date1: "05817/2023" is not a SERIAL date; left empty']]);
  });
});
