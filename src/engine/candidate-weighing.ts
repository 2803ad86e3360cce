/**
 * How a query's candidate records are weighed by name before their hits are built (`screen.ts`):
 * each record filed under the name of it that may lift it to the minimum. Module functions over a
 * small context, not closures made per query: tsx compiles with esbuild's keepNames, which names
 * every named closure as it is made (an `Object.defineProperty` each time, ADR 089).
 */
import type { BusinessMatcher } from './business-score';
import type { personFilter } from './collection-filter';
import type { EvidenceInput } from './evidence';
import { exactBusinessKey, exactPersonKey } from './exact-keys';
import type { NamedCandidate } from './hit-builder';
import type { MatchIndex } from './match-index';
import { businessNameEvidence, personNameEvidence } from './name-evidence';
import type { PersonName } from './person-name';
import type { PersonMatcher } from './person-score';
import { writesEveryElement } from './name-elements';
import { NAME_ONLY_CEILING, type ResolvedOptions } from './settings';

/** Whether a record of `source` may be a hit of this query. */
export function allowSource(opts: ResolvedOptions, source: string): boolean {
  // NPPES is a directory, not a list of excluded parties: it answers through npiCheck unless asked for.
  return opts.sources ? opts.sources.has(source) : source !== 'nppes';
}

/** What a person query's candidates of one part are weighed with (`considerPerson`). */
export interface PersonWeighing {
  index: MatchIndex;
  part: number;
  opts: ResolvedOptions;
  exactKey: string;
  idRecords: Map<number, EvidenceInput['identifier']>;
  named: Map<number, NamedCandidate>;
  matcher: PersonMatcher;
  floor: number;
  filter: ReturnType<typeof personFilter>;
}

/** A name form's place on its record: the name itself first, then its AKAs or DBAs in order. */
const formRank = (listField: string): number => {
  const at = /\[(\d+)\]/.exec(listField);
  return at ? 1 + Number(at[1]) : listField.includes('(') ? 0.5 : 0;
};

/**
 * Whether the record's candidate so far stays: a better name, or as good a name earlier on the
 * record (so a tie names the same form whatever order the index meets the forms in: one index or
 * its parts, ADR 068).
 */
function keepsPrevious(prev: NamedCandidate | undefined, similarity: number, listField: string): boolean {
  if (!prev) return false;
  const was = prev.similarity ?? 0;
  return was > similarity || (was === similarity && (prev.listField === null || formRank(prev.listField) <= formRank(listField)));
}

/** Files a candidate record under one of its names when that name may lift it to the minimum. */
export function considerPerson(w: PersonWeighing, record: number, listName: PersonName, listField: string): void {
  const { opts, named, idRecords } = w;
  const source = w.index.sourceOf(record);
  if (!allowSource(opts, source)) return;
  if (opts.algorithm === 'Exact') {
    const same = exactPersonKey(listName) === w.exactKey;
    if (!same && !idRecords.has(record)) return;
    if (keepsPrevious(named.get(record), same ? 1 : 0, listField)) return;
    named.set(record, { record, similarity: same ? 1 : 0, listField, fields: [{ queryField: 'name', listField, queryValue: w.exactKey, listValue: exactPersonKey(listName), score: same ? 1 : 0, method: same ? 'exact' : 'different' }], adjustments: [] });
    return;
  }
  const elements = writesEveryElement(source);
  const similarity = w.matcher.similarity(listName, null, elements);
  if (similarity * NAME_ONLY_CEILING < w.floor && !idRecords.has(record)) return;
  // Under the minimum given the record's own evidence: its hit would be built and come out null.
  if (w.filter.underMinimum(w.part, record, similarity)) return;
  if (keepsPrevious(named.get(record), similarity, listField)) return;
  // The traced comparison (the explanation's name fields) only for the records that become hits (ADR 071).
  named.set(record, { record, similarity, listField, fields: [], adjustments: [], nameEvidence: tracedPersonEvidence(w.matcher, listName, listField, elements) });
}

// Returned closures are anonymous: keepNames leaves them alone (see PersonWeighing).
function tracedPersonEvidence(matcher: PersonMatcher, listName: PersonName, listField: string, elements: boolean): () => ReturnType<typeof personNameEvidence> {
  return () => personNameEvidence(matcher.score(listName, null, elements), listField);
}

/** What a business query's candidates of one part are weighed with (`considerBusiness`; see PersonWeighing). */
export interface BusinessWeighing {
  index: MatchIndex;
  opts: ResolvedOptions;
  idRecords: Map<number, EvidenceInput['identifier']>;
  named: Map<number, NamedCandidate>;
  matchers: BusinessMatcher[];
  floor: number;
}

/** Files a candidate record under its best name when that name may lift it to the minimum. */
export function considerBusiness(w: BusinessWeighing, record: number, tokens: string[], listField: string): void {
  const { opts, named, idRecords } = w;
  if (!allowSource(opts, w.index.sourceOf(record))) return;
  for (const m of w.matchers) {
    const exact = opts.algorithm === 'Exact';
    const r = exact ? null : m.score(tokens);
    const s = exact ? (exactBusinessKey(m.query) === exactBusinessKey(tokens) ? 1 : 0) : r!.score;
    if ((s * NAME_ONLY_CEILING < w.floor || (exact && s === 0)) && !idRecords.has(record)) continue;
    if (keepsPrevious(named.get(record), s, listField)) continue;
    const ev = r ? businessNameEvidence(r, listField) : { fields: [{ queryField: 'name', listField, queryValue: m.query.join(' '), listValue: tokens.join(' '), score: s, method: s ? 'exact' : 'different' }], adjustments: [] };
    named.set(record, { record, similarity: s, listField, ...ev });
  }
}
