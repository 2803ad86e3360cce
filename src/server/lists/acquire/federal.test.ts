/** The federal recipes run against the publisher stand-in (test/publishers): the production code paths, the stand-in's origin in LIST_PUBLISHERS_URL. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/app';
import { NPPES_MONTHLY_CSV } from '#test/publishers/federal';
import { startPublisherStandIn, type PublisherStandIn } from '#test/publishers/stand-in';
import { testConfig, type AppConfig } from '#server/config';
import type { Database } from '#server/db/client';
import { findActiveVersion } from '../queries';
import { updateLists } from '../update';

let database: Database;
let drop: () => Promise<void>;
let standIn: PublisherStandIn;
let config: AppConfig;
const at = (iso: string) => ({ now: new Date(iso), delay: async () => {} });

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  standIn = await startPublisherStandIn();
  config = testConfig({ dataDir: mkdtempSync(path.join(tmpdir(), 'clearlist-federal-')), listPublishersUrl: standIn.url });
});
afterAll(async () => {
  await standIn.close();
  await drop();
});

describe('the federal recipes against the publisher stand-in', () => {
  it('fetches every federal list but the licensed DMF with no configuration', async () => {
    const results = await updateLists(database.db, config, ['leie', 'sam', 'ofac-sdn', 'ofac-consolidated', 'optout', 'nppes', 'dmf'], at('2026-12-15T08:00:00Z'));
    const by = Object.fromEntries(results.map((r) => [r.source, r]));
    for (const source of ['leie', 'sam', 'ofac-sdn', 'ofac-consolidated', 'optout', 'nppes']) {
      expect(by[source], source).toMatchObject({ outcome: 'imported' });
      expect(by[source].import!.records, source).toBeGreaterThan(0);
    }
    expect(by.dmf).toMatchObject({ outcome: 'not-configured', hint: expect.stringContaining('licensed') });
    // SAM: the newest .ZIP of the listing; the opt-out list: every page of the data API (12,000 rows, pages of 5,000).
    expect(by.sam.files.map((f) => f.name)).toEqual(['SAM_Exclusions_Public_Extract_V2_26335.CSV']);
    expect(by.optout.import!.rowsRead).toBe(12_000);
    expect(standIn.requests.filter((r) => r.path.endsWith('/data')).map((r) => new URLSearchParams(r.query).get('offset'))).toEqual(['0', '5000', '10000']);
    // NPPES: the newest V2 monthly, not October's and not the retired V1 file of the same month.
    expect((await findActiveVersion(database.db, 'nppes'))!.fileNames).toEqual([NPPES_MONTHLY_CSV]);
    expect(standIn.requests.some((r) => r.path.endsWith('November_2026.zip'))).toBe(false);
    // Every request looked like a browser's.
    expect(standIn.requests.every((r) => /Mozilla\/5\.0/.test(r.userAgent))).toBe(true);
  });

  it("NPPES next: the weekly V2 files and the deactivation report, applied to the monthly; then nothing newer", async () => {
    const [weekly] = await updateLists(database.db, config, ['nppes'], at('2026-12-16T08:00:00Z'));
    expect(weekly).toMatchObject({ outcome: 'imported', import: { mode: 'incremental' } });
    expect(weekly.files.map((f) => f.name)).toEqual(['npidata_pfile_20261110-20261116.csv', 'npidata_pfile_20261117-20261123.csv', 'NPPES_Deactivated_NPI_Report_111026.csv']);
    const [again] = await updateLists(database.db, config, ['nppes'], at('2026-12-17T08:00:00Z'));
    expect(again).toMatchObject({ outcome: 'unchanged', note: expect.stringContaining('nothing newer') });
  });

  it("LEIE next month: December's exclusions supplement, there being no reinstatements file", async () => {
    const [result] = await updateLists(database.db, config, ['leie'], at('2027-01-12T08:00:00Z'));
    expect(result).toMatchObject({ outcome: 'imported', import: { mode: 'incremental' } });
    expect(result.files.map((f) => f.name)).toEqual(['2612EXCL.csv']);
  });

  it('says what went wrong, in words, and keeps the active version', async () => {
    const before = await findActiveVersion(database.db, 'ofac-sdn');
    standIn.fail('ofac-sdn', 'forbidden');
    standIn.fail('optout', 'truncated');
    standIn.fail('ofac-consolidated', 'block-page');
    const results = await updateLists(database.db, config, ['ofac-sdn', 'optout', 'ofac-consolidated'], at('2027-01-13T08:00:00Z'));
    expect(results[0]).toMatchObject({ outcome: 'failed', error: expect.stringMatching(/HTTP 403 \(forbidden\).*upload the file instead/) });
    expect(results[1]).toMatchObject({ outcome: 'failed', error: expect.stringContaining('not JSON') });
    expect(results[2]).toMatchObject({ outcome: 'failed', error: expect.stringContaining('answered a web page where CONSOLIDATED.XML was expected') });
    expect((await findActiveVersion(database.db, 'ofac-sdn'))!.id).toBe(before!.id);
    for (const source of ['ofac-sdn', 'optout', 'ofac-consolidated']) standIn.fail(source, null);
  });

  it('holds a SAM extract with half the records for approval', async () => {
    standIn.fail('sam', 'half');
    const [result] = await updateLists(database.db, config, ['sam'], at('2027-01-14T08:00:00Z'));
    standIn.fail('sam', null);
    expect(result).toMatchObject({ outcome: 'held', note: expect.stringContaining('fewer records') });
  });
});
