/**
 * COPY of list records into `list_records`, for full imports: several times faster than
 * INSERT statements (PGlite: COPY from a blob; PostgreSQL: COPY FROM STDIN through
 * pg-copy-streams). COPY cannot upsert, so a batch whose record id is already stored is
 * refused as a whole and the caller writes it the slow way (last one wins).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../db/client';
import { copyBytes } from '../db/pglite-copy';

export interface BulkWriter {
  /**
   * Runs one COPY of lines made by `copyLine` (their UTF-8 bytes). Answers false, having
   * written nothing, when a record id is already in the version (the lines' own ids must
   * differ from each other).
   */
  copy(payload: Uint8Array): Promise<boolean>;
  /**
   * Once an import is done (active or failed): PGlite writes a checkpoint, so that the
   * write-ahead log of its statements (an incremental import's merge, the diff, the prune) is
   * recycled rather than kept until the database closes (ADR 074). Nothing on PostgreSQL.
   */
  done?(): Promise<void>;
}

const COPY_SQL = 'COPY list_records (version_id, record_id, data) FROM STDIN';
const UNIQUE_VIOLATION = '23505';

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

/**
 * COPY bytes after which the PGlite writer asks for a checkpoint. PGlite runs PostgreSQL in
 * single-user mode, which has no checkpointer: nothing recycles the write-ahead log until the
 * database closes, so a full NPPES import (7.3 GiB of table and index) left 7.5 GiB of WAL
 * beside it at 9 M rows, and disk use doubled (ADR 067). A checkpoint every 256 MiB of COPY
 * (~400,000 NPPES records) keeps the WAL to about a gigabyte.
 */
export const PGLITE_CHECKPOINT_BYTES = 256 << 20;

export function pgliteBulkWriter(pglite: PGlite, options: { checkpointBytes?: number } = {}): BulkWriter {
  const checkpointBytes = options.checkpointBytes ?? PGLITE_CHECKPOINT_BYTES;
  let sinceCheckpoint = 0;
  return {
    async copy(payload) {
      if (payload.byteLength === 0) return true;
      try {
        await copyBytes(pglite, COPY_SQL.replace('STDIN', "'/dev/blob'"), payload);
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
      sinceCheckpoint += payload.byteLength;
      if (sinceCheckpoint >= checkpointBytes) {
        sinceCheckpoint = 0;
        await pglite.exec('CHECKPOINT');
      }
      return true;
    },
    async done() {
      sinceCheckpoint = 0;
      await pglite.exec('CHECKPOINT');
    },
  };
}

export function postgresBulkWriter(pool: pg.Pool): BulkWriter {
  return {
    async copy(payload) {
      if (payload.byteLength === 0) return true;
      const client = await pool.connect();
      try {
        await pipeline(Readable.from([Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength)]), client.query(copyFrom(COPY_SQL)));
        client.release();
        return true;
      } catch (error) {
        // A connection that failed in the middle of a COPY is not reused.
        client.release(error instanceof Error ? error : true);
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}

/** The COPY writer for the driver behind a Drizzle database (its `$client`), if it has one. */
export function bulkWriterFor(db: Db): BulkWriter | null {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) return pgliteBulkWriter(client);
  if (client instanceof pg.Pool) return postgresBulkWriter(client);
  return null;
}
