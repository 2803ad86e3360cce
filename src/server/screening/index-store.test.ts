import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartedIndex } from '#engine/index-parts';
import { screen } from '#engine/screen';
import { indexContentHash } from '../../engine-runtime/index-file';
import { runningIndexThreads, startedIndexThreads, threadTraffic } from '../../engine-runtime/index-thread';
import { lexiconIfMade, lexiconWork, PartsLexicon } from '#engine/parts-lexicon';
import { createTestDatabase } from '#test/app';
import type { Database } from '#server/db/client';
import { importList } from '../lists/import';
import { countRecords, findActiveVersion } from '../lists/queries';
import { buildIndexFromDatabase, createIndexStore, EMPTY_INDEX_VERSION, findActiveVersions, IndexStore, indexVersionOf, pageReads, readActiveRecordTexts } from './index-store';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = (...parts: string[]) => path.join(root, 'src/lists', ...parts);
const leieFull = fixture('leie', 'fixtures', 'UPDATED.csv');
const samFile = fixture('sam', 'fixtures', 'SAM_Exclusions_Public_Extract_V2_24096.CSV');
const tmp = mkdtempSync(path.join(tmpdir(), 'clearlist-index-store-'));
const now = new Date('2026-11-02T08:00:00Z');

let database: Database;
let drop: () => Promise<void>;
/** The test database's URL on PostgreSQL (unset on PGlite). */
let url: string | undefined;
beforeAll(async () => {
  ({ database, drop, url } = await createTestDatabase());
});
afterAll(() => drop());

const brennan = { type: 'individual' as const, firstName: 'Kathleen', lastName: 'Brennan', dateOfBirth: '1971-02-03' };

