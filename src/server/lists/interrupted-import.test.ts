/** An import whose process died is marked failed at the next start, not left `importing`. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { listRecords, listVersions } from '#server/db/schema';
import { openDatabase, type Database } from '#server/db/client';
import { openConfiguredDatabase } from '#server/main';
import { parseEnv } from '#server/config';
import { createTestDatabase } from '#test/app';
import { claimImport, failInterruptedImports, INTERRUPTED_IMPORT } from './import-claims';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function importingVersion(database: Database, source = 'leie'): Promise<number> {
  const [version] = await database.db
    .insert(listVersions)
    .values({ source, status: 'importing', mode: 'full', origin: 'import', fileNames: ['x.csv'], fileSha256: [''], fileSizes: [1], fetchedAt: new Date() })
    .returning();
  await database.db.insert(listRecords).values({ versionId: version.id, recordId: 'r1', data: { source, sourceRecordId: 'r1' } as never });
  return version.id;
}
const versionOf = async (database: Database, id: number) => (await database.db.select().from(listVersions).where(eq(listVersions.id, id)))[0];

describe('an interrupted list import', () => {
  it('is marked failed, its records removed, when the embedded database opens again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-import-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const first = await openDatabase({ dataDir: dir });
    await first.migrate();
    const id = await importingVersion(first);
    await first.close(); // the process died mid-import

    const again = await openConfiguredDatabase(parseEnv({ DATA_DIR: dir }));
    cleanups.push(() => again.close());
    expect(await versionOf(again, id)).toMatchObject({ status: 'failed', error: INTERRUPTED_IMPORT });
    expect(await again.db.select().from(listRecords).where(eq(listRecords.versionId, id))).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)('on a PostgreSQL server, leaves alone an import another process is still running', async () => {
    const { database, drop } = await createTestDatabase();
    cleanups.push(drop);
    const dead = await importingVersion(database, 'leie');
    const running = await importingVersion(database, 'sam');
    const release = await claimImport(database.db, running);
    try {
      expect(await failInterruptedImports(database)).toBe(1);
      expect(await versionOf(database, dead)).toMatchObject({ status: 'failed' });
      expect(await versionOf(database, running)).toMatchObject({ status: 'importing' });
    } finally {
      await release();
    }
    expect(await failInterruptedImports(database)).toBe(1);
  });
});
