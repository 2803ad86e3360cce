/**
 * The NPIs carried by two rows or more of a batch, for the NPI check of every chunk: a chunk
 * alone cannot see a row of another chunk. Read once per batch and process (rows never change
 * after submission) and kept for the few batches being screened. A batch submitted in this
 * process is remembered from the rows it stored: on the embedded database its chunks run here,
 * and the read was a scan of every row before the first chunk could be screened.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { npiUsesOf, type NpiUses } from '../screening/row-screening';

const KEPT = 4;
// Per database: tests open many databases in one process, with the same batch ids.
const caches = new WeakMap<Db, Map<string, Promise<NpiUses>>>();

async function readNpiUses(db: Db, batchId: number): Promise<NpiUses> {
  const rows = await rowsOf<{ row_index: number; unique_id: string | null; npi: string }>(
    db,
    sql`SELECT row_index, unique_id, "values"->>'NPI' AS npi FROM batch_rows WHERE batch_id = ${batchId} AND coalesce("values"->>'NPI', '') <> '' ORDER BY row_index`,
  );
  return npiUsesOf(rows.map((r) => ({ rowIndex: r.row_index, uniqueId: r.unique_id, npi: r.npi })));
}

type BatchKey = { id: number; submittedAt: Date | null };

const keyOf = (batch: BatchKey): string => `${batch.id}:${batch.submittedAt?.toISOString() ?? ''}`;

function keep(db: Db, key: string, uses: Promise<NpiUses>): void {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  uses.catch(() => cache.delete(key));
  cache.delete(key);
  cache.set(key, uses);
  while (cache.size > KEPT) cache.delete(cache.keys().next().value!);
}

/** The batch's shared NPIs; `submittedAt` tells a resubmission apart. */
export function batchNpiUses(db: Db, batch: BatchKey): Promise<NpiUses> {
  const key = keyOf(batch);
  const held = caches.get(db)?.get(key);
  if (held) return held;
  const uses = readNpiUses(db, batch.id);
  keep(db, key, uses);
  return uses;
}

/** The shared NPIs of the rows a submission just stored, as `batchNpiUses` would read them back. */
export function rememberNpiUses(db: Db, batch: BatchKey, rows: readonly { rowIndex: number; uniqueId: string | null; values: { NPI?: string } }[]): void {
  keep(db, keyOf(batch), Promise.resolve(npiUsesOf(rows.map((r) => ({ rowIndex: r.rowIndex, uniqueId: r.uniqueId, npi: r.values.NPI })))));
}