describe('IndexStore', () => {
  it('starts empty when no list is active', async () => {
    const store = await createIndexStore(database.db);
    expect(store.version).toBe(EMPTY_INDEX_VERSION);
    expect(store.getIndex().recordCount).toBe(0);
    expect(screen(store.getIndex(), brennan).hits).toEqual([]);
  });

  it('builds from the active list versions and screens a known name', async () => {
    const leie = await importList(database.db, { source: 'leie', files: [leieFull], origin: 'import', now });
    const store = await createIndexStore(database.db);
    expect(store.version).toBe(`leie:${leie.version}`);
    expect(store.getIndex().recordCount).toBe(6);
    const result = screen(store.getIndex(), brennan);
    expect(result.indexVersion).toBe(`leie:${leie.version}`);
    expect(result.hits[0]).toMatchObject({ isMatch: true, record: { source: 'leie', lastName: 'BRENNAN' } });
    expect(result.hits[0].score).toBeGreaterThan(0.95);
  });

  it('reads page by page with the same result', async () => {
    const active = await findActiveVersions(database.db);
    const { index, info } = await buildIndexFromDatabase(database.db, active, { pageSize: 2 });
    const leie = await findActiveVersion(database.db, 'leie');
    expect(info.records).toBe(await countRecords(database.db, leie!.id));
    expect(screen(index, brennan).hits[0].record.sourceRecordId).toBe(screen((await createIndexStore(database.db)).getIndex(), brennan).hits[0].record.sourceRecordId);
  });

  it('reads the same records in pages sized by time as in pages of a fixed size (ADR 077)', async () => {
    const active = await findActiveVersions(database.db);
    const all = async (pages: AsyncIterable<string[]>) => {
      const out: string[][] = [];
      for await (const page of pages) out.push(page);
      return out;
    };
    const fixed = await all(readActiveRecordTexts(database.db, active, 2));
    const timed = await all(readActiveRecordTexts(database.db, active, 2, 20));
    expect(timed.flat()).toEqual(fixed.flat());
    expect(timed.every((p) => p.length <= 2)).toBe(true);
    expect(fixed.flat().length).toBeGreaterThan(2);
  });

  it('does not rebuild when the active versions are unchanged', async () => {
    const store = await createIndexStore(database.db);
    const index = store.getIndex();
    expect(store.buildCount).toBe(1);
    expect(await store.refreshIfChanged()).toEqual({ rebuilt: false, version: index.version });
    expect(store.buildCount).toBe(1);
    expect(store.getIndex()).toBe(index);
  });

  it('picks up a new version, keeps the old index intact, and builds once for concurrent calls', async () => {
    const store = await createIndexStore(database.db, { pageSize: 3 });
    const old = store.getIndex();
    const header = readFileSync(leieFull, 'utf8').split('\n')[0];
    const excl = path.join(tmp, '2610EXCL.csv');
    writeFileSync(excl, `${header}\n"NEWMAN","OLIVER","","","NURSING PROFESSION","NURSE/NURSES AIDE","","0000000000","19800101","1 MAIN ST","AUSTIN","TX","78701","1128b4","20261020","00000000","00000000",""\n`);
    const leie2 = await importList(database.db, { source: 'leie', files: [excl], origin: 'import', now });
    const sam = await importList(database.db, { source: 'sam', files: [samFile], origin: 'import', now });

    const [a, b, c] = await Promise.all([store.refreshIfChanged(), store.refreshIfChanged(), store.refreshIfChanged()]);
    const expected = `leie:${leie2.version},sam:${sam.version}`;
    expect(a).toEqual({ rebuilt: true, version: expected });
    expect(b.version).toBe(expected);
    expect(c.version).toBe(expected);
    expect(store.buildCount).toBe(2);
    expect(store.lastBuild).toMatchObject({ version: expected, records: 7 + sam.records });

    const newman = { type: 'individual' as const, firstName: 'Oliver', lastName: 'Newman' };
    expect(screen(store.getIndex(), newman).hits[0]?.record.source).toBe('leie');
    expect(screen(old, newman).hits).toEqual([]);
    expect(screen(old, brennan).hits).toHaveLength(1);
    const sources = screen(store.getIndex(), brennan).hits.map((h) => h.record.source).sort();
    expect(sources).toEqual(['leie', 'sam']);
  });

  it('rebuilds only the part of the list that changed and shares the others with the old index (ADR 068)', async () => {
    expect((await createIndexStore(database.db)).getIndex().parts.map((p) => p.name)).toEqual(['lists']);
    const store = await createIndexStore(database.db, { parts: 'sources' });
    const old = store.getIndex();
    expect(old.parts.map((p) => p.name)).toEqual(['leie', 'sam']);
    const builds = store.partBuildCount;
    const header = readFileSync(leieFull, 'utf8').split('\n')[0];
    const excl = path.join(tmp, '2611EXCL.csv');
    writeFileSync(excl, `${header}\n"PARTRIDGE","PAULA","","","NURSING PROFESSION","NURSE/NURSES AIDE","","0000000000","19800101","1 MAIN ST","AUSTIN","TX","78701","1128b4","20261101","00000000","00000000",""\n`);
    const leie3 = await importList(database.db, { source: 'leie', files: [excl], origin: 'import', now });
    expect((await store.refreshIfChanged()).rebuilt).toBe(true);
    const next = store.getIndex();
    expect(store.partBuildCount).toBe(builds + 1);
    expect(store.lastBuild?.parts).toEqual({ built: 1, loaded: 0, reused: 1 });
    // The same sam part object in both; a new leie part, and the old one untouched.
    expect(next.parts[1].index).toBe(old.parts[1].index);
    expect(next.parts[0].index).not.toBe(old.parts[0].index);
    expect(next.parts[0].index.version).toBe(`leie:${leie3.version}`);
    const paula = { type: 'individual' as const, firstName: 'Paula', lastName: 'Partridge' };
    expect(screen(next, paula).hits[0]?.record.source).toBe('leie');
    expect(screen(old, paula).hits).toEqual([]);
    expect(screen(next, paula).indexVersion).toBe(next.version);
  });

  it('serialises a call made during a build: it waits, then checks again', async () => {
    const store = new IndexStore(database.db);
    const first = store.refreshIfChanged();
    const second = store.refreshIfChanged(); // shares the queued run
    expect(second).toBe(first);
    await first;
    const third = await store.refreshIfChanged();
    expect(third.rebuilt).toBe(false);
    expect(store.buildCount).toBe(1);
  });
});

