/**
 * Issue 52: recall on variants of real list names (test/name-variants.ts), each screened by name
 * alone (first, middle, last; no date of birth) against one index of every real list at full size
 * (test/real-lists.ts). A variant is found when a hit at or above the threshold is the record it
 * was made from (same source and sourceRecordId). Usage:
 *   npx tsx scripts/name-variant-recall.ts [--set tuning|held-out|both] [--list K]
 * --list prints K missed variants per kind, on the tuning set only.
 */
import { buildIndex } from '../src/engine/index-builder';
import { screenMany } from '../src/engine/screen';
import { ALGORITHM_VERSION } from '../src/engine/algorithm-version';
import { DEFAULT_REVIEW_THRESHOLD } from '../src/engine/settings';
import { allRecords, loadRealLists, realListsMissing } from '../test/real-lists';
import { buildNameVariants, PER_KIND, VARIANT_KINDS, type NameVariant, type VariantSet } from '../test/name-variants';

const missing = realListsMissing();
if (missing) {
  console.log(`skipped: ${missing}`);
  process.exit(0);
}
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const which = arg('--set') ?? 'both';
const listK = arg('--list') === undefined ? 0 : Number(arg('--list'));
if (!['tuning', 'held-out', 'both'].includes(which) || !Number.isInteger(listK) || listK < 0) {
  console.error('usage: npx tsx scripts/name-variant-recall.ts [--set tuning|held-out|both] [--list K]');
  process.exit(2);
}
if (listK > 0 && which !== 'tuning') {
  console.error('--list prints misses only for the tuning set (--set tuning): the held-out errors stay unseen, so the held-out figures measure rules not tuned on them.');
  process.exit(2);
}
const sets: VariantSet[] = which === 'both' ? ['tuning', 'held-out'] : [which as VariantSet];

const started = performance.now();
const seconds = (from: number): string => ((performance.now() - from) / 1000).toFixed(1);
const lists = await loadRealLists();
const records = allRecords(lists);
const index = buildIndex(records, { version: 'real' });
console.log(`${records.length} list records from ${lists.length} files, index built (${seconds(started)} s)`);

const variants = buildNameVariants(records).filter((v) => sets.includes(v.set));
const t = performance.now();
const results = screenMany(index, variants.map((v) => v.query), {});
console.log(`${variants.length} variant queries screened in ${seconds(t)} s`);
const found = results.map((r, i) => r.hits.some((h) => h.isMatch && h.record.source === variants[i].source && h.record.sourceRecordId === variants[i].sourceRecordId));

const pct = (n: number, d: number): string => (d ? `${((n / d) * 100).toFixed(1)}%` : '-');
console.log(`\nalgorithm ${ALGORITHM_VERSION}, threshold ${DEFAULT_REVIEW_THRESHOLD}; recall = found / variants (up to ${PER_KIND} per kind and set)`);
for (const set of sets) {
  console.log(`\n${set} set:`);
  console.log(`  ${'kind'.padEnd(26)} ${'recall'.padStart(7)} ${'found/n'.padStart(9)}   LEIE / OFAC / states`);
  const row = (label: string, keep: (v: NameVariant) => boolean): void => {
    const idx = variants.map((v, i) => i).filter((i) => variants[i].set === set && keep(variants[i]));
    const hit = idx.filter((i) => found[i]).length;
    const by = (['LEIE', 'OFAC', 'states'] as const).map((o) => {
      const of = idx.filter((i) => variants[i].origin === o);
      return `${of.filter((i) => found[i]).length}/${of.length}`;
    });
    console.log(`  ${label.padEnd(26)} ${pct(hit, idx.length).padStart(7)} ${`${hit}/${idx.length}`.padStart(9)}   ${by.join(' / ')}`);
  };
  for (const kind of VARIANT_KINDS) row(kind, (v) => v.kind === kind);
  row('element-dropped (all)', (v) => v.kind.startsWith('element-dropped'));
}

if (listK > 0) {
  for (const kind of VARIANT_KINDS) {
    const missed = variants.map((v, i) => i).filter((i) => variants[i].kind === kind && !found[i]);
    if (!missed.length) continue;
    console.log(`\n${kind}: ${Math.min(listK, missed.length)} of ${missed.length} missed`);
    for (const i of missed.slice(0, listK)) {
      const v = variants[i];
      const q = v.query;
      const own = results[i].hits.find((h) => h.record.source === v.source && h.record.sourceRecordId === v.sourceRecordId);
      const top = results[i].hits[0];
      const methods = own ? ` (${own.explanation.fields.map((e) => `${e.queryField}:${e.method}`).join(' ')})` : '';
      const other = top && top !== own ? `; top hit ${[top.record.firstName, top.record.middleName, top.record.lastName].filter(Boolean).join(' ') || top.record.businessName} [${top.record.source}] ${top.score.toFixed(3)}` : '';
      console.log(`  ${[q.firstName, q.middleName, q.lastName].filter(Boolean).join(' ')} ← ${v.listName} [${v.source}]: ${own ? `scored ${own.score.toFixed(3)}${methods}` : 'not among the hits'}${other}`);
    }
  }
}
console.log(`\nelapsed ${seconds(started)} s`);
