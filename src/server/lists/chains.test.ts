/**
 * Record chains (ADR 066): an incremental import, a roll-back and a failed import write only
 * what they change, and every reader sees per version the records a copy would have held.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app';
import { rowsOf } from '#server/db/rows';
import { findVersionRecords } from '#server/db/list-records';
import { listVersions } from '#server/db/schema';
import { readActiveRecords } from '#server/screening/index-store';
import { readRecords } from '#server/batches/processing-queries';
import { storedRecordJson } from '#lists/core/stored-record';
import type { ListRecord } from '#shared/list-record';
import { changesPage } from './compare';
import { importList } from './import';
import * as q from './queries';
import { rollBack } from './rollback';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const leieFull = path.join(root, 'src/lists/leie/fixtures/UPDATED.csv');
const dmfFull = path.join(root, 'src/lists/dmf/fixtures/dmf-full.txt');
const dmfUpdate = path.join(root, 'src/lists/dmf/fixtures/dmf-update.txt');
const tmp = mkdtempSync(path.join(tmpdir(), 'clearlist-chains-'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.ctx.db;
const actor = { userId: 1, username: 'sysadmin', ip: '127.0.0.1' };
const rowCount = async (): Promise<number> => (await rowsOf<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM list_records`))[0].n;

/** A version's records as the index build reads them: id → stored text. */
async function recordsOf(versionId: number): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const page of readActiveRecords(db(), [{ id: versionId, source: 'x' }])) {
    for (const r of page) out.set(r.sourceRecordId, storedRecordJson(r));
  }
  return out;
}

/** The same records read by id, as keyed lookups, batch results and monitoring read them. */
async function recordsById(versionId: number, ids: string[]): Promise<Map<string, string>> {
  return new Map((await findVersionRecords(db(), versionId, ids)).map((r) => [r.recordId, storedRecordJson(r.data)]));
}

/** A supplement of the LEIE fixture: one record changed (new address), one new record. */
function leieSupplement(name: string): string {
  const [header, ...rows] = readFileSync(leieFull, 'utf8').trimEnd().split('\n');
  const patel = rows.find((l) => l.startsWith('"PATEL"'))!;
  const moved = patel.replace('1500 OAK LANE', '2 NEW ROAD');
  const added = patel.replace('"PATEL"', '"NEWCOMER"').replace(/"\d{10}"/, '"1999999999"');
  const file = path.join(tmp, name);
  writeFileSync(file, [header, moved, added].join('\n') + '\n');
  return file;
}