describe('the swap makes the new index’s dictionary before publishing it (ADR 077)', () => {
  const sameDictionary = (index: PartedIndex): void => {
    const made = lexiconIfMade(index)!;
    const here = new PartsLexicon(index.parts.map((p) => p.index));
    expect(made.tokens).toEqual(here.tokens);
    expect(made.toUnion.map((m) => Array.from(m))).toEqual(here.toUnion.map((m) => Array.from(m)));
    expect(made.toLocal.map((m) => Array.from(m))).toEqual(here.toLocal.map((m) => Array.from(m)));
    expect([Array.from(made.typo.hashes), Array.from(made.typo.tokens), made.typo.hashBits]).toEqual([Array.from(here.typo.hashes), Array.from(here.typo.tokens), here.typo.hashBits]);
  };

  it('on this thread: the first search after a swap makes no dictionary', async () => {
    const store = await createIndexStore(database.db, { parts: 'sources' });
    expect(store.lastBuild?.lexiconThreadId).toBe(threadId);
    const before = lexiconWork.built;
    expect(screen(store.getIndex(), brennan).hits[0]?.record.source).toBe('leie');
    expect(lexiconWork.built).toBe(before);
  });

  it('on the refresh’s one worker thread, which builds every part, makes the dictionary and writes the files', async () => {
    const dir = path.join(tmp, 'index-077');
    const before = lexiconWork.built;
    const threads = startedIndexThreads();
    const built = await createIndexStore(database.db, { parts: 'sources', dir, inThread: true });
    expect(built.lastBuild?.parts).toEqual({ built: 2, loaded: 0, reused: 0 });
    // Two parts built, their dictionary made, two files written: one thread (ADR 072 started four).
    expect(startedIndexThreads()).toBe(threads + 1);
    const by = built.lastBuild!.lexiconThreadId;
    expect(by).not.toBe(threadId);
    expect(built.lastBuild?.threadIds).toEqual([by, by]);
    expect(screen(built.getIndex(), brennan).hits[0]?.record.source).toBe('leie');
    // Neither the swap nor the first search made a dictionary on this thread.
    expect(lexiconWork.built).toBe(before);
    sameDictionary(built.getIndex());
    const loaded = await createIndexStore(database.db, { parts: 'sources', dir, inThread: true });
    expect(loaded.lastBuild?.parts).toEqual({ built: 0, loaded: 2, reused: 0 });
    expect(startedIndexThreads()).toBe(threads + 2);
    expect(runningIndexThreads()).toBe(0);
  });
});

