/**
 * Issue 52: the share of a clean roster of realistic US people (test/clean-roster.ts, census and
 * SSA frequencies) flagged when screened against every real list in ../shared/data/real at full
 * size: LEIE, OFAC SDN and every state file the project parses (test/real-lists.ts). A flagged row
 * is "without a namesake" when none of the hits that flag it has the row's last name (either word
 * of a two-word surname) and its first name or a nickname of it: those flags are the engine's own
 * false alarms, where the others are people who share an excluded person's name.
 * Usage:
 *   npx tsx scripts/real-lists-flag-rate.ts [--rows N] [--set tuning|held-out] [--list K] [--lists all|issue-52]
 * --list prints K flagged rows without a namesake and K with one, on the tuning set only.
 * --lists issue-52 screens against the lists issue 52's figures were measured on (LEIE, OFAC and
 * its 22 state lists, before issue 54 added the others); all, the default, against every real list.
 */
import type { Hit, ScreenResult } from '../src/engine/query-types';
import { buildIndex } from '../src/engine/index-builder';
import { screenMany } from '../src/engine/screen';
import { ALGORITHM_VERSION } from '../src/engine/algorithm-version';
import { DEFAULT_REVIEW_THRESHOLD } from '../src/engine/settings';
import { allRecords, ISSUE_52_STATE_SOURCES, loadRealLists, realListsMissing } from '../test/real-lists';
import { cleanRoster, nameFrequenciesMissing } from '../test/clean-roster';
import { isNamesake } from '../test/namesake';

const missing = realListsMissing() ?? nameFrequenciesMissing();
if (missing) {
  console.log(`skipped: ${missing}`);
  process.exit(0);
}

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const rows = Number(arg('--rows') ?? 50_000);
const set = arg('--set') ?? 'tuning';
const listK = arg('--list') === undefined ? 0 : Number(arg('--list'));
const which = arg('--lists') ?? 'all';
if (!Number.isInteger(rows) || rows <= 0 || (set !== 'tuning' && set !== 'held-out') || !Number.isInteger(listK) || listK < 0 || (which !== 'all' && which !== 'issue-52')) {
  console.error('usage: npx tsx scripts/real-lists-flag-rate.ts [--rows N] [--set tuning|held-out] [--list K] [--lists all|issue-52]');
  process.exit(2);
}
if (listK > 0 && set !== 'tuning') {
  console.error('--list prints rows only for the tuning set: the held-out errors stay unseen, so the held-out figures measure rules not tuned on them.');
  process.exit(2);
}

const started = performance.now();
const seconds = (from: number): string => ((performance.now() - from) / 1000).toFixed(1);

const lists = (await loadRealLists()).filter((l) => which === 'all' || !l.source.startsWith('state-') || ISSUE_52_STATE_SOURCES.includes(l.source));
const records = allRecords(lists);
console.log(`lists (${seconds(started)} s to parse):`);
for (const l of lists) console.log(`  ${l.label.padEnd(44)} ${String(l.records.length).padStart(6)} records (${l.records.filter((r) => r.kind === 'person').length} people)`);
console.log(`  ${'all'.padEnd(44)} ${String(records.length).padStart(6)} records`);

const t0 = performance.now();
const index = buildIndex(records, { version: 'real' });
console.log(`index built in ${seconds(t0)} s`);

const roster = cleanRoster(rows, set === 'tuning' ? 1 : 2);
const t1 = performance.now();
const withDob = screenMany(index, roster, {});
const dobSeconds = seconds(t1);
const t2 = performance.now();
const nameOnly = screenMany(index, roster.map((q) => ({ ...q, dateOfBirth: null, state: null })), {});
const nameSeconds = seconds(t2);

