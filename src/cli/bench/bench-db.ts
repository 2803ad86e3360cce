/** A fresh database for a bench scenario: PGlite in a temp folder, or a new database on DATABASE_URL. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/client';

/** `parentDir`: where PGlite's data folder goes (a temp folder by default). */
export async function openBenchDatabase(kind: 'pglite' | 'postgres', parentDir = tmpdir(), pgliteSettings?: Readonly<Record<string, string>>): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(parentDir, 'clearlist-bench-'));
    const database = await openDatabase({ dataDir: dir, pgliteSettings });
    await database.migrate();
    return { database, dispose: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const name = `clearlist_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  await database.migrate();
  return {
    database,
    dispose: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
