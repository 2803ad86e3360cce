import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/app';
import type { Database } from '#server/db/client';
import { listChanges, listRecords } from '#server/db/schema';
import { emptyListRecord } from '#shared/list-record';
import { storedRecordJson } from '#lists/core/stored-record';
import { rowsOf } from '#server/results/page-queries';
import { importList } from './import';
import { recordHash, recordHashOfJson } from './record-hash';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const leieFull = path.join(root, 'src/lists/leie/fixtures/UPDATED.csv');
const optOut = path.join(root, 'src/lists/optout/fixtures/optout.csv');
const migration0010 = path.join(root, 'src/server/db/migrations/0010_list_records_text.sql');
const tmp = mkdtempSync(path.join(tmpdir(), 'clearlist-diff-'));

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

describe('recordHash', () => {
  const record = { ...emptyListRecord('leie', 'id-1', 'person'), lastName: 'SMITH "JR"', extra: { fileKind: 'full' } };

  it('leaves the acquisition date out and covers the content', () => {
    expect(recordHash({ ...record, dateAcquired: '2026-01-01' })).toBe(recordHash({ ...record, dateAcquired: null }));
    expect(recordHash({ ...record, lastName: 'SMITH' })).not.toBe(recordHash(record));
    expect(recordHash({ ...record, extra: { fileKind: 'exclusions' } })).not.toBe(recordHash(record));
    expect(recordHashOfJson(JSON.stringify(record))).toMatch(/^[0-9a-f]{32}$/);
  });

  it('cuts the date off the end of the stored form exactly as it removes it from anywhere else', () => {
    const dated = { ...record, dateAcquired: '2026-01-01', comments: 'x","dateAcquired":"2026-01-02"}' };
    const stored = storedRecordJson(dated);
    expect(stored.endsWith(',"dateAcquired":"2026-01-01"}')).toBe(true);
    expect(recordHashOfJson(stored)).toBe(recordHashOfJson(stored.replace(',"dateAcquired":"2026-01-01"', '')));
    const inTheMiddle = '{"source":"leie","dateAcquired":"2026-01-01","kind":"person"}';
    expect(recordHashOfJson(inTheMiddle)).toBe(recordHashOfJson('{"source":"leie","kind":"person"}'));
  });

  it('does not take a name that looks like the date key for the date', () => {
    const tricky = { ...record, firstName: ',"dateAcquired":"x"' };
    expect(recordHash(tricky)).not.toBe(recordHash({ ...record, firstName: null }));
  });
});

describe('storeDiff', () => {
  const changes = async (version: number) =>
    (await database.db.select().from(listChanges).where(eq(listChanges.versionId, version))).map((c) => `${c.change}`).sort();

  it('counts no change for records whose hash differs but whose content is the same (older hash scheme, key order)', async () => {
    const first = await importList(database.db, { source: 'leie', files: [leieFull], origin: 'import', now: new Date('2026-11-01T08:00:00Z') });
    await database.db.execute(sql`UPDATE list_records SET hash = 'stored-by-another-scheme' WHERE version_id = ${first.version}`);
    const again = await importList(database.db, { source: 'leie', files: [leieFull], origin: 'import', now: new Date('2026-11-02T08:00:00Z') });
    expect(again).toMatchObject({ status: 'active', added: 0, removed: 0, changed: 0 });
    expect(await changes(again.version)).toEqual([]);
  });

  it('still counts a real change next to unchanged records', async () => {
    const [header, ...rows] = readFileSync(leieFull, 'utf8').trimEnd().split('\n');
    const patel = rows.find((l) => l.startsWith('"PATEL"'))!;
    const moved = path.join(tmp, 'UPDATED.csv');
    writeFileSync(moved, [header, ...rows.map((l) => (l === patel ? l.replace('1500 OAK LANE', '2 NEW ROAD') : l))].join('\n') + '\n');
    const summary = await importList(database.db, { source: 'leie', files: [moved], origin: 'import', now: new Date('2026-11-03T08:00:00Z') });
    expect(summary).toMatchObject({ status: 'active', added: 0, removed: 0, changed: 1 });
    expect(await changes(summary.version)).toEqual(['changed']);
  });

  it('records stored whole (before migration 0010) are compacted by it and show no change', async () => {
    const moved = path.join(tmp, 'UPDATED.csv');
    const active = await importList(database.db, { source: 'leie', files: [moved], origin: 'import', now: new Date('2026-11-04T08:00:00Z') });
    const stored = await database.db.select().from(listRecords).where(eq(listRecords.versionId, active.version));
    for (const { recordId, data } of stored) {
      await database.db.execute(sql`UPDATE list_records SET data = ${JSON.stringify(data)} WHERE version_id = ${active.version} AND record_id = ${recordId}`);
    }
    const [, compaction] = readFileSync(migration0010, 'utf8').split('--> statement-breakpoint');
    await database.db.execute(sql.raw(compaction));
    const [{ data: text }] = await rowsOf<{ data: string }>(database.db, sql`SELECT data FROM list_records WHERE version_id = ${active.version} LIMIT 1`);
    expect(Object.values(JSON.parse(text) as object)).not.toContain(null);
    const again = await importList(database.db, { source: 'leie', files: [moved], origin: 'import', now: new Date('2026-11-05T08:00:00Z') });
    expect(again).toMatchObject({ status: 'active', added: 0, removed: 0, changed: 0 });
  });

  it("lists no change for a source's first version; its counts say every record was added", async () => {
    const first = await importList(database.db, { source: 'optout', files: [optOut], origin: 'import', now: new Date('2026-11-01T08:00:00Z') });
    expect(first.records).toBeGreaterThan(0);
    expect(first).toMatchObject({ status: 'active', added: first.records, removed: 0, changed: 0 });
    expect(await changes(first.version)).toEqual([]);
  });
});
