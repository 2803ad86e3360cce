/**
 * Writes deterministic synthetic list files in the agencies' exact layouts.
 *
 *   npx tsx scripts/gen-lists.ts                          # the committed samples in data/samples
 *   npx tsx scripts/gen-lists.ts --records 1000000 --out /tmp/lists --seed 7
 *
 * Every file is streamed row by row, so a million records per source run in bounded memory.
 * The same seed always gives the same bytes. People recur across sources (LEIE, SAM, NPPES,
 * state lists, DMF) with small variations in name form, for matching tests.
 */
import { parseArgs } from 'node:util';
import { writeLeie, writeOptout, writeSam } from './gen-lists/federal';
import { writeDmf, writeNppes, writeOfac } from './gen-lists/ofac-nppes-dmf';
import { writeStates } from './gen-lists/states';
import { writeDocumentedStates } from './gen-lists/states-documented';
import { writeMoreStates } from './gen-lists/states-more';
import { writeStatesAlToMi } from './gen-lists/states-al-mi';
import { writePdfStates } from './gen-lists/states-pdf';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '400' },
    out: { type: 'string', default: 'data/samples' },
    seed: { type: 'string', default: '20240501' },
  },
});
const count = Number(values.records);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error('usage: npx tsx scripts/gen-lists.ts [--records N] [--out DIR] [--seed S]');
  process.exit(2);
}
const out = values.out.replace(/\/+$/, '');
const started = Date.now();

const steps: [string, () => Promise<void>][] = [
  ['leie', () => writeLeie(`${out}/leie/UPDATED.csv`, count, seed)],
  ['sam', () => writeSam(`${out}/sam/SAM_Exclusions_Public_Extract_V2_24122.CSV`, count, seed)],
  ['ofac-sdn', () => writeOfac(`${out}/ofac-sdn`, count, seed)],
  ['ofac-consolidated', () => writeOfac(`${out}/ofac-consolidated`, Math.max(1, Math.floor(count / 4)), seed + 1, { prim: 'cons_prim', alt: 'cons_alt', add: 'cons_add' })],
  ['optout', () => writeOptout(`${out}/optout/optout-affidavits.csv`, count, seed)],
  ['nppes', () => writeNppes(`${out}/nppes/npidata_pfile_20050523-20240428.csv`, count, seed)],
  ['dmf', () => writeDmf(`${out}/dmf/dmf-full.txt`, count, seed)],
  ['states', () => writeStates(out, count, seed)],
  ['more states', () => writeMoreStates(out, count, seed)],
  // PDF lists at most 150 rows: reading a PDF costs several times a sheet per row, and every test app imports the samples.
  ['state PDFs', () => writePdfStates(out, Math.min(count, 150), seed)],
  ['states Alabama to Michigan', () => writeStatesAlToMi(out, count, seed, Math.min(count, 150))],
  ['documented states', () => writeDocumentedStates(out, count, seed, Math.min(count, 150))],
];
for (const [name, step] of steps) {
  await step();
  console.log(`${name}: done (${((Date.now() - started) / 1000).toFixed(1)} s, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB)`);
}
