/**
 * The search space of candidate search (ADR 070): one index, or the parts of a PartedIndex with the maps from
 * the parts' dictionary to each part's token ids. A name part's expanded tokens become a slot (its ids in
 * every part, and its postings volume over all parts, which the budgets weigh), and `collect` walks the slots'
 * postings in one part, keeping the entries that agree on enough name parts (ADR 075: and pass the filter).
 */
import type { MatchIndex } from './match-index';
import type { Lexicon } from './parts-lexicon';

/**
 * Where candidates are searched (ADR 070): the dictionary query tokens are expanded against once, and the
 * indexes whose postings are walked — one index (its own dictionary, ids as they are), or the parts of a
 * PartedIndex with the map from dictionary ids to each part's ids. Budgets apply to the volumes of all parts.
 */
export interface SearchSpace {
  lex: Lexicon;
  parts: { index: MatchIndex; toLocal: Int32Array | null }[];
}

/** One index as a search space. */
export function spaceOf(index: MatchIndex): SearchSpace {
  return { lex: index, parts: [{ index, toLocal: null }] };
}

/** Entries found, per part of the space. */
export type PartEntries = number[][];

/**
 * A sure exclusion applied as the entries are collected (ADR 075): `keep(part, entry)` false drops an entry
 * that could not become a hit whatever its name scores (its date of birth contradicts the query's, say).
 * The budgets never see it: whether anything was found (the surname fallback) counts every entry that
 * agreed on enough name parts, so the same candidates are selected as without the filter.
 */
export type EntryFilter = (part: number, entry: number) => boolean;

/**
 * Counts of the candidate search's work (tests read them; nothing else depends on them): entries that
 * agreed on enough name parts, and those of them handed on to scoring (the filter's survivors).
 */
export const candidateWork = { agreed: 0, listed: 0 };

export interface Slot {
  bit: number;
  /** Dictionary ids of the space's lexicon. */
  tokens: number[];
  /** Postings of the tokens in every part: what the budgets compare. */
  volume: number;
  /** The tokens as each part's ids (ascending), absent ones left out. */
  local: number[][];
}

/**
 * The parts' ids and volume of a cached expansion (expandToken's arrays are kept per dictionary): batches
 * repeat names, so each part's ids of a name's expansion are mapped and sorted once, not per row.
 */
const partSlots = new WeakMap<number[], { volume: number; local: number[][] }[]>();

export function slotOf(space: SearchSpace, group: number, bit: number, tokens: number[], cached = false): Slot {
  if (cached && space.parts.length > 1) {
    let byGroup = partSlots.get(tokens);
    if (!byGroup) partSlots.set(tokens, (byGroup = []));
    const made = (byGroup[group] ??= slotOf(space, group, bit, tokens));
    return { bit, tokens, volume: made.volume, local: made.local };
  }
  let volume = 0;
  const local = space.parts.map(({ index, toLocal }) => {
    let ids = tokens;
    if (toLocal) {
      ids = [];
      for (const t of tokens) if (toLocal[t] >= 0) ids.push(toLocal[t]);
      if (ids.length > 1) ids.sort((a, b) => a - b);
    }
    const { start } = index.data.postings[group];
    for (const t of ids) volume += start[t + 1] - start[t];
    return ids;
  });
  return { bit, tokens, volume, local };
}

/** collect() in each wanted part of the space (the others answer no entries); `agreed` counts the entries before the filter. */
export function collectParts(space: SearchSpace, group: number, slots: Slot[], need: number, want: readonly boolean[] | null, keep: EntryFilter | null = null, agreed: { n: number } | null = null): PartEntries {
  return space.parts.map((_, p) => (!want || want[p] ? collect(space, p, group, slots, need, keep, agreed) : []));
}

/**
 * Walks the postings of the slots in one part and returns entries whose matched bits reach `need`.
 * The largest slot (by its volume in all parts) is only probed (never recorded), which keeps common
 * first names cheap.
 */
export function collect(space: SearchSpace, part: number, group: number, slots: Slot[], need: number, keep: EntryFilter | null = null, agreed: { n: number } | null = null): number[] {
  const index = space.parts[part].index;
  const { start, entries } = index.data.postings[group];
  const mask = index.scratchMask;
  const touched = index.scratchTouched;
  let n = 0;
  let largest = -1;
  if (need >= 2 && slots.length >= 2) {
    largest = 0;
    for (let i = 1; i < slots.length; i++) if (slots[i].volume > slots[largest].volume) largest = i;
  }
  for (let i = 0; i < slots.length; i++) {
    if (i === largest) continue;
    const bit = slots[i].bit;
    for (const t of slots[i].local[part]) {
      for (let k = start[t], end = start[t + 1]; k < end; k++) {
        const e = entries[k];
        if (mask[e] === 0) touched[n++] = e;
        mask[e] |= bit;
      }
    }
  }
  if (largest >= 0) {
    const bit = slots[largest].bit;
    for (const t of slots[largest].local[part]) {
      for (let k = start[t], end = start[t + 1]; k < end; k++) {
        const e = entries[k];
        if (mask[e] !== 0) mask[e] |= bit;
      }
    }
  }
  const out: number[] = [];
  let found = 0;
  for (let i = 0; i < n; i++) {
    const e = touched[i];
    const m = mask[e];
    mask[e] = 0;
    if ((m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1) + ((m >> 5) & 1) + ((m >> 6) & 1) + ((m >> 7) & 1) < need) continue;
    found++;
    if (keep === null || keep(part, e)) out.push(e);
  }
  candidateWork.agreed += found;
  candidateWork.listed += out.length;
  if (agreed) agreed.n += found;
  // Touched order depends only on the index and the query, so results stay deterministic.
  return out;
}
