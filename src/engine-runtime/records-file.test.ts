import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareRecordIds, readRecordsFile, RecordsFileError, RecordsFileWriter, type StoredLine } from './records-file';

const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-records-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const all = async (lines: AsyncIterable<StoredLine>): Promise<StoredLine[]> => {
  const out: StoredLine[] = [];
  for await (const line of lines) out.push(line);
  return out;
};

describe('records file (ADR 086)', () => {
  it('reads back every record in order, by version when asked', async () => {
    const file = path.join(dir, 'a.rec');
    const w = new RecordsFileWriter({ file, key: 'k1', versions: [3, 7] });
    await w.page(3, ['a', 'b'], ['{"x":"1"}', '{"x":"tab\\there"}']);
    await w.page(7, ['c'], ['{"y":"é"}']);
    const written = await w.finish();
    expect(written).toMatchObject({ records: 3 });
    expect(written!.bytes).toBeGreaterThan(0);
    expect(await all(readRecordsFile(file, 'k1'))).toEqual([
      { version: 3, id: 'a', text: '{"x":"1"}' },
      { version: 3, id: 'b', text: '{"x":"tab\\there"}' },
      { version: 7, id: 'c', text: '{"y":"é"}' },
    ]);
    expect((await all(readRecordsFile(file, 'k1', 7))).map((l) => l.id)).toEqual(['c']);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a file of another key, or one that is not a records file', async () => {
    const file = path.join(dir, 'b.rec');
    const w = new RecordsFileWriter({ file, key: 'k1', versions: [1] });
    await w.page(1, ['a'], ['{}']);
    await w.finish();
    await expect(all(readRecordsFile(file, 'k2'))).rejects.toThrow(RecordsFileError);
    await expect(all(readRecordsFile(file, 'k2'))).rejects.toThrow(/stale/);
    const bad = path.join(dir, 'bad.rec');
    writeFileSync(bad, 'not gzip');
    await expect(all(readRecordsFile(bad, 'k1'))).rejects.toThrow();
  });

  it('gives up, leaving no file, when a record id cannot be written on one line', async () => {
    const file = path.join(dir, 'c.rec');
    const w = new RecordsFileWriter({ file, key: 'k1', versions: [1] });
    await w.page(1, ['a\tb'], ['{}']);
    expect(w.isBroken).toBe(true);
    expect(await w.finish()).toBeNull();
    expect(existsSync(file)).toBe(false);
  });

  it('orders record ids as the database does under collation C: by their UTF-8 bytes', () => {
    const ids = ['b', 'B', 'a-1', 'a', 'é', 'z', '\u{1F600}', '\uFF21', 'A10', 'A9'];
    const bytes = [...ids].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...ids].sort(compareRecordIds)).toEqual(bytes);
    // UTF-16 order differs here (a surrogate pair sorts before U+FF21): bytes put U+FF21 first.
    expect(bytes.indexOf('\uFF21')).toBeLessThan(bytes.indexOf('\u{1F600}'));
  });
});
