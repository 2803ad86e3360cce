/**
 * Writes the national-size NPPES and DMF files of the `national-import` bench (issue 21):
 *
 *   npx tsx scripts/gen-national.ts --dir /work/bigdata/import [--nppes 9000000] [--weekly 30000]
 *     [--dmf 20000000] [--dmf-update 200000] [--seed 7] [--only nppes,dmf]
 *
 * File names are those the importer reads (see `nationalFiles`); a file already there with a
 * `.done` marker for the same sizes is kept.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { nationalFiles, type NationalSizes } from './gen-lists/national-files';
import { writeDmfUpdate, writeNationalDmf, writeNationalNppes, writeNppesWeekly } from './gen-lists/national';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '/work/bigdata/import' },
    nppes: { type: 'string', default: '9000000' },
    weekly: { type: 'string', default: '30000' },
    dmf: { type: 'string', default: '20000000' },
    'dmf-update': { type: 'string', default: '200000' },
    seed: { type: 'string', default: '7' },
    only: { type: 'string', default: 'nppes,dmf' },
  },
});
const sizes: NationalSizes = { nppes: Number(values.nppes), weekly: Number(values.weekly), dmf: Number(values.dmf), dmfUpdate: Number(values['dmf-update']), seed: Number(values.seed) };
if (Object.values(sizes).some((n) => !Number.isInteger(n) || n < 0)) {
  console.error('usage: npx tsx scripts/gen-national.ts [--dir D] [--nppes N] [--weekly N] [--dmf N] [--dmf-update N] [--seed S] [--only nppes,dmf]');
  process.exit(2);
}
const files = nationalFiles(values.dir);
const only = values.only.split(',');
const started = Date.now();

async function step(name: string, marker: string, key: unknown, write: () => Promise<unknown>): Promise<void> {
  const stamp = JSON.stringify(key);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === stamp) {
    console.log(`${name}: kept (${marker})`);
    return;
  }
  await write();
  writeFileSync(marker, stamp);
  console.log(`${name}: written (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

if (only.includes('nppes')) {
  await step('NPPES monthly', `${files.nppesFull}.done`, [sizes.nppes, sizes.seed], () => writeNationalNppes(files.nppesFull, sizes.nppes, sizes.seed));
  await step('NPPES weekly', `${files.nppesWeekly}.done`, [sizes.nppes, sizes.weekly, sizes.seed], () => writeNppesWeekly(files.nppesWeekly, files.nppesDeactivations, sizes.nppes, sizes.weekly, sizes.seed));
}
if (only.includes('dmf')) {
  await step('DMF full', `${files.dmfFull}.done`, [sizes.dmf, sizes.seed], () => writeNationalDmf(files.dmfFull, sizes.dmf, sizes.seed));
  await step('DMF monthly update', `${files.dmfUpdate}.done`, [sizes.dmf, sizes.dmfUpdate, sizes.seed], () => writeDmfUpdate(files.dmfUpdate, sizes.dmf, sizes.dmfUpdate, sizes.seed));
}
