import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenQuery } from '#engine/query-types';
import { screenMany } from '#engine/screen';
import { createTestDatabase } from '#test/app';
import type { Database } from '#server/db/client';
import { importList } from '../lists/import';
import { cleanIndexFiles, indexFileKey, indexFilePath } from './index-files';
import { createIndexStore, findActiveVersions, indexedVersionsOf, partsOfVersions } from './index-store';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = (...parts: string[]) => path.join(root, 'src/lists', ...parts);
const leieFull = fixture('leie', 'fixtures', 'UPDATED.csv');
const samFile = fixture('sam', 'fixtures', 'SAM_Exclusions_Public_Extract_V2_24096.CSV');
const tmp = mkdtempSync(path.join(tmpdir(), 'clearlist-index-files-'));
const now = new Date('2026-11-02T08:00:00Z');

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await importList(database.db, { source: 'leie', files: [leieFull], origin: 'import', now });
});
afterAll(async () => {
  await drop();
  rmSync(tmp, { recursive: true, force: true });
});

const queries: ScreenQuery[] = [
  { type: 'individual', firstName: 'Kathleen', lastName: 'Brennan', dateOfBirth: '1971-02-03' },
  { type: 'individual', firstName: 'Katleen', lastName: 'Brenan' },
  { type: 'individual', firstName: 'Oliver', lastName: 'Newman' },
  { type: 'business', name: 'Acme Health' },
  { type: 'npi', npi: '1234567893' },
];

const answers = (index: Parameters<typeof screenMany>[0]) => JSON.stringify(screenMany(index, queries));
const freshDir = (name: string) => path.join(tmp, name);
const idxFiles = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.idx'));

describe('index store with index files', () => {
  it('builds once and writes the file; a second store over the same folder loads it and answers the same', async () => {
    const dir = freshDir('shared');
    const first = await createIndexStore(database.db, { dir });
    expect(first.buildCount).toBe(1);
    expect(first.loadCount).toBe(0);
    expect(first.lastBuild?.from).toBe('database');
    const key = await indexFileKey(database.db, await findActiveVersions(database.db));
    expect(idxFiles(dir)).toEqual([`${key}.idx`]);

    const second = await createIndexStore(database.db, { dir });
    expect(second.buildCount).toBe(0);
    expect(second.loadCount).toBe(1);
    expect(second.lastBuild).toMatchObject({ from: 'file', version: first.version, records: first.getIndex().recordCount });
    expect(second.version).toBe(first.version);
    expect(answers(second.getIndex())).toBe(answers(first.getIndex()));
    expect(second.getIndex().parts[0].index.data.entry.tokens.buffer).toBeInstanceOf(SharedArrayBuffer);
  });

  it('without a folder every store builds from the database', async () => {
    const a = await createIndexStore(database.db);
    const b = await createIndexStore(database.db);
    expect([a.buildCount, b.buildCount, a.loadCount, b.loadCount]).toEqual([1, 1, 0, 0]);
  });

  it('refuses a corrupt or truncated file with a log line, builds from the database and writes a good file over it', async () => {
    const dir = freshDir('corrupt');
    await createIndexStore(database.db, { dir });
    const file = path.join(dir, idxFiles(dir)[0]);
    const good = readFileSync(file);
    const bad = Buffer.from(good);
    bad[bad.length - 40] ^= 0xff; // inside the last array or the end marker
    writeFileSync(file, bad);
    const lines: string[] = [];
    const store = await createIndexStore(database.db, { dir, log: (l) => lines.push(l) });
    expect(store.buildCount).toBe(1);
    expect(store.loadCount).toBe(0);
    expect(lines.some((l) => l.includes(file) && l.includes('refused') && l.includes('building from the database'))).toBe(true);
    expect(readFileSync(file).equals(good)).toBe(true);

    writeFileSync(file, good.subarray(0, good.length >> 1));
    const again: string[] = [];
    const rebuilt = await createIndexStore(database.db, { dir, log: (l) => again.push(l) });
    expect(rebuilt.buildCount).toBe(1);
    expect(again.find((l) => l.includes('refused'))).toMatch(/truncated/);
    const loaded = await createIndexStore(database.db, { dir });
    expect(loaded.loadCount).toBe(1);
  });

  it('serves its built index when the folder cannot be written, with a log line', async () => {
    const notADir = path.join(tmp, 'plain-file');
    writeFileSync(notADir, 'x');
    const lines: string[] = [];
    const store = await createIndexStore(database.db, { dir: path.join(notADir, 'index'), log: (l) => lines.push(l) });
    expect(store.buildCount).toBe(1);
    expect(store.getIndex().recordCount).toBeGreaterThan(0);
    expect(lines.some((l) => l.startsWith('Match index file') && l.includes('not written'))).toBe(true);
  });

  it('keys files by the versions\u2019 identity, not their ids: another database with the same version ids builds its own', async () => {
    const dir = freshDir('two-databases');
    const a = await createIndexStore(database.db, { dir });
    const other = await createTestDatabase();
    try {
      await importList(other.database.db, { source: 'leie', files: [leieFull], origin: 'import', now });
      const b = await createIndexStore(other.database.db, { dir });
      expect(b.version).toBe(a.version);
      expect(b.buildCount).toBe(1);
      expect(idxFiles(dir)).toHaveLength(2);
    } finally {
      await other.drop();
    }
  });

  it('a refresh to a new list version loads the file another process wrote, and ends the old index\u2019s use (onSwap)', async () => {
    const dir = freshDir('refresh');
    const swaps: string[] = [];
    const server = await createIndexStore(database.db, { dir, onSwap: (index) => swaps.push(index.version) });
    const worker = await createIndexStore(database.db, { dir });
    expect([server.buildCount, worker.loadCount]).toEqual([1, 1]);
    await importList(database.db, { source: 'sam', files: [samFile], origin: 'import', now });
    // The worker refreshes first and builds; the server then loads what it wrote.
    expect((await worker.refreshIfChanged()).rebuilt).toBe(true);
    expect(worker.buildCount).toBe(1);
    const result = await server.refreshIfChanged();
    expect(result.rebuilt).toBe(true);
    expect(server.buildCount).toBe(1);
    expect(server.loadCount).toBe(1);
    expect(server.version).toBe(worker.version);
    expect(server.version).toContain('sam:');
    expect(swaps).toEqual([swaps[0], server.version]);
    expect(answers(server.getIndex())).toBe(answers(worker.getIndex()));
    expect(idxFiles(dir)).toHaveLength(2);
  });
});

