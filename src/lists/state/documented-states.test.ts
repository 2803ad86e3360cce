/**
 * The states whose layout is known only from the research (MO, NH, MN, NV, OR, DC): the
 * committed fixtures in that layout, and the generator's samples in the agencies' own
 * formats (XLSX, PDF, HTML), read through the shared state machinery.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixture, runAll } from '../test-helpers';
import { loadStateConfigs, type StateListConfig } from './config';
import { parseStateList } from './parse';

const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));
const config = (id: string): StateListConfig => configs.get(id) as StateListConfig;
const parse = (id: string, ...files: string[]) => runAll(parseStateList(config(id), files.map((f) => fixture('state', f))));
type Named = { kind: string; lastName: string | null; firstName: string | null; businessName: string | null };
const names = (records: Named[]) => records.map((r) => (r.kind === 'person' ? `${r.lastName}, ${r.firstName}` : `[${r.businessName}]`));
const SAMPLES = fileURLToPath(new URL('../../../data/samples/', import.meta.url));
const sample = (id: string) => runAll(parseStateList(config(id), readdirSync(`${SAMPLES}${id}`).sort().map((f) => `${SAMPLES}${id}/${f}`)));

describe('states read by their documented layout', () => {
  it('say so in their configs, and only they', () => {
    const documented = [...configs.values()].filter((c) => c.layoutFrom === 'documented').map((c) => c.id);
    expect(documented).toEqual(['state-dc', 'state-mn', 'state-mo', 'state-nh', 'state-nv', 'state-or']);
    expect(config('state-ny').layoutFrom).toBe('real');
  });

  it('MO: one name cell "Last, First M" or a business, licence, serial or MM/DD/YYYY dates, letter date kept', async () => {
    const { records, run } = await parse('state-mo', 'mo.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['HARLAN, WENDELL', '[OZARK RIDGE PHARMACY LLC]', 'QUINCE, ODETTE']);
    expect(records[0]).toMatchObject({ middleName: 'P', npi: '1000000012', licenseNumbers: ['2009012345'], exclusionDate: '2021-04-15', specialty: 'PHYSICIAN/FAMILY PRACTICE', extra: { letterDate: '04/01/2021' } });
    expect(records[2]).toMatchObject({ npi: null, licenseNumbers: ['RN123456'], exclusionDate: '2023-01-01' });
  });

  it('NH: split names, a business alone in Business Name, a person\'s business as their employer', async () => {
    const { records, run } = await parse('state-nh', 'nh.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['Harlan, Wendell', '[Granite Notch Home Health]', 'Quince, Odette']);
    expect(records[1]).toMatchObject({ npi: '1000000020', exclusionDate: '2018-07-30', specialty: 'Home Health Agency' });
    expect(records[2]).toMatchObject({ exclusionDate: '2024-01-05', extra: { employer: 'Quince Counseling' } });
  });

  it('MN: the individual and the group files read together as one list', async () => {
    const { records, run } = await parse('state-mn', 'mn-individual.csv', 'mn-group.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['Harlan, Wendell', 'Quince, Odette', '[North Star Care PCA Inc]']);
    expect(records[0]).toMatchObject({ middleName: 'Paul', city: 'Duluth', postalCode: '55802', exclusionDate: '2020-06-01', exclusionType: 'Excluded' });
    expect(records[2]).toMatchObject({ exclusionDate: '2019-09-12', extra: { address2: 'Suite 100' } });
  });

  it('NV: the associated legal entity as employer, the sanction period end as the term, "Indefinite" as a term', async () => {
    const { records, run } = await parse('state-nv', 'nv.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['HARLAN, WENDELL', '[SILVER SAGE HOSPICE INC]', 'QUINCE, ODETTE']);
    expect(records.map((r) => [r.exclusionDate, r.exclusionTerm, r.exclusionType])).toEqual([['2022-05-01', 'until 2027-05-01', 'Tier 2'], ['2020-08-19', 'Indefinite', 'Tier 1'], ['2020-12-31', 'until 2025-12-31', 'Tier 3']]);
    expect(records[0].extra.employer).toBe('Harlan Home Care LLC');
  });

  it('OR: people with their conviction document; two documents of one person are two records', async () => {
    const { records, run } = await parse('state-or', 'or.csv');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['Harlan, Wendell', 'Quince, Odette', 'Quince, Odette']);
    expect(new Set(records.map((r) => r.sourceRecordId)).size).toBe(3);
    expect(records[0]).toMatchObject({ exclusionDate: null, comments: expect.stringContaining('Harlan.pdf') });
  });

  it('DC: the current individuals and companies tables, not the past ones; written-out dates', async () => {
    const { records, run } = await parse('state-dc', 'dc.html');
    expect(run.rejected).toEqual([]);
    expect(names(records)).toEqual(['Harlan, Wendell', 'Quince, Odette', '[Capitol Paving & Supply]']);
    expect(records.map((r) => [r.exclusionDate, r.exclusionTerm])).toEqual([['2016-08-04', 'until 2019-08-04'], ['2024-01-09', 'Indefinite'], ['2021-03-15', 'until 2024-03-15']]);
    expect(records[0]).toMatchObject({ middleName: 'P.', address: '12 Lake St NW, Washington, DC 20001', extra: { agency: 'Office of Contracting and Procurement' } });
  });

  it.each([
    ['state-mo', 400, 40],
    ['state-nh', 400, 40],
    ['state-mn', 480, 120],
    ['state-nv', 150, 15],
    ['state-or', 360, 0],
    ['state-dc', 400, 40],
  ])('%s: the generator\'s sample in the agency\'s format reads whole (%i records, %i businesses), every row dated but Oregon\'s', async (id, count, businesses) => {
    const { records, run } = await sample(id);
    expect(run.rejected).toEqual([]);
    expect(records).toHaveLength(count);
    expect(records.filter((r) => r.kind === 'business')).toHaveLength(businesses);
    expect(new Set(records.map((r) => r.sourceRecordId)).size).toBe(count);
    if (id !== 'state-or') expect(records.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.exclusionDate ?? ''))).toBe(true);
    expect(records.every((r) => r.kind === 'business' ? r.businessName : r.lastName && r.firstName)).toBeTruthy();
  });
});
