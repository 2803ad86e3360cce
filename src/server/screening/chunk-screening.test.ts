/**
 * ADR 084: a batch chunk is screened and its results shaped on the screening pool's threads. The
 * results are those the main thread built before (the keyed screener, each result's record or
 * the version to copy it from), whether the chunk runs on one thread or in slices on two; the
 * main thread parses no keyed record and stringifies no result.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#test/app';
import { NPI_ACTIVE, NPI_DEACTIVATED, NPI_UNKNOWN, REVIEW_MAPPING, screenedBatch, seedLists, SSN_DEAD } from '#test/results-setup';
import { signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { batchResults } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import { sliceWork } from './chunk-screening';
import { RESULT_COLUMNS } from './result-lines';
import { keyedScreener, readKeyedTexts } from './keyed';
import { npiUsesOf, screenRows, type NearMisses, type RowInput } from './row-screening';
import { closeScreeningPool, currentScreening, POOL_MIN_ROWS, screenChunkRows, screenerFor, versionIdsOf } from './screener';

let t: TestApp;
let queue: JobQueue;
beforeAll(async () => {
  t = await createTestApp({ batchScreenWorkers: 2, batchChunkRows: 1000 });
  t.setNow(new Date('2026-04-02T09:00:00Z'));
  queue = await startQueue(t);
  await seedLists(t);
}, 60_000);
afterAll(async () => {
  await queue.stop();
  await closeScreeningPool();
  await t.close();
});

const TYPES = ['Exclusion Search by Individual Name', 'Exclusion Search by NPI', 'NPI Validation', 'NPI Medicare OptOut', 'SSDMF'];
const PEOPLE = [
  ['Kathleen', 'Brennan', NPI_ACTIVE, SSN_DEAD],
  ['Anil', 'Patel', NPI_DEACTIVATED, '123456780'],
  ['Daniel', 'Okafor', NPI_UNKNOWN, ''],
  ['Someone', 'Else', NPI_ACTIVE, ''],
  ['Ann', 'Lee', '', ''],
];
/** A pool-sized chunk: the fixture's people over and over. */
const ROWS: RowInput[] = Array.from({ length: POOL_MIN_ROWS + 100 }, (_, i) => {
  const [first, last, npi, ssn] = PEOPLE[i % PEOPLE.length];
  return { rowIndex: i, uniqueId: `E${i + 1}`, values: { 'First Name': first, 'Last Name': last, NPI: npi, SSN: ssn } };
});
const THRESHOLD = 0.9;

/** The results as the main thread built them before ADR 084 (keyed screener, then each result's record or its version to copy from). */
async function resultsBuiltOnTheMainThread(rows: RowInput[]) {
  const s = await currentScreening(t.ctx);
  const nearMisses: NearMisses = { scores: [], rowBest: [] };
  const drafts = await screenRows(keyedScreener(s.keyed, screenerFor({ config: { batchScreenWorkers: 0 } }, s.index, rows.length)), TYPES, rows, { threshold: THRESHOLD, nearMisses, dmfLoaded: s.keyed.dmfLoaded });
  const versions = versionIdsOf(s.version);
  // An SSN not in the DMF is no result row: the chunk keeps its row (ssnNotFound).
  const notFound = (d: (typeof drafts)[number]) => d.resultType === 'ssdmf' && d.source === null;
  const ssnNotFound = drafts.filter(notFound).map((d) => d.rowIndex);
  const results = drafts.filter((d) => !notFound(d)).map((d) => {
    const versionId = d.source ? (versions.get(d.source) ?? null) : null;
    const record = d.source && d.sourceRecordId ? s.keyed.fullRecord(d.source, d.sourceRecordId) : undefined;
    return {
      row_index: d.rowIndex,
      result_type: d.resultType,
      search_type: d.searchType,
      source: d.source,
      source_record_id: d.sourceRecordId,
      score: d.score,
      explanation: d.explanation,
      review_status: d.reviewStatus,
      search_criteria_key: d.searchCriteriaKey,
      list_version_id: versionId,
      record: record && versionId ? record : null,
      record_from: !record && versionId && d.sourceRecordId ? versionId : null,
    };
  });
  return { results, nearMisses, ssnNotFound };
}