const matches = (r: ScreenResult): Hit[] => r.hits.filter((h) => h.isMatch);
const pct = (n: number): string => `${n} (${((n / rows) * 100).toFixed(3)}%)`;
const flagged = withDob.map((r, i) => ({ i, hits: matches(r) })).filter((f) => f.hits.length > 0);
const flaggedName = nameOnly.map((r, i) => ({ i, hits: matches(r) })).filter((f) => f.hits.length > 0);
const flaggedByName = flaggedName.length;
const nameWithoutNamesake = flaggedName.filter((f) => !f.hits.some((h) => isNamesake(roster[f.i], h.record)));
const namesake = new Map(flagged.map((f) => [f.i, f.hits.some((h) => isNamesake(roster[f.i], h.record))]));
const withoutNamesake = flagged.filter((f) => !namesake.get(f.i));

const group = (source: string): string => (source === 'leie' ? 'LEIE' : source.startsWith('ofac') ? 'OFAC' : source.startsWith('state-') ? 'states' : source);
const countBy = (items: { hits: Hit[] }[], key: (h: Hit) => string): [string, number][] => {
  const counts = new Map<string, number>();
  for (const f of items) for (const k of new Set(f.hits.map(key))) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
};

console.log(`\nalgorithm ${ALGORITHM_VERSION}, threshold ${DEFAULT_REVIEW_THRESHOLD}: ${rows} clean roster people (${set} set, seed ${set === 'tuning' ? 1 : 2})`);
console.log(`flagged with date of birth and state: ${pct(flagged.length)}  [screened in ${dobSeconds} s]`);
console.log(`flagged by name alone:                ${pct(flaggedByName)}  [screened in ${nameSeconds} s]`);
console.log(`flagged with DOB, without a namesake: ${pct(withoutNamesake.length)}`);
console.log(`flagged with DOB, with a namesake:    ${pct(flagged.length - withoutNamesake.length)}`);
console.log(`flagged by name alone, without a namesake: ${pct(nameWithoutNamesake.length)}`);
const line = (items: { hits: Hit[] }[], key: (h: Hit) => string, top: number): string =>
  countBy(items, key)
    .slice(0, top)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
console.log(`flagged rows by list (with DOB; a row may count under several): ${line(flagged, (h) => group(h.record.source), 10)}`);
console.log(`  top sources: ${line(flagged, (h) => h.record.source, 10)}`);
console.log(`  without a namesake, by list: ${line(withoutNamesake, (h) => group(h.record.source), 10)}`);
console.log(`  without a namesake, top sources: ${line(withoutNamesake, (h) => h.record.source, 10)}`);
console.log(`flagged rows by list (name alone): ${line(flaggedName, (h) => group(h.record.source), 10)}`);
console.log(`  top sources: ${line(flaggedName, (h) => h.record.source, 10)}`);

if (listK > 0) {
  const show = (f: { i: number; hits: Hit[] }): string => {
    const q = roster[f.i];
    const h = f.hits.reduce((a, b) => (b.score > a.score ? b : a));
    const r = h.record;
    const listName = r.kind === 'person' ? [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ') : r.businessName;
    const methods = h.explanation.fields.map((e) => `${e.queryField}:${e.method}`).join(' ');
    const matched = h.explanation.matchedName && h.explanation.matchedName.listField !== 'name' ? ` via ${h.explanation.matchedName.listField} "${h.explanation.matchedName.value}"` : '';
    return `  ${[q.firstName, q.middleName, q.lastName].filter(Boolean).join(' ')} ${q.dateOfBirth} ${q.state} → ${listName}${matched} ${r.dateOfBirth ?? ''} [${r.source} ${r.sourceRecordId}] ${h.score.toFixed(3)} (${methods})`;
  };
  console.log(`\n${Math.min(listK, withoutNamesake.length)} flagged rows without a namesake:`);
  for (const f of withoutNamesake.slice(0, listK)) console.log(show(f));
  const withOne = flagged.filter((f) => namesake.get(f.i));
  console.log(`\n${Math.min(listK, withOne.length)} flagged rows with a namesake:`);
  for (const f of withOne.slice(0, listK)) console.log(show(f));
}
console.log(`\nelapsed ${seconds(started)} s`);
