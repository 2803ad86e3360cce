/**
 * The NPIs carried by two rows or more of a batch, for the NPI check of every chunk: a chunk
 * alone cannot see a row of another chunk. Read once per batch and process (rows never change
 * after submission) and kept for the few batches being screened.
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
    sql`SELECT row_index, unique_id, "values"->>'NPI' AS npi FROM batch_rows WHERE batch_id = ${batchId} AND coalesce("values"->>'NPI', '') <> ''`,
  );
  return npiUsesOf(rows.map((r) => ({ rowIndex: r.row_index, uniqueId: r.unique_id, npi: r.npi })));
}

/** The batch's shared NPIs; `submittedAt` tells a resubmission apart. */
export function batchNpiUses(db: Db, batch: { id: number; submittedAt: Date | null }): Promise<NpiUses> {
  const key = `${batch.id}:${batch.submittedAt?.toISOString() ?? ''}`;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let uses = cache.get(key);
  if (!uses) {
    uses = readNpiUses(db, batch.id);
    uses.catch(() => cache.delete(key));
    cache.set(key, uses);
    while (cache.size > KEPT) cache.delete(cache.keys().next().value!);
  }
  return uses;
}
