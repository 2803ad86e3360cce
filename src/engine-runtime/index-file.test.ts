import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyListRecord, type ListRecord } from '#shared/list-record';
import { interactiveQueries } from '../engine/bench';
import { buildIndex } from '../engine/index-builder';
import type { MatchIndex } from '../engine/match-index';
import type { ScreenQuery } from '../engine/query-types';
import { screenMany } from '../engine/screen';
import { syntheticNpi, syntheticRecords, seededRandom } from '../engine/synthetic-records';
import { INDEX_DATA_VERSION, INDEX_FILE_FORMAT, IndexFileError, indexContentHash, readIndexFile, writeIndexFile } from './index-file';
import { ScreeningPool } from './worker-pool';

const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-index-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Synthetic list records plus NPPES entries, SSNs and EINs, so every query type finds something. */
function sampleRecords(): ListRecord[] {
  const records = [...syntheticRecords(4000, 31)];
  const rnd = seededRandom(77);
  records.forEach((r, i) => {
    if (r.kind === 'person' && i % 9 === 0) r.ssn = String(100_000_000 + i * 7919);
    if (r.kind === 'business' && i % 5 === 0) r.ein = String(200_000_000 + i * 104_729);
  });
  for (let i = 0; i < 500; i++) {
    const n = emptyListRecord('nppes', `nppes-${i}`, 'person');
    n.npi = i % 3 === 0 && records[i].npi ? records[i].npi : syntheticNpi(rnd);
    n.firstName = records[i].firstName ?? 'Ann';
    n.lastName = records[i].lastName ?? 'Lee';
    n.extra = { entityTypeCode: '1' };
    records.push(n);
  }
  return records;
}

function queriesOf(records: ListRecord[]): ScreenQuery[] {
  const queries: ScreenQuery[] = interactiveQueries(records, 300, 3);
  for (const r of records.slice(0, 1500)) {
    if (r.npi) queries.push({ type: 'npi', npi: r.npi, name: r.firstName && r.lastName ? { type: 'person', firstName: r.firstName, lastName: r.lastName } : null });
    if (r.ssn) queries.push({ type: 'ssn', ssn: r.ssn });
    if (r.ein && r.businessName) queries.push({ type: 'business', name: r.businessName, ein: r.ein });
    if (r.kind === 'person' && r.npi && r.firstName && r.lastName) queries.push({ type: 'individual', firstName: r.firstName, lastName: r.lastName, npi: r.npi, dateOfBirth: r.dateOfBirth });
  }
  queries.push({ type: 'npi', npi: '1234567890' }, { type: 'ssn', ssn: '000' }, { type: 'business', name: 'Nowhere Holdings Zzyzx' });
  return queries;
}

let records: ListRecord[];
let built: MatchIndex;
let file: string;

beforeAll(async () => {
  records = sampleRecords();
  built = buildIndex(records, { version: 'leie:3,sam:9' });
  file = path.join(dir, 'a.idx');
  await writeIndexFile(built, file);
});

