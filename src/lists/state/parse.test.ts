import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATE_LISTS } from '#shared/state-lists';
import { fixture, memoryFile, runAll } from '../test-helpers';
import { loadStateConfigs, StateListConfigSchema, type StateListConfig } from './config';
import { splitLastFirst } from './names';
import { parseStateList } from './parse';

const configs = new Map(loadStateConfigs().map((c) => [c.id.slice(6).toUpperCase(), c]));
const config = (state: string): StateListConfig => configs.get(state) as StateListConfig;
const parseState = (state: string, ...files: string[]) => runAll(parseStateList(config(state), files.map((f) => fixture('state', f))));

describe('state list configs', () => {
  it('has a valid config and a fixture for each state list (Arizona and New Jersey have two)', () => {
    expect([...configs.keys()]).toEqual(['AK', 'AL', 'AR', 'AZ-EXCLUSIONS', 'AZ', 'CA', 'CO', 'CT', 'DC', 'DE', 'GA', 'HI', 'IA', 'ID', 'IL', 'IN', 'KS', 'KY', 'LA', 'MA', 'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ-DEBARMENT', 'NJ', 'NV', 'NY', 'OH', 'OR', 'PA', 'SC', 'TN', 'TX', 'VT', 'WA', 'WV', 'WY']);
    const fixtures = readdirSync(new URL('./fixtures/', import.meta.url));
    for (const state of configs.keys()) expect(fixtures.some((f) => f.startsWith(state.toLowerCase()))).toBe(true);
  });

  it('agrees with the pages\' list of state lists (ids, states, official URLs), each with a publisher and a cadence', () => {
    const byId = [...configs.values()].map((c) => [c.id, c.state, c.officialUrl]).sort();
    expect(STATE_LISTS.map((l) => [l.id, l.state, l.officialUrl]).sort()).toEqual(byId);
    for (const c of configs.values()) expect(c.publisher.length > 5 && c.cadence.length > 3).toBe(true);
  });

  it('rejects an invalid config with the field named', () => {
    const result = StateListConfigSchema.safeParse({ ...config('NY'), id: 'ny' });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('"id"');
  });

  it('splits "Last, First Middle Suffix"', () => {
    expect(splitLastFirst('OKAFOR, DANIEL T JR')).toEqual({ lastName: 'OKAFOR', firstName: 'DANIEL', middleName: 'T', suffix: 'JR' });
  });
});

