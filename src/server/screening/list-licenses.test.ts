/**
 * ADR 120 on a real state file: California's S&I list carries licence numbers; they reach the match
 * index and are compared with a row's licence, and with the licences NPPES lists for the row's NPI
 * (the NPPES record read by key for the slice, as a batch chunk reads it).
 */
import { describe, expect, it } from 'vitest';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { buildIndex } from '#engine/index-builder';
import { screen } from '#engine/screen';
import { hasRealData, real, runAll, SKIP_REAL } from '#lists/test-helpers';
import { loadStateConfigs, type StateListConfig } from '#lists/state/config';
import { parseStateList } from '#lists/state/parse';
import { guessMapping } from '#shared/column-guess';
import { screenMany } from '#engine/screen';
import { screenChunkSlice } from './chunk-screening';
import { screenRows, type Screener } from './row-screening';

const CA_FILE = 'states/CA/California_Exclusion_List.first300rows.csv';
const caConfig = (): StateListConfig => loadStateConfigs().find((c) => c.id === 'state-ca') as StateListConfig;

describe.skipIf(!hasRealData)(`licence numbers of a real state list (${SKIP_REAL})`, () => {
  it("reads California's License Number column into the index and compares it with the query's", async () => {
    const { records } = await runAll(parseStateList(caConfig(), [real(CA_FILE)]));
    const samuel = records.find((r) => r.lastName === 'Adeleye' && r.firstName === 'Samuel')!;
    // Published with a leading space (" RW1278"): read as the number.
    expect(samuel.licenseNumbers).toEqual(['RW1278']);
    const index = buildIndex(records);
    const hitOf = (licenseNumber?: string) => screen(index, { type: 'individual', firstName: 'Samuel', lastName: 'Adeleye', licenseNumber }, { minScore: 0.5 }).hits.find((h) => h.record.sourceRecordId === samuel.sourceRecordId)!;
    const plain = hitOf();
    expect(hitOf('rw-01278').score).toBeCloseTo(plain.score + 0.05, 4);
    expect(hitOf('RW9999').explanation.adjustments).toContainEqual({ reason: "List record's license RW1278 differs from the employee's license RW9999", effect: -0.03 });
  });

  it("counts a licence NPPES lists for a batch row's NPI when the list record carries it", async () => {
    const { records } = await runAll(parseStateList(caConfig(), [real(CA_FILE)]));
    const adeniyi = records.find((r) => r.lastName === 'Adeleye' && r.firstName === 'Adeniyi')!;
    expect(adeniyi.licenseNumbers).toEqual(['689211']);
    const nppes: ListRecord = { ...emptyListRecord('nppes', '1245319599', 'person'), firstName: 'ADENIYI', lastName: 'ADELEYE', npi: '1245319599', state: 'CA', licenseNumbers: ['0689211'], extra: { entityTypeCode: '1', credential: 'RN' } };
    const index = buildIndex(records);
    const slice = (withNppes: boolean) =>
      screenChunkSlice(index, {
        types: ['Exclusion Search by Individual Name'],
        rows: [{ rowIndex: 0, uniqueId: null, values: { 'First Name': 'Adeniyi', 'Last Name': 'Adeleye', NPI: '1245319599' } }],
        dmfLoaded: false,
        keyed: { nppes: withNppes ? [['1245319599', JSON.stringify(nppes)]] : [], dmf: [] },
        keyedVersion: 'keyed:1:-',
        versions: [['state-ca', 1]],
      });
    const resultOf = async (withNppes: boolean) => (await slice(withNppes)).results.map((text) => JSON.parse(text) as { source_record_id: string; score: number; explanation: { adjustments: { reason: string }[] } }).find((r) => r.source_record_id === adeniyi.sourceRecordId)!;
    const without = await resultOf(false);
    const withNppes = await resultOf(true);
    // The licence, NPPES's practice state CA (the record's, or its list's, ADR 118) and its credential RN for a registered nurse (ADR 121), up to the ceiling of a score without an identifier.
    expect(withNppes.score).toBeCloseTo(Math.min(without.score + 0.05 + 0.02 + 0.02, 0.98), 4);
    expect(withNppes.explanation.adjustments.map((a) => a.reason)).toContain("List record's provider type Registered Nurse is the same kind of provider as NPPES's record of NPI 1245319599 (credential RN)");
    expect(withNppes.explanation.adjustments.map((a) => a.reason)).toContain('NPPES lists license 689211 for NPI 1245319599, as the list record does (689211)');
  });

  it("screens a batch row's License Number column (guessed from its header) against the list record's", async () => {
    expect(guessMapping(['Employee First Name', 'Last Name', 'License #', 'License State', 'Credentials'])).toEqual({
      'Employee First Name': 'First Name',
      'Last Name': 'Last Name',
      'License #': 'License Number',
      'License State': 'License State',
      Credentials: 'Provider Type',
    });
    const { records } = await runAll(parseStateList(caConfig(), [real(CA_FILE)]));
    const index = buildIndex(records);
    const screener: Screener = async (queries, options) => screenMany(index, queries, options);
    const drafts = await screenRows(screener, ['Exclusion Search by Individual Name'], [{ rowIndex: 0, uniqueId: 'E-7', values: { 'First Name': 'Samuel', 'Last Name': 'Adeleye', 'License Number': 'RW 1278', 'License State': 'CA' } }], { threshold: 0.8 });
    expect(drafts.length).toBeGreaterThan(0);
    const adjustments = drafts.flatMap((d) => (d.explanation as { adjustments: { reason: string }[] }).adjustments.map((a) => a.reason));
    expect(adjustments).toContain("List record's license RW1278 is the employee's license RW 1278");
    expect(drafts[0].searchCriteriaKey).toBe('E-7: Samuel Adeleye | License RW 1278 (CA)');
    // Another state's number is no evidence against a California record (the License State column).
    const other = await screenRows(screener, ['Exclusion Search by Individual Name'], [{ rowIndex: 0, uniqueId: 'E-8', values: { 'First Name': 'Samuel', 'Last Name': 'Adeleye', 'License Number': 'RN 99001', 'License State': 'NV' } }], { threshold: 0.8 });
    expect(other.flatMap((d) => (d.explanation as { adjustments: { reason: string }[] }).adjustments.map((a) => a.reason)).some((r) => r.includes('differs from the employee'))).toBe(false);
  });

  it("screens a batch row's Provider Type column by kind against the list record's provider type (ADR 121)", async () => {
    const { records } = await runAll(parseStateList(caConfig(), [real(CA_FILE)]));
    const index = buildIndex(records);
    const screener: Screener = async (queries, options) => screenMany(index, queries, options);
    const row = (providerType: string) => [{ rowIndex: 0, uniqueId: 'E-9', values: { 'First Name': 'Adeniyi', 'Last Name': 'Adeleye', 'Provider Type': providerType } }];
    const reasons = async (providerType: string) => (await screenRows(screener, ['Exclusion Search by Individual Name'], row(providerType), { threshold: 0.8 })).flatMap((d) => (d.explanation as { adjustments: { reason: string }[] }).adjustments.map((a) => a.reason));
    expect(await reasons('RN')).toContain("List record's provider type Registered Nurse is the same kind of provider as the employee's (RN)");
    expect((await reasons('Pharmacist')).some((r) => r.startsWith("List record's provider type Registered Nurse differs from the employee's (Pharmacist)"))).toBe(true);
  });
});
