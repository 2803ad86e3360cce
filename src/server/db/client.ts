/** Opens the database: PGlite in DATA_DIR by default, a PostgreSQL server with a URL. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs plain SQL with parameters; used by pg-boss and bulk loaders. */
export type SqlRunner = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  sql: SqlRunner;
  /** The embedded instance, when kind is pglite (COPY from blobs, pg-boss adapter). */
  pglite?: PGlite;
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… URL; when absent PGlite is used. */
  url?: string;
  /** Folder for PGlite files; absent means in memory (tests). */
  dataDir?: string;
  /** Told when the server closes an idle pooled connection (restart, admin termination). */
  onIdleError?: (error: Error) => void;
  /** PGlite in a folder: settings instead of `PGLITE_SETTINGS`' (the result-write bench). */
  pgliteSettings?: Readonly<Record<string, string>>;
  /** PGlite in memory started from a dump of another's data folder (`dumpDataDir`; the tests' sample template). */
  loadDataDir?: Blob;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Extensions PGlite is always opened with: a database that used one must load it again. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite's server settings beyond its defaults, for a database in a folder (ADR 090): a batch
 * writes ~3 MB of results per 1,000 rows; with 64 MB of WAL buffers instead of PGlite's 4 MB that
 * write took 4 % less CPU on average (the result-write bench, six interleaved runs). What a commit
 * writes, and when, is unchanged: every commit's WAL is written before it returns, as before.
 * Allocated at start in PGlite's memory: ~+53 MiB resident. More `shared_buffers` was left out:
 * 512 MB saved no more that showed and costs ~+480 MiB resident from the start, which an import's
 * peak (~1,050 MiB on PGlite, < 1.5 GB asked) cannot take. In memory (tests): PGlite's defaults.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = { wal_buffers: '64MB' };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.onIdleError) : openPglite(options.dataDir, options.pgliteSettings, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, given?: Readonly<Record<string, string>>, loadDataDir?: Blob): Promise<Database> {
  const settings = given ?? (dataDir ? PGLITE_SETTINGS : {});
  let lock: DataDirLock | undefined;
  let dbDir: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
    dbDir = path.join(dataDir, 'db');
  }
  try {
    const startParams = [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
    const pglite = await PGlite.create({ dataDir: dbDir, extensions: PGLITE_EXTENSIONS, startParams, ...(loadDataDir && !dbDir ? { loadDataDir } : {}) });
    const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      pglite,
      sql: async (text, values) =>
        values?.length ? pglite.query(text, values) : lastResult(await pglite.exec(text)),
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      close: async () => {
        await pglite.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

function lastResult(results: { rows: Record<string, unknown>[] }[]) {
  return results[results.length - 1] ?? { rows: [] };
}

async function openPostgres(url: string, onIdleError?: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client the server closed is dropped by the pool and the next query opens another;
  // without a listener its 'error' event would end the process.
  pool.on('error', (error) => onIdleError?.(error));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    sql: async (text, values) => pool.query(text, values as unknown[]),
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: () => pool.end(),
  };
}
