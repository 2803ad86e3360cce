/**
 * Share of clean, synthetic US people flagged when screened against the real LEIE and OFAC names in
 * ../shared/data/real (ADR 027): the false alarms a customer's roster would raise. Usage:
 *   npx tsx scripts/clean-names-flag-rate.ts [rows=50000] [--list]
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ListRecord } from '../src/shared/list-record';
import { findListSource } from '../src/lists/sources';
import { buildIndex } from '../src/engine/index-builder';
import { screenMany } from '../src/engine/screen';
import { syntheticIndividuals } from '../src/engine/synthetic-records';
import { ALGORITHM_VERSION } from '../src/engine/algorithm-version';
import { DEFAULT_REVIEW_THRESHOLD } from '../src/engine/settings';

const real = new URL('../../shared/data/real/', import.meta.url).pathname;
if (!existsSync(real)) {
  console.log('skipped: ../shared/data/real is not on this machine');
  process.exit(0);
}
async function collect(source: string, files: string[]): Promise<ListRecord[]> {
  const out: ListRecord[] = [];
  for await (const r of findListSource(source)!.parse(files)) out.push(r);
  return out;
}
const leieFiles = ['oig-leie/supplements-2015-2017', 'oig-leie/psm-test-sample-2017'].flatMap((d) => readdirSync(join(real, d)).filter((f) => /excl|sanc|UPDATED/i.test(f)).map((f) => join(real, d, f)));
const records = [
  ...(await collect('leie', leieFiles)),
  ...(await collect('ofac-sdn', [join(real, 'ofac/sdn-2024-05-03/sdn.csv'), join(real, 'ofac/sdn-alt-add-2026/alt.csv'), join(real, 'ofac/sdn-alt-add-2026/add.csv')])),
];
const n = Number(process.argv[2]) || 50_000;
const index = buildIndex(records, { version: 'real' });
const queries = syntheticIndividuals(n, 7);
const dobResults = screenMany(index, queries, {});
const withDob = dobResults.filter((r) => r.hits.some((h) => h.isMatch)).length;
if (process.argv.includes('--list')) {
  dobResults.forEach((r, i) => {
    const hit = r.hits.find((h) => h.isMatch);
    if (hit) console.log(`  ${queries[i].firstName} ${queries[i].middleName ?? ''} ${queries[i].lastName} ${queries[i].dateOfBirth} → ${hit.record.firstName} ${hit.record.middleName ?? ''} ${hit.record.lastName} ${hit.record.dateOfBirth} ${hit.score.toFixed(3)}`);
  });
}
const nameOnly = screenMany(index, queries.map((q) => ({ ...q, dateOfBirth: null, state: null })), {}).filter((r) => r.hits.some((h) => h.isMatch)).length;
console.log(`algorithm ${ALGORITHM_VERSION}: ${records.length} list records, ${n} clean synthetic people, threshold ${DEFAULT_REVIEW_THRESHOLD}`);
console.log(`flagged with date of birth and state: ${withDob} (${((withDob / n) * 100).toFixed(3)}%)`);
console.log(`flagged by name alone: ${nameOnly} (${((nameOnly / n) * 100).toFixed(3)}%)`);
