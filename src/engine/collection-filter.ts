/**
 * The filter of person candidates (ADR 075, 079; moved out of screen.ts by ADR 087): a record the name cannot
 * lift to the minimum, given its other evidence (a contradicting date of birth, another NPI), is dropped as the
 * candidates are collected, not listed and then skipped; the evidence effect it read is kept, so that a listed
 * candidate whose name similarity then leaves its record under the minimum is not built into a hit. The same
 * test applied after collection (and the name bound) is kept as the reference of the differential check (tests).
 */
import type { EvidenceInput } from './evidence';
import { dobEffect, evidenceEffect, mostEffectWith, underMinimum, type QueryEvidence } from './hit-builder';
import type { MatchIndex } from './match-index';
import { PersonNameBound } from './name-bound';
import type { LooseSpelling } from './loose-spelling';
import type { PersonName } from './person-name';
import type { EntryFilter, SearchSpace } from './search-space';
import { NAME_ONLY_CEILING, type ResolvedOptions } from './settings';

/**
 * Whether person candidates are filtered as they are collected (ADR 075). Off only for the differential
 * check (tests), which compares every answer with the filter applied after collection. `nameBound`: whether
 * the filter also drops entries whose name bound is under what the name must reach; off (round 2): the
 * bound pruned ~16 % of the entries it was computed for, and an entry it would drop scores under the
 * minimum anyway (the bound is an upper bound of the similarity), so the answers are the same without it.
 * On only for the differential check (tests). `underMinimum` (ADR 079): a listed candidate whose name similarity
 * leaves its record under the minimum, given the record's evidence effect known from the filter, is not built
 * into a hit (it would come out null); off only for the differential check (tests).
 */
export const collectionFilter = { on: true, nameBound: false, underMinimum: true };

/** Records carrying the query's identifiers in a part (made once per part by the caller). */
export type IdRecordsIn = (part: number, index: MatchIndex) => Map<number, EvidenceInput['identifier']>;

export interface PersonFilter {
  /** The filter applied as candidates are collected (null: off, the differential's reference). */
  keep: EntryFilter | null;
  /** The same test after collection, for an entry of a record without the query's identifiers (when `keep` is off). */
  afterCollection(part: number, index: MatchIndex, entry: number, record: number): boolean;
  /** The evidence test alone, for the glued and kanji candidates (the name bound does not apply to them). */
  admitUnbounded(part: number, index: MatchIndex, record: number): boolean;
  /** Whether a candidate with this name similarity leaves its record under the minimum (its hit would come out null). */
  underMinimum(part: number, record: number, similarity: number): boolean;
}

/** The filter of one individual query's person candidates. */
export function personFilter(
  scope: { space: SearchSpace; toUnion: (Int32Array | null)[] },
  name: PersonName,
  loose: LooseSpelling,
  hasName: boolean,
  q: QueryEvidence,
  opts: ResolvedOptions,
  idRecordsIn: IdRecordsIn,
): PersonFilter {
  // The name bound only when asked (tests).
  const bound = collectionFilter.nameBound && hasName && opts.algorithm === 'Fuzzy' ? new PersonNameBound(scope.space.lex, name, loose) : null;
  // Each part's listed records (those without the query's identifiers) and their evidence effect, read once by
  // the filter: a candidate whose name then leaves its record under the minimum is not built (ADR 079).
  const effectsOf: Map<number, number>[] = [];
  const keep: EntryFilter | null = collectionFilter.on
    ? (part, e) => {
        const index = scope.space.parts[part].index;
        const record = index.data.entry.record[e];
        if (idRecordsIn(part, index).has(record)) return true;
        // The date of birth first: when even the best of the rest leaves the name more than it can give, the
        // record's state, city, postal code and NPI are never read (most candidates of a dated row end here).
        const dob = dobEffect(index, record, q);
        if ((opts.minScore - mostEffectWith(dob, q)) / NAME_ONLY_CEILING > 1) return false;
        // What the name must reach for this record, given its other evidence (the date's share not read twice).
        const effect = evidenceEffect(index, record, q, dob);
        const need = (opts.minScore - effect) / NAME_ONLY_CEILING;
        if (need > 1 || (bound && bound.bound(index, e, scope.toUnion[part]) < need)) return false;
        (effectsOf[part] ??= new Map()).set(record, effect);
        return true;
      }
    : null;
  return {
    keep,
    afterCollection(part, index, e, record) {
      const effect = evidenceEffect(index, record, q);
      const need = (opts.minScore - effect) / NAME_ONLY_CEILING;
      if (need > 1 || (bound && bound.bound(index, e, scope.toUnion[part]) < need)) return false;
      (effectsOf[part] ??= new Map()).set(record, effect);
      return true;
    },
    admitUnbounded(part, index, record) {
      const effect = evidenceEffect(index, record, q);
      if ((opts.minScore - effect) / NAME_ONLY_CEILING > 1) return false;
      (effectsOf[part] ??= new Map()).set(record, effect);
      return true;
    },
    underMinimum(part, record, similarity) {
      const effect = effectsOf[part]?.get(record);
      return effect !== undefined && collectionFilter.underMinimum && underMinimum(similarity, effect, opts.minScore);
    },
  };
}