describe('index file', () => {
  it('loads an index that answers every query exactly as the built one', async () => {
    const loaded = await readIndexFile(file, { expectVersion: 'leie:3,sam:9' });
    const queries = queriesOf(records);
    const types = new Set(queries.map((q) => q.type));
    expect([...types].sort()).toEqual(['business', 'individual', 'npi', 'ssn']);
    const expected = screenMany(built, queries);
    // The sample must exercise hits, not only empty answers.
    expect(expected.filter((r) => r.hits.length > 0).length).toBeGreaterThan(300);
    expect(expected.some((r) => r.npiCheck)).toBe(true);
    expect(JSON.stringify(screenMany(loaded, queries))).toBe(JSON.stringify(expected));
    expect(loaded.version).toBe('leie:3,sam:9');
    expect(loaded.stats()).toEqual(built.stats());
    expect(indexContentHash(loaded)).toBe(indexContentHash(built));
  });

  it('loads onto shared memory for worker threads, which answer as the built index', async () => {
    const loaded = await readIndexFile(file, { shared: true });
    expect(loaded.data.entry.tokens.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(loaded.data.views.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    const pool = await ScreeningPool.create(loaded, { size: 1 });
    try {
      const queries = interactiveQueries(records, 60, 8);
      expect(JSON.stringify(await pool.screenBatch(queries))).toBe(JSON.stringify(screenMany(built, queries)));
    } finally {
      await pool.close();
    }
  });

  it('writes through a temporary name: nothing but the finished file is left', async () => {
    const names = readdirSync(dir).filter((n) => n.startsWith('a.idx'));
    expect(names).toEqual(['a.idx']);
  });

  it('round-trips an empty index', async () => {
    const empty = buildIndex([], { version: 'none' });
    const f = path.join(dir, 'empty.idx');
    await writeIndexFile(empty, f);
    const loaded = await readIndexFile(f);
    expect(loaded.recordCount).toBe(0);
    expect(screenMany(loaded, [{ type: 'individual', firstName: 'Ann', lastName: 'Lee' }])[0].hits).toEqual([]);
  });

  const refused = async (f: string, options = {}): Promise<string> => {
    try {
      await readIndexFile(f, options);
    } catch (error) {
      expect(error).toBeInstanceOf(IndexFileError);
      return (error as Error).message;
    }
    throw new Error('the file was accepted');
  };

  const copyWith = (name: string, change: (bytes: Buffer) => Buffer): string => {
    const f = path.join(dir, name);
    writeFileSync(f, change(Buffer.from(readFileSync(file))));
    return f;
  };

  it('refuses a truncated file', async () => {
    const f = copyWith('truncated.idx', (b) => b);
    truncateSync(f, statSync(f).size - 1000);
    expect(await refused(f)).toMatch(/truncated/);
    const tiny = copyWith('tiny.idx', (b) => b.subarray(0, 10));
    expect(await refused(tiny)).toMatch(/truncated/);
  });

  it('refuses a file with a flipped byte in its arrays', async () => {
    const f = copyWith('corrupt.idx', (b) => {
      b[Math.floor(b.length / 2)] ^= 0x40;
      return b;
    });
    expect(await refused(f)).toMatch(/checksum/);
  });

  it('refuses another format, another data or algorithm version, another list version, and non-index files', async () => {
    const format = copyWith('format.idx', (b) => {
      b.writeUInt32LE(INDEX_FILE_FORMAT + 1, 8);
      return b;
    });
    expect(await refused(format)).toMatch(/file format/);
    const rewriteHeader = (name: string, edit: (h: Record<string, unknown>) => void): string =>
      copyWith(name, (b) => {
        const length = b.readUInt32LE(12);
        const header = JSON.parse(b.subarray(16, 16 + length).toString('utf8')) as Record<string, unknown>;
        edit(header);
        const json = Buffer.from(JSON.stringify(header).padEnd(length, ' '));
        expect(json.length).toBe(length);
        json.copy(b, 16);
        return b;
      });
    expect(await refused(rewriteHeader('data.idx', (h) => (h.dataVersion = INDEX_DATA_VERSION - 1)))).toMatch(/index data version/);
    expect(await refused(rewriteHeader('algo.idx', (h) => (h.algorithmVersion = 'fuzzy-1999')))).toMatch(/algorithm fuzzy-1999/);
    expect(await refused(file, { expectVersion: 'leie:4' })).toMatch(/wanted leie:4/);
    const junk = path.join(dir, 'junk.idx');
    writeFileSync(junk, Buffer.alloc(4096, 1));
    expect(await refused(junk)).toMatch(/not a Clearlist index file/);
  });

  it('builder output has not changed without a new INDEX_DATA_VERSION', () => {
    // If this fails, the builder now makes other arrays from the same records: bump
    // INDEX_DATA_VERSION (so files written by the old code are rebuilt) and record the new hash.
    const index = buildIndex(syntheticRecords(300, 7), { version: 'fingerprint' });
    expect({ dataVersion: INDEX_DATA_VERSION, hash: indexContentHash(index) }).toEqual({ dataVersion: 6, hash: "326d3a32991c708234aac2c83931dc788a96277bd719720bc8e8ca103a09d8db" });
  });
});