describe('state lists on committed fixtures', () => {
  it('NY: one name column, persons as "LAST, FIRST M", businesses by legal suffix, inline DBA/AKA', async () => {
    const { records, run } = await parseState('NY', 'ny.csv');
    expect(run.rejected).toEqual([]);
    expect(records.map((r) => [r.kind, r.lastName ?? r.businessName, r.firstName, r.akas.concat(r.dbas)])).toEqual([
      ['person', 'BRENNAN', 'KATHLEEN', []],
      ['person', 'OKAFOR', 'DANIEL', []],
      ['business', '#1 QUALITY HOME CARE, LLC', null, []],
      ['business', 'SUNSHINE TRANSPORT INC', null, ['SUNSHINE MEDICAL RIDES']],
      ['person', 'GARCIA', 'MARIA', ['MARIA LOPEZ']],
    ]);
    expect(records[1]).toMatchObject({ source: 'state-ny', suffix: 'JR', npi: '1000000020', licenseNumbers: ['MD998877'], exclusionDate: '2024-02-15', link: 'https://omig.ny.gov/medicaid-fraud/medicaid-exclusions' });
    expect(records[4].exclusionDate).toBe('2023-06-30');
  });

  it('CA: BOM, N/A nulls, business in Last Name, ;-separated aliases, NPIs found among provider numbers', async () => {
    const { records, run } = await parseState('CA', 'ca.csv');
    expect(run.rejected).toEqual([]);
    expect(records[0]).toMatchObject({ kind: 'person', lastName: 'BRENNAN', middleName: 'MARIE', akas: ['KATHY BRENNAN', 'KATHLEEN DOYLE'], exclusionDate: '2020-10-15', exclusionTerm: 'Indefinitely' });
    expect(records[1]).toMatchObject({ kind: 'business', businessName: 'SUNRISE DME SUPPLY INC', dbas: ['SUNRISE MEDICAL EQUIPMENT'], npi: '2000000010', providerNumbers: ['00A400330'], licenseNumbers: [] });
    expect(records[2]).toMatchObject({ middleName: null, akas: [] });
  });

  it('TX: company on a person row is the employer; reinstated date kept', async () => {
    const { records } = await parseState('TX', 'tx.csv');
    expect(records[0]).toMatchObject({ kind: 'person', lastName: 'OKAFOR', businessName: null, extra: { employer: 'OKAFOR FAMILY CLINIC', addDate: '02/25/2024' } });
    expect(records[1]).toMatchObject({ kind: 'business', businessName: 'LONE STAR PHARMACY LLC', comments: 'Owner convicted of fraud' });
    expect(records[3]).toMatchObject({ lastName: 'MORALES', reinstatementDate: '2020-03-01' });
  });

  it('OH: individuals and organizations sheets, MM/DD/YY dates, several NPIs, AKA/DBA in names', async () => {
    const { records, run } = await parseState('OH', 'oh-individuals.csv', 'oh-organizations.csv');
    expect(run.rejected).toEqual([]);
    expect(records[1]).toMatchObject({ lastName: 'WALKER', akas: ['JIMMY WALKER'], npi: null, exclusionDate: '2024-01-15', providerNumbers: ['0023456'] });
    expect(records[2]).toMatchObject({ npi: '1000000079', extra: { otherNpis: '1000000087' } });
    expect(records[3]).toMatchObject({ kind: 'business', businessName: 'BUCKEYE CARE SERVICES LLC', dbas: ['BUCKEYE HOME HEALTH'], exclusionType: 'TERMINATED' });
  });

  it('PA: timestamps, None/N/A nulls, CAO county, FEIN', async () => {
    const { records, run } = await parseState('PA', 'pa.csv');
    expect(run.rejected).toEqual([]);
    expect(records[0]).toMatchObject({ lastName: 'DUNN', prefix: 'MR', suffix: 'SR', npi: null, akas: [], county: 'Philadelphia', exclusionDate: '2015-05-20' });
    expect(records[1]).toMatchObject({ kind: 'business', businessName: 'KEYSTONE AMBULANCE SERVICE INC', dbas: ['KEYSTONE TRANSPORT'], ein: '231234567', exclusionTerm: 'until 2024-09-01', county: 'Out of State NJ' });
  });
});

describe('state list bad input', () => {
  it('reports nameless and ragged rows, duplicates, and warns on unreadable dates', async () => {
    const content = 'Provider Name,NPI Num,License Num,Provider Type,Exclusion Effective Date\r\n"DOE, JANE",,,NURSE,01/02/2020\r\n"DOE, JANE",,,NURSE,01/02/2020\r\n,,,NURSE,01/02/2020\r\n"ROE, RAY",,,NURSE,soon\r\n"ROE, RAY"\r\n';
    const { records, run } = await runAll(parseStateList(config('NY'), [memoryFile(content)]));
    expect(records.map((r) => r.lastName)).toEqual(['DOE', 'ROE']);
    expect(run.rejected.map((r) => [r.line, r.severity, r.reason])).toEqual([
      [3, 'error', 'duplicate of line 2 (identical row skipped)'],
      [4, 'error', 'no name in the row'],
      [5, 'warning', 'Exclusion Effective Date: "soon" is not a MM/DD/YYYY date; left empty'],
      [6, 'error', 'expected 5 fields, found 1 (ragged or truncated row)'],
    ]);
  });

  it('refuses another state\'s file, naming the expected columns', async () => {
    await expect(runAll(parseStateList(config('NY'), [fixture('state', 'pa.csv')]))).rejects.toThrow(/pa\.csv is not in the New York OMIG Medicaid Exclusions layout: expected the header with the columns "Provider Name", "Exclusion Effective Date"/);
  });
});
