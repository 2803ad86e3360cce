/**
 * The write of an incremental import (ADR 078): each batch's ids are read once and the batch is
 * written by one statement (the earlier rows ended, own rows removed, new rows inserted), and the
 * changes the writer computed while writing are those the diff reads from both versions.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/app';
import type { Database } from '#server/db/client';
import { listChanges, listVersions } from '#server/db/schema';
import { rowsOf } from '#server/db/rows';
import { importList } from './import';
import * as q from './queries';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = readFileSync(path.join(root, 'src/lists/dmf/fixtures/dmf-full.txt'), 'utf8').trimEnd().split('\n');
const tmp = mkdtempSync(path.join(tmpdir(), 'clearlist-incremental-'));

/** A DMF line: a fixture person (`person` 0–3) with change code `code` and SSN `ssn`; `first` renames them. */
const line = (code: ' ' | 'A' | 'C' | 'D', ssn: string, person: number, first?: string): string => {
  const base = fixture[person];
  const named = first ? base.slice(0, 34) + first.padEnd(15) + base.slice(49) : base;
  return code + ssn + named.slice(10);
};
const write = (name: string, lines: string[]): string => {
  const file = path.join(tmp, name);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
};
const ssn = (n: number) => String(900_000_100 + n);

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

/** The statements sent to the database while `run` runs (the driver's `query` and `exec`). */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const statements: string[] = [];
  const originals = (['query', 'exec'] as const).filter((name) => typeof client[name] === 'function').map((name) => [name, client[name]] as const);
  for (const [name, original] of originals) {
    client[name] = function (this: unknown, text: unknown, ...rest: unknown[]) {
      statements.push(typeof text === 'string' ? text : String((text as { text?: string })?.text ?? text));
      return (original as (...args: unknown[]) => unknown).call(client, text, ...rest);
    };
  }
  try {
    return { result: await run(), statements };
  } finally {
    for (const [name, original] of originals) client[name] = original;
  }
}

describe('incremental import write', () => {
  it("stores the changes the diff would read from both versions, across batches, repeats and removals", async () => {
    // Twelve people, then an update in batches of two whose ids repeat across batches.
    const full = write('dmf-full-202401.txt', Array.from({ length: 12 }, (_, i) => line(' ', ssn(i), i % 4)));
    const first = await importList(database.db, { source: 'dmf', files: [full], origin: 'import', now: new Date('2026-11-01T08:00:00Z') });
    // Repeats are not neighbours: the DMF parse tells adjacent repeats apart as other records.
    const update = write('dmf-monthly-update-202402.txt', [
      line('A', ssn(20), 0), // added
      line('C', ssn(1), 1, 'RENAMED'), // changed
      line('D', ssn(2), 2), // removed
      line('A', ssn(21), 1), // added, then removed in a later batch: no change
      line('C', ssn(3), 3, 'ONCE'), // changed, then changed back in a later batch (still a change: it carries the change code, ADR 074)
      line('C', ssn(4), 0, 'TWICE'), // changed twice: one change
      line('A', ssn(22), 2), // added, then changed: added
      line('D', ssn(99), 0), // removal of an unknown id: no change
      line('D', ssn(21), 1),
      line('C', ssn(3), 3),
      line('C', ssn(4), 0, 'THRICE'),
      line('C', ssn(22), 2, 'LATER'),
    ]);
    const second = await importList(database.db, { source: 'dmf', files: [update], origin: 'import', now: new Date('2026-11-02T08:00:00Z'), batchSize: 2 });
    expect(second).toMatchObject({ status: 'active', mode: 'incremental' });
    const stored = async () =>
      (await database.db.select().from(listChanges).where(eq(listChanges.versionId, second.version))).map((c) => `${c.change} ${c.recordId}`).sort();
    const written = await stored();
    expect(written).toEqual([`added ${ssn(20)}`, `added ${ssn(22)}`, `changed ${ssn(1)}`, `changed ${ssn(3)}`, `changed ${ssn(4)}`, `removed ${ssn(2)}`]);
    // The same changes as the diff reads them from the two versions.
    await database.db.delete(listChanges).where(eq(listChanges.versionId, second.version));
    const touched = [20, 1, 2, 21, 3, 99, 4, 22].map(ssn);
    const counts = await q.storeDiff(database.db, first.version, second.version, [], second.records, touched);
    expect(await stored()).toEqual(written);
    expect(counts).toEqual({ added: second.added, removed: second.removed, changed: second.changed, reinstated: 0 });
    const [version] = await database.db.select().from(listVersions).where(eq(listVersions.id, second.version));
    expect(version.records).toBe(12 + 2 - 1);
  });

  it('reads each batch once, writes it in one statement, and reads no record again for the diff', async () => {
    const full = write('dmf-full-202403.txt', Array.from({ length: 8 }, (_, i) => line(' ', ssn(200 + i), i % 4)));
    await importList(database.db, { source: 'dmf', files: [full], origin: 'import', now: new Date('2026-11-03T08:00:00Z') });
    const update = write('dmf-monthly-update-202404.txt', [line('A', ssn(300), 0), line('C', ssn(201), 1, 'NEW'), line('D', ssn(202), 2), line('C', ssn(203), 3, 'NEWER'), line('D', ssn(300), 0), line('A', ssn(301), 1)]);
    const { result, statements } = await statementsOf(() =>
      importList(database.db, { source: 'dmf', files: [update], origin: 'import', now: new Date('2026-11-04T08:00:00Z'), batchSize: 2 }),
    );
    expect(result).toMatchObject({ status: 'active', added: 1, removed: 1, changed: 2 });
    const onRecords = statements.filter((s) => /list_records/.test(s));
    // Three batches: a read and a write each; then the prune (two deletes) and nothing else on the records.
    const reads = onRecords.filter((s) => /^\s*SELECT/i.test(s));
    const writes = onRecords.filter((s) => /^\s*(WITH|INSERT|UPDATE)/i.test(s));
    expect(reads).toHaveLength(3);
    expect(writes).toHaveLength(3);
    expect(onRecords.filter((s) => !reads.includes(s) && !writes.includes(s)).every((s) => /^\s*delete/i.test(s))).toBe(true);
    const [{ n }] = await rowsOf<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM list_records WHERE version_id = ${result.version}`);
    expect(n).toBe(3); // ssn(201), ssn(203) and ssn(301); ssn(300) added then removed leaves no row
  });
});
