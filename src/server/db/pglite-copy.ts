/**
 * COPY FROM a blob on the embedded database, through a Drizzle handle: the database itself or a
 * transaction open on it (PGlite runs a transaction's statements on the transaction's own handle;
 * a statement sent to the database meanwhile would wait for the transaction's end).
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db } from './client';
import { BytesBlob } from './bytes-blob';
import { copyLinesBytes } from './copy-lines';

/** PGlite, or a transaction open on it, under a Drizzle handle; null on PostgreSQL. */
function pgliteHandle(db: Db): PGlite | Transaction | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof PGlite) return client;
  // A PGlite transaction is a plain object; node-postgres's pools and clients have no `rollback`.
  const isTransaction = typeof client === 'object' && client !== null && 'rollback' in client && 'listen' in client && 'query' in client;
  return isTransaction ? (client as Transaction) : null;
}

/** Runs `copySql` (a `COPY … FROM '/dev/blob'`) over `prefix + line` for each line, newline-separated (`copyLinesBytes`). */
export async function pgliteCopyLines(db: Db, copySql: string, prefix: string, lines: readonly string[]): Promise<void> {
  const handle = pgliteHandle(db);
  if (!handle) throw new Error('COPY from a blob runs on PGlite only');
  await copyBytes(handle, copySql, copyLinesBytes(prefix, lines));
}

/** Runs `copySql` (a `COPY … FROM '/dev/blob'`) over `bytes`, handed to PGlite as they are (`BytesBlob`). */
export async function copyBytes(handle: PGlite | Transaction, copySql: string, bytes: Uint8Array): Promise<void> {
  await handle.query(copySql, [], { blob: new BytesBlob(bytes as Uint8Array<ArrayBuffer>) });
}
