/**
 * Long fuzz runs of the list file readers (ADR 112): `npx tsx scripts/fuzz-readers.ts
 * [--cases N] [--seed S] [--reader NAME]` prints, per reader, the cases tried, how many held
 * and the seed of each failure (rerun one with --seed S --cases 1). Exit 1 when any failed.
 */
import { parseArgs } from 'node:util';
import { fuzzedReaders, fuzzReader } from '../test/reader-fuzz';

const { values } = parseArgs({ options: { cases: { type: 'string', default: '2000' }, seed: { type: 'string', default: String(Date.now() % 1_000_000_000) }, reader: { type: 'string' } } });
const cases = Number(values.cases);
const seed = Number(values.seed);
let failed = 0;
console.log(`seed ${seed}, ${cases} cases per reader`);
for (const reader of fuzzedReaders()) {
  if (values.reader && !reader.name.toLowerCase().includes(values.reader.toLowerCase())) continue;
  const started = Date.now();
  const outcome = await fuzzReader(reader, seed, cases);
  failed += outcome.failures.length;
  console.log(`${reader.name}: ${outcome.held} of ${outcome.tried} held: ${outcome.read} read, ${outcome.held - outcome.read - outcome.timedOut} refused${outcome.timedOut ? `, ${outcome.timedOut} refused by the time limit` : ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const failure of outcome.failures) console.log(`  seed ${failure.seed}: ${failure.why}`);
}
process.exit(failed > 0 ? 1 : 0);
