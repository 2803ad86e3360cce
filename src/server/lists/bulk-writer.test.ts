import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteBulkWriter } from './bulk-writer';
import { copyLine } from './copy-batch';

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec('CREATE TABLE list_records (version_id integer, record_id text, data jsonb, PRIMARY KEY (version_id, record_id))');
});
afterAll(() => pglite.close());

const batch = (versionId: number, from: number, count: number): Uint8Array =>
  Buffer.from(Array.from({ length: count }, (_, i) => copyLine(versionId, String(from + i), `{"n":${from + i}}`)).join(''));

async function redoPoint(): Promise<string> {
  const { rows } = await pglite.query<{ redo: string }>('SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()');
  return rows[0].redo;
}

// PGlite runs PostgreSQL without a checkpointer: the writer asks for checkpoints so that the
// write-ahead log of a national import is recycled (ADR 067).
describe('the PGlite COPY writer', () => {
  it('checkpoints once it has copied the given number of bytes', async () => {
    const writer = pgliteBulkWriter(pglite, { checkpointBytes: 2000 });
    const before = await redoPoint();
    expect(await writer.copy(batch(1, 0, 20))).toBe(true); // < 2000 bytes: no checkpoint yet
    expect(await redoPoint()).toBe(before);
    expect(await writer.copy(batch(1, 20, 200))).toBe(true);
    const after = await redoPoint();
    expect(after).not.toBe(before);
    const { rows } = await pglite.query<{ count: number }>('SELECT count(*)::int AS count FROM list_records WHERE version_id = 1');
    expect(rows[0].count).toBe(220);
  });

  it('does not checkpoint for small imports, and refuses a repeated id without writing', async () => {
    const writer = pgliteBulkWriter(pglite);
    const before = await redoPoint();
    expect(await writer.copy(batch(2, 0, 100))).toBe(true);
    expect(await writer.copy(batch(2, 99, 2))).toBe(false);
    expect(await redoPoint()).toBe(before);
  });
});
