import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/app';
import type { Database } from '#server/db/client';
import { listChanges, listRecords } from '#server/db/schema';
import { rowsOf } from '#server/db/rows';
import { storedRecordJson } from '#lists/core/stored-record';
import type { ListRecord } from '#shared/list-record';
import { importList } from './import';
import * as q from './queries';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const leieFull = path.join(root, 'src/lists/leie/fixtures/UPDATED.csv');
const optOut = path.join(root, 'src/lists/optout/fixtures/optout.csv');
const migration0010 = path.join(root, 'src/server/db/migrations/0010_list_records_text.sql');
const tmp = mkdtempSync(path.join(tmpdir(), 'clearlist-diff-'));
const storedText = (record: ListRecord): string => storedRecordJson(record);

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

describe('storeDiff', () => {
  const changes = async (version: number) =>
    (await database.db.select().from(listChanges).where(eq(listChanges.versionId, version))).map((c) => `${c.change}`).sort();

  it('counts no change for records whose text differs but whose content is the same (key order, acquisition date)', async () => {
    const first = await importList(database.db, { source: 'leie', files: [leieFull], origin: 'import', now: new Date('2026-11-01T08:00:00Z') });
    const stored = await database.db.select().from(listRecords).where(eq(listRecords.versionId, first.version));
    for (const { recordId, data } of stored) {
      const reordered = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(storedText(data))).reverse()));
      await database.db.execute(sql`UPDATE list_records SET data = ${reordered} WHERE version_id = ${first.version} AND record_id = ${recordId}`);
    }
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

  it('reads only the touched ids when given them (incremental imports), added, removed and changed among them', async () => {
    const version = () =>
      q.insertVersion(database.db, { source: 'dmf', status: 'importing', mode: 'full', origin: 'import', fileNames: [], fileSha256: [], fileSizes: [], fetchedAt: new Date() });
    const previous = await version();
    const next = await version();
    const put = (versionId: number, recordId: string, data: string) => database.db.execute(sql`INSERT INTO list_records (version_id, record_id, data) VALUES (${versionId}, ${recordId}, ${data})`);
    await put(previous.id, 'same', '{"a":1}');
    await put(next.id, 'same', '{"a":1}');
    await put(previous.id, 'changed "quoted\\"', '{"a":1}');
    await put(next.id, 'changed "quoted\\"', '{"a":2}');
    await put(previous.id, 'removed', '{"a":1}');
    await put(next.id, 'added', '{"a":1}');
    await put(previous.id, 'untouched', '{"a":1}');
    await put(next.id, 'untouched', '{"a":2}'); // differs, but not among the touched ids: not read
    const touched = ['same', 'changed "quoted\\"', 'removed', 'added', 'absent from both'];
    const counts = await q.storeDiff(database.db, previous.id, next.id, [], 4, new Set(touched));
    expect(counts).toEqual({ added: 1, removed: 1, changed: 1, reinstated: 0 });
    const stored = await database.db.select().from(listChanges).where(eq(listChanges.versionId, next.id));
    expect(stored.map((c) => `${c.change} ${c.recordId}`).sort()).toEqual(['added added', 'changed changed "quoted\\"', 'removed removed']);
  });
});
