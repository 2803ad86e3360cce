/**
 * State lists published as PDF, on the committed fixtures (written by
 * scripts/gen-lists/state-pdf-fixtures.ts in the agencies' layouts): rows and wrapped cells,
 * the header repeated on a later page, names, aliases, dates, reinstatements, and refusals.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, memoryFile, runAll } from '../test-helpers';
import { loadStateConfigs, type StateListConfig } from './config';
import { parseStateList } from './parse';

const configs = new Map(loadStateConfigs().map((c) => [c.id, c]));
const config = (id: string): StateListConfig => configs.get(id) as StateListConfig;
const parse = (id: string, file: string) => runAll(parseStateList(config(id), [fixture('state', file)]));
const pick = (r: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, r[k]]));

describe('state lists read from their PDFs', () => {
  it('HI: wrapped cells stay in their row, NONE and "-" are empty, "or"/"aka" names are aliases, the header repeats on page 2', async () => {
    const { records, run } = await parse('state-hi', 'hi.pdf');
    expect(run.rejected).toEqual([]);
    expect(records).toHaveLength(13);
    expect(records[0]).toMatchObject({ kind: 'person', lastName: 'ACHAVAL', firstName: 'MARIA', providerNumbers: ['596009'], exclusionDate: '2015-04-20', reinstatementDate: '2020-05-18' });
    expect(records[1]).toMatchObject({ lastName: 'ALO', providerNumbers: [], exclusionDate: null, reinstatementDate: '2019-06-06', specialty: 'OWNER/OPERATOR OF DEVELOPMENTALLY - DISABLED FOSTER HOME (DDFH)' });
    expect(records[2]).toMatchObject({ kind: 'business', businessName: 'ALOHA OSTEOPATHIC PROFESSIONAL', reinstatementDate: null });
    expect(records[3]).toMatchObject({ lastName: 'ATKINS', firstName: 'CHERI', akas: ['Cheri Kapuanani Sundance Atkins'] });
    expect(records[12]).toMatchObject({ lastName: 'YOUNG', middleName: 'J. Q.', exclusionDate: '2017-04-20' });
  });

  it('ID: "LAST, FIRST" persons, names without a comma are businesses, nicknames and (AKA …) aliases, future two-digit years', async () => {
    const { records, run } = await parse('state-id', 'id.pdf');
    expect(run.rejected).toEqual([]);
    expect(records.map((r) => pick(r as never, ['kind', 'lastName', 'firstName', 'businessName', 'akas']))).toEqual([
      { kind: 'business', lastName: null, firstName: null, businessName: 'ACHIEVING A BETTER LIFE', akas: [] },
      { kind: 'person', lastName: 'ADAMSON', firstName: 'KERMIT', businessName: null, akas: ['MIKE ADAMSON'] },
      { kind: 'person', lastName: 'ANDERSON', firstName: 'LISA', businessName: null, akas: ['LISA SMITH'] },
      { kind: 'person', lastName: 'ANDERSON', firstName: 'TRICIA', businessName: null, akas: [] },
      { kind: 'person', lastName: 'WINMILL', firstName: 'DIANA', businessName: null, akas: ['DIANA FERRELL'] },
    ]);
    expect(records[1]).toMatchObject({ exclusionDate: '2006-11-03', reinstatementDate: '2024-01-31', exclusionTerm: 'until 2016-11-03' });
    expect(records[3]).toMatchObject({ exclusionDate: '2022-09-22', exclusionTerm: 'until 2032-09-22' });
    expect(records[4]).toMatchObject({ exclusionTerm: 'Indefinite', comments: 'Excluded by the OIG; 5-year state exclusion', extra: { credentials: 'LPN' } });
  });

  it('ME: four alias name pairs, "End of Report" left out', async () => {
    const { records, run } = await parse('state-me', 'me.pdf');
    expect(run.rejected).toEqual([]);
    expect(records).toHaveLength(4);
    expect(records[0]).toMatchObject({ lastName: 'Altieri', firstName: 'Anthony', akas: ['Tony Altieri', 'Anthony Altieri JR'], specialty: '22-Dentist', exclusionDate: '2023-11-20' });
    expect(records[1].akas).toEqual(['ABDIRASHID AHMEDG', 'ABDIRASHID AHMAD', 'ABDIVASHID H AHMED']);
    expect(records[2]).toMatchObject({ kind: 'business', businessName: 'AROOSTOOK ENT CLINIC' });
    expect(records[3]).toMatchObject({ middleName: 'R', specialty: '11-Behavioral Health Clinician' });
  });

  it('NJ: the Comptroller\'s PDF, with dates of birth and wrapped titles', async () => {
    const { records, run } = await parse('state-nj', 'nj.pdf');
    expect(run.rejected).toEqual([]);
    expect(records.map((r) => r.businessName ?? r.lastName)).toEqual(['2258 PHARMACY, INC.', 'ABDUL', 'ABUSEF', 'AC HOME NURSING SERVICES']);
    expect(records[1]).toMatchObject({ firstName: 'MUHAMMAD', dateOfBirth: '1964-03-04', exclusionType: 'DISQUALIFICATION', extra: { title: 'MD' } });
    expect(records[2]).toMatchObject({ exclusionTerm: 'PERMANENT', extra: { title: 'SUTEX MED. TRANSPORT' } });
    expect(records[3]).toMatchObject({ npi: '1235230665', city: 'WARREN', state: 'OH' });
  });

  it('TN: a table without rules, read line by line under the header\'s columns', async () => {
    const { records, run } = await parse('state-tn', 'tn.pdf');
    expect(run.rejected).toEqual([]);
    expect(records.map((r) => pick(r as never, ['kind', 'lastName', 'firstName', 'businessName', 'npi', 'exclusionDate']))).toEqual([
      { kind: 'person', lastName: 'Foster', firstName: 'Allen R.', businessName: null, npi: '1326132572', exclusionDate: '2012-03-20' },
      { kind: 'person', lastName: 'Blankenship', firstName: 'Brad', businessName: null, npi: '1427090562', exclusionDate: '2015-07-30' },
      { kind: 'business', lastName: null, firstName: null, businessName: 'Cumberland Neurology, LLC', npi: '1407898018', exclusionDate: '2015-09-17' },
    ]);
    expect(records[1]).toMatchObject({ exclusionTerm: 'until 2018-07-30', comments: 'Failure to respond to requests for records on Tenncare patients' });
  });

  it('WV: split names beside the full name, licence ids in the NPI column, a reinstatement, a business by its full name', async () => {
    const { records, run } = await parse('state-wv', 'wv.pdf');
    expect(run.rejected).toEqual([]);
    expect(records[0]).toMatchObject({ lastName: 'Abad', firstName: 'Augusto', middleName: 'Tenmatay', specialty: 'Physician', exclusionType: 'Mandatory Exclusion - Revocation of License', extra: { credentials: 'MD' } });
    expect(records[1]).toMatchObject({ npi: null, providerNumbers: ['RN.230188-OH'] });
    expect(records[2]).toMatchObject({ reinstatementDate: '2014-12-03', comments: 'License reactivated by WVBOM' });
    expect(records[3]).toMatchObject({ kind: 'business', businessName: 'Alpha Beta Home Health' });
    expect(records[4]).toMatchObject({ lastName: 'Walkup', suffix: 'Jr' });
  });

  it('AZ: today\'s PDF (one name column) and the 2015 page both import', async () => {
    const { records, run } = await parse('state-az', 'az.pdf');
    expect(run.rejected).toEqual([]);
    expect(records[0]).toMatchObject({ kind: 'person', lastName: 'ASIN', firstName: 'GERALD', npi: '1770576365', exclusionType: 'Terminate', exclusionDate: '2024-06-01' });
    expect(records[1]).toMatchObject({ kind: 'business', businessName: 'AAA MEDICAL EQUIPMENT LLC', exclusionType: 'Suspend' });
    const page = await parse('state-az', 'az.html');
    expect(page.records.length).toBeGreaterThan(0);
  });
});

describe('a PDF that is not the state\'s list, or not readable', () => {
  it('is refused naming the expected header when it is another state\'s PDF', async () => {
    await expect(parse('state-me', 'hi.pdf')).rejects.toThrow(/hi\.pdf is not in the MaineCare Monthly Exclusion Report \(PI0008-PM\) layout: expected the header with the columns "Provider Last Name", "Provider First Name", "State Exclusion Start Date"/);
    await expect(parse('state-hi', 'id.pdf')).rejects.toThrow(/expected the header with the columns "Last Name or Business Name", "First Name", "Exclusion Date", "Reinstatement Date"/);
  });

  it('is refused whole, naming the page, when one page cannot be read; a damaged file is refused as not a PDF', async () => {
    const bytes = readFileSync(fixture('state', 'hi.pdf'));
    const text = bytes.toString('latin1');
    const lastStream = text.lastIndexOf('stream\n', text.lastIndexOf('endstream') - 1);
    const broken = Buffer.from(bytes);
    broken.fill(0x41, lastStream + 20, lastStream + 60);
    await expect(runAll(parseStateList(config('state-hi'), [memoryFile(broken, 'broken.pdf')]))).rejects.toThrow(/broken\.pdf: page 2 of 2 cannot be read \(.+\); nothing from this file is used/);
    await expect(runAll(parseStateList(config('state-hi'), [memoryFile(bytes.subarray(0, 1500), 'cut.pdf')]))).rejects.toThrow(/cut\.pdf cannot be read as a PDF/);
  });
});
