/**
 * ADR 060: NPPES and the Death Master File are read by key from the database, not held in the
 * match index. Batch chunks and searches still answer NPI and SSN checks as before; a new NPPES
 * version needs no rebuild; without an active DMF the SSNs are not checked.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listVersions } from '#server/db/schema';
import { createTestApp, type TestApp } from '#test/app';
import { activateVersion, NPI_ACTIVE, NPI_DEACTIVATED, NPI_UNKNOWN, npiOf, nppes, refreshIndex, seedLists, SSN_DEAD } from '#test/results-setup';
import { findNpi } from '../interactive/public';
import { keyedScreener } from './keyed';
import { screenRows, type RowInput } from './row-screening';
import { currentScreening, screenerFor, versionIdsOf } from './screener';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 0 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  await seedLists(t);
}, 60_000);
afterAll(() => t.close());

const TYPES = ['Exclusion Search by Individual Name', 'Exclusion Search by NPI', 'NPI Validation', 'NPI Medicare OptOut', 'SSDMF'];
const row = (rowIndex: number, first: string, last: string, npi: string, ssn: string): RowInput => ({ rowIndex, uniqueId: `E${rowIndex + 1}`, values: { 'First Name': first, 'Last Name': last, NPI: npi, SSN: ssn } });
const ROWS = [
  row(0, 'Kathleen', 'Brennan', NPI_ACTIVE, SSN_DEAD),
  row(1, 'Anil', 'Patel', NPI_DEACTIVATED, '123456780'),
  row(2, 'Daniel', 'Okafor', NPI_UNKNOWN, ''),
  row(3, 'Someone', 'Else', NPI_ACTIVE, ''),
];

async function screenChunk(rows: RowInput[] = ROWS) {
  const s = await currentScreening(t.ctx);
  const drafts = await screenRows(keyedScreener(s.keyed, screenerFor(t.ctx, s.index, rows.length)), TYPES, rows, { dmfLoaded: s.keyed.dmfLoaded });
  return { s, drafts, npi: (i: number) => drafts.find((d) => d.rowIndex === i && d.resultType === 'npi')!, dmf: (i: number) => drafts.find((d) => d.rowIndex === i && d.resultType === 'ssdmf') };
}

describe('the match index', () => {
  it('holds no NPPES or DMF record, and its version names neither', () => {
    const index = t.ctx.screening!.getIndex();
    const bySource = index.stats().bySource;
    expect(bySource.leie).toBeGreaterThan(0);
    expect(bySource.optout).toBe(1);
    expect(bySource).not.toHaveProperty('nppes');
    expect(bySource).not.toHaveProperty('dmf');
    expect(index.version).not.toMatch(/nppes|dmf/);
  });
});

describe('a batch chunk', () => {
  it('checks NPIs against NPPES and SSNs against the DMF read from the database, one query per kind of key', async () => {
    const { s, npi, dmf } = await screenChunk();
    expect(npi(0)).toMatchObject({ source: 'nppes', sourceRecordId: NPI_ACTIVE, explanation: { npiCheck: { found: true, status: 'active', nameAgreement: { agrees: true } }, optedOut: true, sharedCount: 1 } });
    expect(npi(1)).toMatchObject({ source: 'nppes', explanation: { npiCheck: { found: true, status: 'deactivated' } }, reviewStatus: 'NONCLEARED' });
    expect(npi(2)).toMatchObject({ source: null, explanation: { npiCheck: { valid: true, found: false } } });
    expect(npi(3).explanation).toMatchObject({ npiCheck: { found: true, nameAgreement: { agrees: false } }, sharedCount: 1 });
    expect(dmf(0)).toMatchObject({ source: 'dmf', sourceRecordId: SSN_DEAD, explanation: { found: true, dateOfDeath: '2025-05-05' }, reviewStatus: 'NONCLEARED' });
    expect(dmf(1)).toMatchObject({ source: null, explanation: { found: false }, reviewStatus: 'CLEARED' });
    expect(s.keyed.queries).toBe(2);
    // The chunk records the versions it read: the screening's version names NPPES and the DMF.
    const versions = versionIdsOf(s.version);
    expect(versions.get('nppes')).toBe(s.keyed.versions.nppes);
    expect(versions.get('dmf')).toBe(s.keyed.versions.dmf);
  });

  it('searches the keyed records only for the NPI validations and SSN queries, not again for each name search (ADR 069) or NPI exclusion search (ADR 089)', async () => {
    const { s } = await screenChunk();
    // 4 NPI validations (opt-out and NPPES check), 2 SSNs; the 4 name searches and the 4 NPI exclusion queries ask only other lists and read no NPPES check.
    expect(s.keyed.screened).toBe(6);
  });

  it('says the SSNs were not checked when no DMF version is active', async () => {
    const [held] = await t.ctx.db.select().from(listVersions).where(eq(listVersions.source, 'dmf'));
    await t.ctx.db.update(listVersions).set({ status: 'superseded' }).where(eq(listVersions.id, held.id));
    try {
      const { s, dmf } = await screenChunk();
      expect(s.keyed.dmfLoaded).toBe(false);
      expect(dmf(0)).toMatchObject({ source: null, explanation: { found: false, dmfLoaded: false }, reviewStatus: 'CLEARED' });
    } finally {
      await t.ctx.db.update(listVersions).set({ status: 'active' }).where(eq(listVersions.id, held.id));
    }
  });
});

describe('a new NPPES version', () => {
  it('is not a rebuild of the index, and the next lookup sees its records', async () => {
    const store = t.ctx.screening!;
    const index = store.getIndex();
    const builds = store.buildCount;
    const newcomer = npiOf('323456789');
    const before = await currentScreening(t.ctx);
    await before.keyed.fetch({ npis: [newcomer] });
    expect(findNpi(before.index, before.keyed.index, newcomer).check.found).toBe(false);

    const id = await activateVersion(t, 'nppes', [nppes(NPI_ACTIVE, 'Kathleen', 'Brennan'), nppes(newcomer, 'Nora', 'Newcomer')], '2026-04-01');
    await refreshIndex(t);
    expect(store.buildCount).toBe(builds);
    expect(store.getIndex()).toBe(index);

    const after = await currentScreening(t.ctx);
    expect(after.keyed.versions.nppes).toBe(id);
    await after.keyed.fetch({ npis: [newcomer] });
    const found = findNpi(after.index, after.keyed.index, newcomer, 'Nora Newcomer');
    expect(found.check).toMatchObject({ found: true, status: 'active', nameAgreement: { agrees: true } });
    expect(found.nppesHit?.record.ordinal).toBeLessThan(0);
    expect((await screenChunk([row(0, 'Nora', 'Newcomer', newcomer, '')])).npi(0)).toMatchObject({ source: 'nppes', sourceRecordId: newcomer, reviewStatus: 'CLEARED' });
  });
});