describe('IndexStore on worker threads (ADR 072, INDEX_IN_THREAD)', () => {
  it('keeps every part on this thread by default', async () => {
    const store = await createIndexStore(database.db, { parts: 'sources' });
    expect(store.lastBuild?.threadIds).toEqual([threadId, threadId]);
  });

  const indexDir = path.join(tmp, 'index');
  const partHashes = (index: PartedIndex): string[] => index.parts.map((p) => indexContentHash(p.index));
  const header = () => readFileSync(leieFull, 'utf8').split('\n')[0];

  it('builds and loads every part on a thread of its own, the same index as this thread builds, and ends the threads', async () => {
    const active = await findActiveVersions(database.db);
    expect(typeof (await readActiveRecordTexts(database.db, active).next()).value?.[0]).toBe('string');
    const onMain = await createIndexStore(database.db, { parts: 'sources', inThread: false });
    expect(onMain.lastBuild?.threadIds).toEqual([threadId, threadId]);
    const built = await createIndexStore(database.db, { parts: 'sources', dir: indexDir, inThread: true });
    expect(built.lastBuild?.parts).toEqual({ built: 2, loaded: 0, reused: 0 });
    expect(built.lastBuild?.threadIds).toHaveLength(2);
    expect(built.lastBuild?.threadIds).not.toContain(threadId);
    expect(partHashes(built.getIndex())).toEqual(partHashes(onMain.getIndex()));
    const loaded = await createIndexStore(database.db, { parts: 'sources', dir: indexDir, inThread: true });
    expect(loaded.lastBuild?.parts).toEqual({ built: 0, loaded: 2, reused: 0 });
    expect(loaded.lastBuild?.threadIds).not.toContain(threadId);
    expect(partHashes(loaded.getIndex())).toEqual(partHashes(onMain.getIndex()));
    const one = await createIndexStore(database.db, { inThread: true });
    expect(one.lastBuild?.threadIds).not.toContain(threadId);
    expect(indexContentHash(one.getIndex().parts[0].index)).toBe(indexContentHash((await buildIndexFromDatabase(database.db, active)).index));
    expect(runningIndexThreads()).toBe(0);
  });

  it('answers searches from the old index while a swap runs, then from the new one', async () => {
    const store = await createIndexStore(database.db, { parts: 'sources', dir: indexDir, inThread: true });
    const old = store.getIndex();
    const excl = path.join(tmp, '2612EXCL.csv');
    writeFileSync(excl, `${header()}\n"QUINTON","QUINN","","","NURSING PROFESSION","NURSE/NURSES AIDE","","0000000000","19800101","1 MAIN ST","AUSTIN","TX","78701","1128b4","20261115","00000000","00000000",""\n`);
    await importList(database.db, { source: 'leie', files: [excl], origin: 'import', now });
    const quinn = { type: 'individual' as const, firstName: 'Quinn', lastName: 'Quinton' };
    const answered: string[] = [];
    let done = false;
    const refresh = store.refreshIfChanged().finally(() => (done = true));
    const search = (): void => {
      if (done) return;
      answered.push(screen(store.getIndex(), quinn).indexVersion);
      setImmediate(search);
    };
    search();
    expect((await refresh).rebuilt).toBe(true);
    // The old index answers until the swap (more than the first search, made before any await), then the new one.
    const swapAt = answered.findIndex((v) => v !== old.version);
    expect(swapAt === -1 ? answered.length : swapAt).toBeGreaterThan(1);
    expect(answered.slice(swapAt === -1 ? answered.length : swapAt).every((v) => v === store.version)).toBe(true);
    expect(store.lastBuild?.threadIds).toHaveLength(1);
    expect(store.lastBuild?.threadIds).not.toContain(threadId);
    expect(screen(store.getIndex(), quinn).hits[0]?.record.source).toBe('leie');
    expect(runningIndexThreads()).toBe(0);
  });

  it.skipIf(!process.env.DATABASE_URL)('on PostgreSQL, the thread reads and parses every record on a connection of its own: none on this thread (ADR 081)', async () => {
    const onMain = await createIndexStore(database.db, { parts: 'sources', inThread: false });
    // The LEIE version is a chain by now (the monthly exclusions above): its reads follow recordsAt.
    const reads = pageReads.count;
    const sent = threadTraffic.recordsSent;
    const store = await createIndexStore(database.db, { parts: 'sources', inThread: true, databaseUrl: url, pageSize: 3 });
    expect(store.lastBuild?.parts).toEqual({ built: 2, loaded: 0, reused: 0 });
    expect(pageReads.count).toBe(reads);
    expect(threadTraffic.recordsSent).toBe(sent);
    expect(store.lastBuild?.threadIds).not.toContain(threadId);
    expect(partHashes(store.getIndex())).toEqual(partHashes(onMain.getIndex()));
    expect(runningIndexThreads()).toBe(0);
  });

  it('keeps the old index in force and reports the error when the build on the thread fails', async () => {
    const store = await createIndexStore(database.db, { parts: 'sources', inThread: true });
    const old = store.getIndex();
    const excl = path.join(tmp, '2613EXCL.csv');
    writeFileSync(excl, `${header()}\n"RAMIREZ","ROSA","","","NURSING PROFESSION","NURSE/NURSES AIDE","","0000000000","19800101","1 MAIN ST","AUSTIN","TX","78701","1128b4","20261120","00000000","00000000",""\n`);
    const leie = await importList(database.db, { source: 'leie', files: [excl], origin: 'import', now });
    // A record the builder cannot read (its aliases not a list), as a damaged row would be.
    await database.db.execute(sql`UPDATE list_records SET data = ${'{"source":"leie","sourceRecordId":"bad","kind":"person","lastName":"X","akas":5}'} WHERE version_id = ${leie.version}`);
    await expect(store.refreshIfChanged()).rejects.toThrow(/akas.*is not a function/);
    expect(store.getIndex()).toBe(old);
    expect(store.version).toBe(old.version);
    expect(runningIndexThreads()).toBe(0);
  });
});

describe('indexVersionOf', () => {
  it('names every active version, sorted by source', () => {
    expect(indexVersionOf([{ source: 'sam', id: 4 }, { source: 'leie', id: 12 }])).toBe('leie:12,sam:4');
    expect(indexVersionOf([])).toBe(EMPTY_INDEX_VERSION);
  });
});
