import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findListSource, LIST_SOURCES } from './sources';
import { runAll } from './test-helpers';

// data/samples/<source id>/… is written by scripts/gen-lists.ts and committed.
const SAMPLES = fileURLToPath(new URL('../../data/samples/', import.meta.url));
const sourceDirs = readdirSync(SAMPLES).sort();

async function parseSamples(dir: string) {
  const source = findListSource(dir);
  if (!source) throw new Error(`data/samples/${dir} is not named after a source id`);
  const files = readdirSync(`${SAMPLES}${dir}`).sort().map((name) => `${SAMPLES}${dir}/${name}`);
  return runAll(source.parse(files));
}

describe('generated samples (data/samples)', () => {
  it('cover every source', () => {
    expect(sourceDirs).toEqual(LIST_SOURCES.map((s) => s.id).sort());
  });

  it.each(sourceDirs)('%s parses with zero rejected rows and zero warnings', async (dir) => {
    const { records, run } = await parseSamples(dir);
    expect(run.rejected).toEqual([]);
    expect(records.length).toBeGreaterThan(30);
    expect(new Set(records.map((r) => r.sourceRecordId)).size).toBe(records.length);
  });

  it('lists in NPPES every NPI the LEIE sample shows', async () => {
    const leie = await parseSamples('leie');
    const nppes = new Set((await parseSamples('nppes')).records.map((r) => r.npi));
    const leieNpis = leie.records.map((r) => r.npi).filter((npi): npi is string => npi !== null);
    expect(leieNpis.length).toBeGreaterThan(10);
    expect(leieNpis.filter((npi) => !nppes.has(npi))).toEqual([]);
  });

  it('has people and businesses (with AKAs/DBAs) where the source has them', async () => {
    for (const dir of ['leie', 'sam', ...sourceDirs.filter((d) => d.startsWith('state-'))]) {
      const { records } = await parseSamples(dir);
      expect(records.some((r) => r.kind === 'person')).toBe(true);
      expect(records.some((r) => r.kind === 'business')).toBe(true);
    }
    const ca = (await parseSamples('state-ca')).records;
    expect(ca.some((r) => r.akas.length > 0) && ca.some((r) => r.dbas.length > 0)).toBe(true);
  });
});
