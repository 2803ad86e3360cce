/** The engine fed by the real parsers: the record fields and extra keys they agree on. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ListRecord } from '#shared/list-record';
import { findListSource } from '#lists/sources';
import { buildIndex } from '#engine/index-builder';
import { checkNpiInIndex } from '#engine/npi-check';
import { screen } from '#engine/screen';

const root = fileURLToPath(new URL('..', import.meta.url));
const nppesDir = path.join(root, 'src/lists/nppes/fixtures');

async function collect(source: string, files: string[]): Promise<ListRecord[]> {
  const records: ListRecord[] = [];
  for await (const record of findListSource(source)!.parse(files)) records.push(record);
  return records;
}

describe('engine on parsed NPPES and LEIE records', () => {
  it('reads entity type and deactivation from the NPPES parser', async () => {
    const records = await collect('nppes', [path.join(nppesDir, 'npidata_pfile_20050523-20240310.csv'), path.join(nppesDir, 'NPPES_Deactivated_NPI_Report_20240408.csv')]);
    const index = buildIndex(records, { version: 'test' });
    expect(checkNpiInIndex(index, '1000000012')).toMatchObject({ found: true, status: 'active', entityType: 'individual' });
    expect(checkNpiInIndex(index, '2000000010')).toMatchObject({ found: true, entityType: 'organization' });
    expect(checkNpiInIndex(index, '1000000020')).toMatchObject({ found: true, status: 'deactivated', deactivationDate: '2022-05-04' });
  });

  it('finds an LEIE person by a nickname and a business without its legal suffix', async () => {
    const records = await collect('leie', [path.join(root, 'src/lists/leie/fixtures/UPDATED.csv')]);
    const index = buildIndex(records, { version: 'test' });
    const person = screen(index, { type: 'individual', firstName: 'Kathy', lastName: 'Brennan' });
    expect(person.hits[0]?.record.lastName).toBe('BRENNAN');
    const business = screen(index, { type: 'business', name: 'Quality Home Care' });
    expect(business.hits.some((h) => h.record.businessName?.includes('QUALITY HOME CARE'))).toBe(true);
  });
});