/** The chunk as processing screens it now: keyed records read as text, slices screened by `workers` threads (0: this one). */
async function shapedResults(rows: RowInput[], workers: number) {
  const s = await currentScreening(t.ctx);
  const npis = rows.map((r) => r.values.NPI).filter(Boolean);
  const texts = await readKeyedTexts(t.ctx.db, s.keyed.versions, { npis, ssns: rows.map((r) => r.values.SSN).filter(Boolean) });
  const uses = npiUsesOf(rows.map((r) => ({ rowIndex: r.rowIndex, uniqueId: r.uniqueId, npi: r.values.NPI })));
  const slices = await screenChunkRows({ config: { batchScreenWorkers: workers } }, s.index, rows, (part) => ({
    types: TYPES,
    rows: part,
    threshold: THRESHOLD,
    npiUses: new Map(uses),
    dmfLoaded: s.keyed.dmfLoaded,
    keyed: { nppes: [...texts.nppes].filter(([id]) => part.some((r) => r.values.NPI === id)), dmf: [...texts.dmf].filter(([id]) => part.some((r) => r.values.SSN === id)) },
    keyedVersion: s.keyed.indexVersion,
    versions: [...versionIdsOf(s.version)],
  }));
  return { slices, texts };
}

describe('a chunk screened off the main thread (ADR 084)', () => {
  it('gives the results the main thread built, on one thread or in slices on two', async () => {
    const expected = await resultsBuiltOnTheMainThread(ROWS);
    expect(expected.results.some((r) => r.source === 'nppes' && r.record)).toBe(true);
    expect(expected.results.some((r) => r.source === 'dmf' && r.record)).toBe(true);
    expect(expected.results.some((r) => r.source === 'leie' && r.record_from)).toBe(true);
    for (const workers of [0, 2]) {
      const built = sliceWork.keyedBuilt;
      const { slices } = await shapedResults(ROWS, workers);
      expect(slices).toHaveLength(workers || 1);
      // On this thread: the slice's keyed index built once for its NPI and SSN queries (ADR 089; it was built again for the DMF's records).
      if (workers === 0) expect(sliceWork.keyedBuilt - built).toBe(1);
      const results = slices.flatMap((s) => s.results.map((text) => JSON.parse(text) as Record<string, unknown>));
      expect(results.map((r) => Object.keys(r))).toEqual(results.map(() => [...RESULT_COLUMNS]));
      expect(results).toEqual(JSON.parse(JSON.stringify(expected.results)));
      expect({ scores: slices.flatMap((s) => s.nearMisses.scores), rowBest: slices.flatMap((s) => s.nearMisses.rowBest) }).toEqual(expected.nearMisses);
      expect(expected.ssnNotFound.length).toBeGreaterThan(0);
      expect(slices.flatMap((s) => s.ssnNotFound)).toEqual(expected.ssnNotFound);
    }
  });

  it('leaves the main thread of a chunk job no keyed record to parse and no result to stringify', async () => {
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME', 'NPI', 'SSNDMF'] });
    const agent = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id }));
    const csv = ['Emp ID,First,Last,NPI,SSN', ...ROWS.map((r) => [r.uniqueId, r.values['First Name'], r.values['Last Name'], r.values.NPI, r.values.SSN].join(','))].join('\n');
    const parsed: unknown[] = [];
    const stringified: unknown[] = [];
    const parse = JSON.parse;
    const stringify = JSON.stringify;
    const parseSpy = vi.spyOn(JSON, 'parse').mockImplementation((...args: Parameters<typeof JSON.parse>) => {
      const value = parse(...args) as unknown;
      parsed.push(value);
      return value;
    });
    const stringifySpy = vi.spyOn(JSON, 'stringify').mockImplementation(((...args: Parameters<typeof JSON.stringify>) => {
      stringified.push(args[0]);
      return stringify(...args);
    }) as typeof JSON.stringify);
    let batchId: number;
    try {
      batchId = await screenedBatch(agent, queue, t, csv, { ...REVIEW_MAPPING, correlatedColumnIndexes: [] });
    } finally {
      parseSpy.mockRestore();
      stringifySpy.mockRestore();
    }
    const stored = await t.ctx.db.select().from(batchResults).where(eq(batchResults.batchId, batchId));
    expect(stored.filter((r) => r.source === 'nppes' && r.record).length).toBeGreaterThan(100);
    expect(stored.filter((r) => r.source === 'dmf' && r.record).length).toBeGreaterThan(100);
    const isKeyedRecord = (v: unknown) => typeof v === 'object' && v !== null && ['nppes', 'dmf'].includes((v as { source?: string }).source ?? '');
    const isResult = (v: unknown): boolean => (Array.isArray(v) ? v.some(isResult) : typeof v === 'object' && v !== null && ('search_criteria_key' in v || 'searchCriteriaKey' in v));
    expect(parsed.filter(isKeyedRecord)).toEqual([]);
    expect(stringified.filter(isResult)).toEqual([]);
  });
});