describe('cleanIndexFiles', () => {
  it('keeps the file in force and the most recently used others, deletes older ones past the grace time and stale temporary files', async () => {
    const dir = freshDir('clean');
    mkdirSync(dir, { recursive: true });
    const t0 = new Date('2026-11-20T12:00:00Z');
    const at = (name: string, minutesAgo: number) => {
      writeFileSync(path.join(dir, name), 'x');
      const when = new Date(t0.getTime() - minutesAgo * 60_000);
      utimesSync(path.join(dir, name), when, when);
    };
    at('current.idx', 600);
    at('a.idx', 30);
    at('b.idx', 60);
    at('c.idx', 90);
    at('d.idx', 5); // just written by another process: within the grace time
    at('e.idx', 2000);
    at('c.idx.123.abcd.tmp', 120);
    at('f.idx.9.beef.tmp', 10);
    at('notes.txt', 5000);
    const deleted = await cleanIndexFiles(dir, 'current', { keep: 2, now: t0 });
    expect(deleted.sort()).toEqual(['b.idx', 'c.idx', 'c.idx.123.abcd.tmp', 'e.idx']);
    expect(readdirSync(dir).sort()).toEqual(['a.idx', 'current.idx', 'd.idx', 'f.idx.9.beef.tmp', 'notes.txt']);
  });

  it('keeps a records file while its index file is kept or while it is young, and deletes it with that file (ADR 086)', async () => {
    const dir = freshDir('clean-records');
    mkdirSync(dir, { recursive: true });
    const t0 = new Date('2026-11-20T12:00:00Z');
    const at = (name: string, minutesAgo: number) => {
      writeFileSync(path.join(dir, name), 'x');
      const when = new Date(t0.getTime() - minutesAgo * 60_000);
      utimesSync(path.join(dir, name), when, when);
    };
    for (const [key, minutes] of [['current', 600], ['a', 30], ['b', 60], ['c', 90]] as const) {
      at(`${key}.idx`, minutes);
      at(`${key}.rec`, minutes);
    }
    at('orphan.rec', 600); // its index file was never written (a part of versions no longer active)
    at('young.rec', 5); // a build is writing its index file
    at('g.rec.77.cafe.tmp', 120);
    const deleted = await cleanIndexFiles(dir, 'current', { keep: 1, now: t0 });
    expect(deleted.sort()).toEqual(['b.idx', 'b.rec', 'c.idx', 'c.rec', 'g.rec.77.cafe.tmp', 'orphan.rec']);
    expect(readdirSync(dir).sort()).toEqual(['a.idx', 'a.rec', 'current.idx', 'current.rec', 'young.rec']);
  });

  it('runs after a build: files of versions no longer in force go once past the grace time', async () => {
    const dir = freshDir('after-build');
    mkdirSync(dir, { recursive: true });
    const old = new Date(Date.now() - 24 * 3600_000);
    for (const name of ['old1.idx', 'old2.idx', 'old3.idx']) {
      writeFileSync(path.join(dir, name), 'x');
      utimesSync(path.join(dir, name), old, old);
    }
    const store = await createIndexStore(database.db, { dir });
    // A file per part (ADR 068), all in force; twice as many old ones are kept (here: the three).
    const parts = [...partsOfVersions(indexedVersionsOf(await findActiveVersions(database.db))).values()];
    for (const versions of parts) expect(statSync(indexFilePath(dir, await indexFileKey(database.db, versions))).size).toBeGreaterThan(0);
    expect(store.buildCount).toBe(1);
    expect(idxFiles(dir)).toHaveLength(parts.length + Math.min(3, 2 * parts.length));
  });
});
