/** Issue 54's states (MS, MT, NE, SC, VT, WA, WY and Arizona's State Exclusions) on committed synthetic fixtures. */
import { describe, expect, it } from 'vitest';
import { fixture, runAll } from '../test-helpers';
import { loadStateConfigs, type StateListConfig } from './config';
import { parseStateList } from './parse';

const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));
const parse = (id: string, file: string) => runAll(parseStateList(configs.get(id) as StateListConfig, [fixture('state', file)]));
const names = (records: { kind: string; lastName: string | null; firstName: string | null; businessName: string | null }[]) =>
  records.map((r) => (r.kind === 'person' ? `${r.lastName}, ${r.firstName}` : `[${r.businessName}]`));

describe('issue 54 states on synthetic fixtures', () => {
  it('MS: preamble and legend, an organization row is the business with its owner aside, a numbered empty row skipped, 2999 no end', async () => {
    const { records, run } = await parse('state-ms', 'ms.xlsx');
    expect(run.rejected).toEqual([]);
    expect(run.asOf).toBe('2026-06-08');
    expect(names(records)).toEqual(['[Magnolia Bend Care Home]', 'Quince, Odette']);
    expect(records[0]).toMatchObject({ npi: '1000000012', providerNumbers: ['004654779'], exclusionDate: '2023-06-30', exclusionType: 'DOM-Division of Medicaid', extra: { owner: 'Wendell P Harlan' } });
    expect(records[0].extra.endDate).toBeUndefined();
    expect(records[1]).toMatchObject({ dateOfBirth: '1970-08-10', extra: { credentials: 'RN', endDate: '2028-03-20' } });
  });

  it('MT: the unnamed fifth column is the action, a.k.a. rows are aliases of the record above, a maiden name an alias', async () => {
    const { records, run } = await parse('state-mt', 'mt.xlsx');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['Harlan, Wendell', '[Big Sky Diabetic & Medical]']);
    expect(records[0]).toMatchObject({ exclusionType: 'State Termination', npi: '1000000012', exclusionDate: '2024-07-23' });
    expect(records[0].akas).toEqual(expect.arrayContaining(['Wendell Quince', 'Wendy Harlan', 'Wendell Paul Quince']));
    expect(records[1]).toMatchObject({ exclusionType: 'OIG Exclusion' });
  });

  it('SC: title rows, "Last, First Middle" or a business, Not Found as no NPI', async () => {
    const { records, run } = await parse('state-sc', 'sc.xlsx');
    expect(run.rejected).toEqual([]);
    expect(run.asOf).toBe('2026-05-22');
    expect(names(records)).toEqual(['[Palmetto Rise LLC]', 'Quince, Odette']);
    expect(records[1]).toMatchObject({ middleName: 'Marie', npi: null, exclusionType: 'Excluded', exclusionDate: '2012-07-19' });
  });

  it('VT: padded values, the first of two State columns, 2382 as no end, a reinstatement, the legend below left out', async () => {
    const { records, run } = await parse('state-vt', 'vt.xlsx');
    expect(run.rejected).toEqual([]);
    expect(run.asOf).toBe('2026-05');
    expect(names(records)).toEqual(['HARLAN, WENDELL', 'QUINCE, ODETTE']);
    expect(records[0]).toMatchObject({ state: 'VT', providerNumbers: ['0001926'], specialty: 'DENTIST', extra: { credentials: 'DMD' } });
    expect(records[0].extra.endDate).toBeUndefined();
    expect(records[1]).toMatchObject({ suffix: 'JR', reinstatementDate: '2001-05-01', exclusionDate: '1996-10-03' });
  });

  it('WA: each name of a cell is a record with the row\'s licence, NPIs and date; NBSP padding and ProviderOne ids', async () => {
    const { records, run } = await parse('state-wa', 'wa.xlsx');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['[Cascade Dentures NW]', '[Rainier Denture Studio]', 'Harlan, Wendell', 'Quince, Odette', 'Quince, Oscar']);
    for (const r of records.slice(0, 3)) expect(r).toMatchObject({ licenseNumbers: ['DN60406207'], npi: '1000000012', exclusionDate: '2023-09-21', extra: { otherNpis: '1000000020' } });
    expect(records[3]).toMatchObject({ npi: '1000000038' });
    expect(records[4]).toMatchObject({ npi: null, providerNumbers: ['1027986'] });
  });

  it('AZ State Exclusions: one name column, Permanent as the end', async () => {
    const { records, run } = await parse('state-az-exclusions', 'az-exclusions.xlsx');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['[Saguaro Behavioral Health LLC]', 'Harlan, Wendell']);
    expect(records[0]).toMatchObject({ exclusionTerm: 'until 2029-12-01', exclusionDate: '2024-12-01' });
    expect(records[1]).toMatchObject({ exclusionTerm: 'Permanent' });
  });

  it('NE: preamble, ISO dates, first-last names, an organization, a row without Date Added', async () => {
    const { records, run } = await parse('state-ne', 'ne.pdf');
    expect(run.rejected).toEqual([]);
    expect(run.asOf).toBe('2026-06-01');
    expect(names(records)).toEqual(['Harlan, Wendell', '[Prairie Wind Home Care LLC]', 'Quince, Odette']);
    expect(records[0]).toMatchObject({ middleName: 'P', exclusionDate: '2025-06-25', exclusionType: 'PM-Permanent', extra: { dateAdded: '2025-07-07' } });
  });

  it('WY: a business without a name, an a.k.a. in the first name, a maiden name, N/A and a licence as provider numbers', async () => {
    const { records, run } = await parse('state-wy', 'wy.pdf');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['[Bighorn Home Health]', 'Harlan, Wendell', 'Harlan, Odette', 'Quince, Oscar']);
    expect(records[1]).toMatchObject({ akas: ['Wen Harlan'], providerNumbers: ['127297700'], extra: { employer: 'Harlan Global Initiative' } });
    expect(records[2]).toMatchObject({ akas: ['Odette Quince'], providerNumbers: ['RN 101606 (AZ)'] });
    expect(records[3]).toMatchObject({ providerNumbers: [], exclusionDate: '2007-06-20' });
  });
});
