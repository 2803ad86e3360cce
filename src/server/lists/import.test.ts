import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/app';
import type { Database } from '#server/db/client';
import { listChanges, listVersions } from '#server/db/schema';
import { importList, ImportRefusedError } from './import';
import { findActiveVersion } from './queries';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = (...parts: string[]) => path.join(root, 'src/lists', ...parts);
const leieFull = fixture('leie', 'fixtures', 'UPDATED.csv');
const tmp = mkdtempSync(path.join(tmpdir(), 'clearlist-import-'));

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const now = new Date('2026-11-02T08:00:00Z');

describe('importList', () => {
  it('imports a full LEIE file as the active version with its counts', async () => {
    const summary = await importList(database.db, { source: 'leie', files: [leieFull], origin: 'import', now });
    expect(summary).toMatchObject({ source: 'leie', status: 'active', mode: 'full', rowsLoaded: 6, rowsRejected: 0, added: 6, removed: 0, records: 6 });
    const active = await findActiveVersion(database.db, 'leie');
    expect(active?.fileSha256[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(active?.fileNames).toEqual(['UPDATED.csv']);
  });

  it('applies a reinstatement supplement: the record leaves the active list and is recorded as reinstated', async () => {
    const lines = readFileSync(leieFull, 'utf8').trimEnd().split('\n');
    const patel = lines.find((l) => l.startsWith('"PATEL"'))!;
    const reinstated = patel.replace(/"00000000","00000000",""\s*$/, '"20261015","00000000",""');
    const rein = path.join(tmp, '2610REIN.csv');
    writeFileSync(rein, `${lines[0]}\n${reinstated}\n`);
    const summary = await importList(database.db, { source: 'leie', files: [rein], origin: 'import', now });
    expect(summary).toMatchObject({ mode: 'incremental', reinstated: 1, removed: 0, added: 0, records: 5 });
    const changes = await database.db.select().from(listChanges).where(eq(listChanges.versionId, summary.version));
    expect(changes.map((c) => c.change)).toEqual(['reinstated']);
  });

  it('applies an exclusion supplement by adding its records', async () => {
    const header = readFileSync(leieFull, 'utf8').split('\n')[0];
    const excl = path.join(tmp, '2610EXCL.csv');
    writeFileSync(excl, `${header}\n"NEWMAN","OLIVER","","","NURSING PROFESSION","NURSE/NURSES AIDE","","0000000000","19800101","1 MAIN ST","AUSTIN","TX","78701","1128b4","20261020","00000000","00000000",""\n`);
    const summary = await importList(database.db, { source: 'leie', files: [excl], origin: 'import', now });
    expect(summary).toMatchObject({ added: 1, records: 6 });
  });

  it('refuses a file of the wrong source, naming the expected header, and keeps the previous version active', async () => {
    const before = await findActiveVersion(database.db, 'leie');
    const samFile = fixture('sam', 'fixtures', 'SAM_Exclusions_Public_Extract_V2_24096.CSV');
    const error = await importList(database.db, { source: 'leie', files: [samFile], origin: 'import', now }).catch((e) => e);
    expect(error).toBeInstanceOf(ImportRefusedError);
    expect(error.message).toMatch(/LASTNAME/);
    const after = await findActiveVersion(database.db, 'leie');
    expect(after?.id).toBe(before?.id);
    const [failed] = await database.db.select().from(listVersions).where(eq(listVersions.id, error.summary.version));
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/LASTNAME/);
  });

  it('refuses an empty file without touching the active version', async () => {
    const empty = path.join(tmp, 'UPDATED.csv');
    writeFileSync(empty, '');
    const before = await findActiveVersion(database.db, 'leie');
    await expect(importList(database.db, { source: 'leie', files: [empty], origin: 'import', now })).rejects.toThrow(ImportRefusedError);
    expect((await findActiveVersion(database.db, 'leie'))?.id).toBe(before?.id);
  });

  it('refuses an incremental file when there is no active version', async () => {
    await expect(
      importList(database.db, { source: 'dmf', files: [fixture('dmf', 'fixtures', 'dmf-update.txt')], origin: 'import', now, mode: 'incremental' }),
    ).rejects.toThrow(/needs an active version/);
  });
});