describe('record chains', () => {
  it('an incremental import writes only the records it changes; each version keeps its own records', async () => {
    const full = await importList(db(), { source: 'dmf', files: [dmfFull], origin: 'import', now: new Date('2026-11-01T08:00:00Z') });
    const before = await recordsOf(full.version);
    const rowsBefore = await rowCount();
    const update = await importList(db(), { source: 'dmf', files: [dmfUpdate], origin: 'import', now: new Date('2026-11-02T08:00:00Z') });
    expect(update).toMatchObject({ status: 'active', mode: 'incremental', added: 1, removed: 1, changed: 1 });
    // Three update rows: an added record, a corrected one (both written), a deleted one (ended, not written).
    expect((await rowCount()) - rowsBefore).toBe(2);
    expect(update.records).toBe(before.size);
    // The full version still reads as it was; the new one is it with the update's three changes.
    expect(await recordsOf(full.version)).toEqual(before);
    const after = await recordsOf(update.version);
    expect(after.size).toBe(update.records);
    const expected = new Map(before);
    expected.delete('900000003');
    expect([...after.keys()].filter((id) => !expected.has(id))).toEqual(['900000005']);
    expect(after.get('900000002')).not.toEqual(before.get('900000002'));
    for (const [id, text] of expected) if (id !== '900000002') expect(after.get(id)).toEqual(text);
    // Read by id (keyed lookups, batch results, monitoring): the same records.
    const ids = [...new Set([...before.keys(), ...after.keys()])];
    expect(await recordsById(update.version, ids)).toEqual(after);
    expect(await recordsById(full.version, ids)).toEqual(before);
    const viaBatches = await readRecords(db(), ids.map((recordId) => ({ versionId: update.version, recordId })));
    expect(new Map([...viaBatches].map(([k, v]) => [k.split('|')[1], storedRecordJson(v as ListRecord)]))).toEqual(after);
    expect(await q.countRecords(db(), update.version)).toBe(after.size);
    // The comparison page reads both sides.
    const page = await changesPage(db(), update.version, full.version, undefined, 0, 50);
    expect(page.hasFields).toBe(true);
    expect(page.changes.map((c) => `${c.change} ${c.recordId}`).sort()).toEqual(['added 900000005', 'changed 900000002', 'removed 900000003']);
  });

  it('a roll-back restores the previous records by writing only the undone changes; rolling it back restores the update', async () => {
    const active = (await q.findActiveVersion(db(), 'dmf'))!;
    const previous = (await q.findRolledBackVersion(db(), { ...active, id: active.id + 1 }))!;
    const [was, now] = [await recordsOf(previous.id), await recordsOf(active.id)];
    const rowsBefore = await rowCount();
    const result = await rollBack(t.ctx, 'dmf', active.id, actor);
    // The update's two written rows end; its corrected and deleted records' earlier rows are
    // written again (2 rows), and the prune drops those earlier rows, which no kept version shows now.
    const [{ n: written }] = await rowsOf<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM list_records WHERE version_id = ${result.version}`);
    expect(written).toBe(2);
    expect(await rowCount()).toBe(rowsBefore);
    expect(await recordsOf(result.version)).toEqual(was);
    expect(await recordsOf(active.id)).toEqual(now);
    expect(result).toMatchObject({ records: was.size, added: 1, removed: 1, changed: 1 });
    const again = await rollBack(t.ctx, 'dmf', result.version, actor);
    expect(await recordsOf(again.version)).toEqual(now);
  });

  /** A DMF import continuing the active version's chain, still running. */
  const importingAfter = (active: { id: number; recordsFrom: number | null }) =>
    q.insertVersion(db(), { source: 'dmf', status: 'importing', mode: 'incremental', origin: 'import', fileNames: ['x'], fileSha256: [''], fileSizes: [0], fetchedAt: new Date(), recordsFrom: active.recordsFrom ?? active.id });

  it('a failed import leaves the active records as they were and no row behind', async () => {
    const active = (await q.findActiveVersion(db(), 'dmf'))!;
    const records = await recordsOf(active.id);
    const rowsBefore = await rowCount();
    const version = await importingAfter(active);
    const [first] = records.keys();
    await q.upsertRecords(db(), version, [{ recordId: first, json: '{"source":"dmf","sourceRecordId":"x"}' }, { recordId: 'brand-new', json: '{}' }]);
    expect(await q.deleteRecords(db(), version, [[...records.keys()][1]])).toHaveLength(1);
    expect(await recordsOf(active.id)).toEqual(records); // the active version never sees an import's rows
    await q.markFailed(db(), version.id, 'broken');
    expect(await rowCount()).toBe(rowsBefore);
    expect(await recordsOf(active.id)).toEqual(records);
    expect(await recordsOf(version.id)).toEqual(new Map());
  });

  it('refuses a second import continuing the same chain while one runs', async () => {
    const active = (await q.findActiveVersion(db(), 'dmf'))!;
    const running = await importingAfter(active);
    await expect(importList(db(), { source: 'dmf', files: [dmfUpdate], origin: 'import', now: new Date() })).rejects.toThrow(`version ${running.id} is being imported`);
    await q.markFailed(db(), running.id, 'test');
    expect((await q.findActiveVersion(db(), 'dmf'))!.id).toBe(active.id);
  });

  it('the prune keeps the records of the active and the previous version only, whole', async () => {
    const v1 = await importList(db(), { source: 'leie', files: [leieFull], origin: 'import', now: new Date('2026-11-01T08:00:00Z') });
    const v2 = await importList(db(), { source: 'leie', files: [leieSupplement('2611EXCL.csv')], origin: 'import', now: new Date('2026-11-02T08:00:00Z') });
    expect(v2).toMatchObject({ mode: 'incremental', added: 1, changed: 1 });
    const moved = leieSupplement('2612EXCL.csv');
    writeFileSync(moved, readFileSync(moved, 'utf8').replace('2 NEW ROAD', '3 OTHER ROAD'));
    const r2 = await recordsOf(v2.version);
    const v3 = await importList(db(), { source: 'leie', files: [moved], origin: 'import', now: new Date('2026-11-03T08:00:00Z') });
    expect(v3).toMatchObject({ mode: 'incremental', changed: 1 });
    expect(await recordsOf(v2.version)).toEqual(r2);
    expect((await recordsOf(v3.version)).size).toBe(v3.records);
    // v1 is pruned: no records shown; its rows that v2 replaced are gone, the rest serve v2 and v3.
    expect(await recordsOf(v1.version)).toEqual(new Map());
    const [kept] = await db().select({ kept: listVersions.recordsKept }).from(listVersions).where(eq(listVersions.id, v1.version));
    expect(kept.kept).toBe(false);
    const leieRows = await rowsOf<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM list_records WHERE coalesce(chain, version_id) = ${v1.version}`);
    // v2's records (7) plus the row v3 wrote in place of v2's: its file's other record (the
    // newcomer) is repeated unchanged and writes nothing (ADR 074).
    expect(leieRows[0].n).toBe(r2.size + 1);
    // A full import begins a new chain; the prune drops the chain no kept version uses.
    const v4 = await importList(db(), { source: 'leie', files: [leieFull], origin: 'import', now: new Date('2026-11-04T08:00:00Z') });
    const v5 = await importList(db(), { source: 'leie', files: [leieFull], origin: 'import', now: new Date('2026-11-05T08:00:00Z') });
    const chains = await rowsOf<{ chain: number }>(db(), sql`SELECT DISTINCT coalesce(r.chain, r.version_id) AS chain FROM list_records r JOIN list_versions v ON v.id = coalesce(r.chain, r.version_id) WHERE v.source = 'leie'`);
    expect(chains.map((c) => c.chain).sort()).toEqual([v4.version, v5.version]);
  });

  it('an update that repeats records unchanged writes no row for them', async () => {
    const full = await importList(db(), { source: 'dmf', files: [dmfFull], origin: 'import', now: new Date('2026-11-06T08:00:00Z') });
    const first = await importList(db(), { source: 'dmf', files: [dmfUpdate], origin: 'import', now: new Date('2026-11-07T08:00:00Z') });
    expect(first).toMatchObject({ mode: 'incremental', added: 1, removed: 1, changed: 1 });
    const before = await recordsOf(first.version);
    // The same update file again, a day later, and one real correction: only that one is a row.
    const lines = readFileSync(dmfUpdate, 'utf8').trimEnd().split('\n');
    const corrected = readFileSync(dmfFull, 'utf8').split('\n')[3].replace(/^ /, 'C').replace('LAN ', 'LANA');
    const file = path.join(tmp, 'dmf-monthly-update-again.txt');
    writeFileSync(file, [...lines, corrected].join('\n') + '\n');
    const rowsBefore = await rowCount();
    const again = await importList(db(), { source: 'dmf', files: [file], origin: 'import', now: new Date('2026-11-08T08:00:00Z') });
    expect(again).toMatchObject({ status: 'active', mode: 'incremental', added: 0, removed: 0, changed: 1 });
    const [{ n: written }] = await rowsOf<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM list_records WHERE version_id = ${again.version}`);
    expect(written).toBe(1);
    const after = await recordsOf(again.version);
    expect(after.size).toBe(before.size);
    for (const [id, text] of before) if (id !== '900000004') expect(after.get(id)).toEqual(text);
    expect(after.get('900000004')).toContain('LANA');
    expect(await recordsById(again.version, [...before.keys()])).toEqual(after);
    expect(full.version).toBeLessThan(again.version);
    // The prune after it dropped only rows no kept version shows.
    expect(await rowCount()).toBeLessThanOrEqual(rowsBefore + 1);
  });

  // PGlite has no checkpointer: without one at the end, the WAL of an update's statements stays until the database closes.
  it.runIf(!process.env.DATABASE_URL)('on PGlite an incremental import ends with a checkpoint', async () => {
    expect((db() as unknown as { $client: unknown }).$client).toBeInstanceOf(PGlite);
    const redo = async () => (await rowsOf<{ redo: string }>(db(), sql`SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()`))[0].redo;
    await importList(db(), { source: 'dmf', files: [dmfFull], origin: 'import', now: new Date('2026-11-09T08:00:00Z') });
    const before = await redo();
    const update = await importList(db(), { source: 'dmf', files: [dmfUpdate], origin: 'import', now: new Date('2026-11-10T08:00:00Z') });
    expect(update).toMatchObject({ status: 'active', mode: 'incremental' });
    expect(await redo()).not.toBe(before);
  });
});
