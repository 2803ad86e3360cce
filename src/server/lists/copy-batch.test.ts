import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findListSource } from '#lists/sources';
import { CopyBatcher } from './copy-batch';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = `${root}src/lists/nppes/fixtures/`;

/** The number of records and the sha256 of the COPY bytes a full NPPES import writes for `files`. */
async function copyBytesOf(files: string[]): Promise<[number, string]> {
  const run = findListSource('nppes')!.parse(files, { dateAcquired: '2024-05-01' });
  const batcher = new CopyBatcher(7, 1_000_000);
  const hash = createHash('sha256');
  let records = 0;
  for await (const batch of run.batches()) {
    for (const record of batch) {
      const closed = batcher.add(record);
      if (closed) hash.update(closed.payload);
      records += 1;
    }
  }
  const last = batcher.take();
  if (last) hash.update(last.payload);
  return [records, hash.digest('hex')];
}

// The bytes a full NPPES import stores, as written before the parse was made faster (ADR 067):
// the stored records must stay byte for byte the same.
describe('NPPES records as stored by a full import', () => {
  it('are the same bytes as before for the sample monthly file', async () => {
    expect(await copyBytesOf([`${root}data/samples/nppes/npidata_pfile_20050523-20240428.csv`])).toEqual([
      480,
      '5ea399a6241ec923de52cfeda48d97f68364829f6912d8b234847a65462c4b02',
    ]);
  });

  it('are the same bytes as before for a delivery joined with its reference files', async () => {
    const files = readdirSync(fixtures).sort().map((name) => `${fixtures}${name}`);
    expect(await copyBytesOf(files)).toEqual([5, '8c9fd6f556fffc6e6b638bff3f91b6841af9849a74d9b6c2d3ed4ba15dd848df']);
  });
});
