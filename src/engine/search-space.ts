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
 * agreed on enough name parts, and those of them handed on to scoring (the filter's survivors); postings of
 * the probed slot walked one by one, and its postings lists searched for the recorded entries instead (ADR 087).
 */
export const candidateWork = { agreed: 0, listed: 0, probeWalked: 0, probeSearched: 0, probeMemoMade: 0, probeMemoHits: 0 };

/**
 * A probed postings list is searched for the recorded entries (galloping through it with them in ascending
 * order) rather than walked when it is longer than this many times what the search costs (ADR 087): a walk
 * reads each posting once, in order (cheap); a search step jumps. A common first name's token under a rare
 * surname is searched, the short lists of its typo and phonetic neighbours are walked.
 */
const SEARCH_OVER_WALK = 4;

export interface Slot {
  bit: number;
  /** Dictionary ids of the space's lexicon. */
  tokens: number[];
  /** Postings of the tokens in every part: what the budgets compare. */
  volume: number;
  /** The tokens as each part's ids (ascending), absent ones left out. */
  local: number[][];
  /** Whether the ids are a kept expansion's (the same arrays for every query of the name): its probe may be memoized (ADR 087). */
  shared?: boolean;
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
    return { bit, tokens, volume: made.volume, local: made.local, shared: true };
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
  // One index: its ids are the kept expansion itself (the same array for every query of the name).
  return { bit, tokens, volume, local, shared: cached && space.parts.length === 1 };
}

/**
 * The entries of a probed slot's postings in one part, as a bitset (ADR 087). A batch's first names repeat
 * (10,000 rows of the batch bench probe ~1,100 distinct expansions): the second time an expansion is probed,
 * its postings are set once in a bitset, and each later query tests its recorded entries there instead of
 * walking the postings (a common first name's run to thousands; the entries recorded under the surname
 * are fewer). Kept per index, group and expansion (the expansion's array, weakly), up to PROBE_MEMO_BYTES per
 * search space and thread (a one-part index, or all the parts of a parted one: its dictionary's budget, gone
 * with it); the walk stays for the first probe of an expansion and once the budget is spent.
 */
interface ProbeMemo {
  uses: number;
  /** The slot's postings in the part (what a walk reads). */
  volume: number;
  bits: Uint32Array | null;
}
interface ProbeMemos {
  byGroup: WeakMap<number[], ProbeMemo>[];
}
const probeMemos = new WeakMap<MatchIndex, ProbeMemos>();
/** Whether probes are memoized (ADR 087); off only to compare (tests, the bench's A/B). */
export const probeMemo = { on: true };
/** Bitsets kept per search space and thread: 16 MB, ~270 expansions of the bench's 490,000-record lists. */
const PROBE_MEMO_BYTES = 16 << 20;
/** The bytes of bitsets made per search space (by its dictionary: a new index version starts anew). */
const memoBudgets = new WeakMap<Lexicon, { bytes: number }>();

function probeMemoOf(lex: Lexicon, index: MatchIndex, group: number, ids: number[]): ProbeMemo {
  let memos = probeMemos.get(index);
  if (!memos) probeMemos.set(index, (memos = { byGroup: [] }));
  const byGroup = (memos.byGroup[group] ??= new WeakMap());
  let memo = byGroup.get(ids);
  if (!memo) {
    const { start } = index.data.postings[group];
    let volume = 0;
    for (const t of ids) volume += start[t + 1] - start[t];
    byGroup.set(ids, (memo = { uses: 0, volume, bits: null }));
  }
  if (memo.bits === null && ++memo.uses >= 2) {
    const words = (index.data.entry.record.length + 31) >>> 5;
    let budget = memoBudgets.get(lex);
    if (!budget) memoBudgets.set(lex, (budget = { bytes: 0 }));
    if (budget.bytes + words * 4 <= PROBE_MEMO_BYTES) {
      const { start, entries } = index.data.postings[group];
      const bits = new Uint32Array(words);
      for (const t of ids) for (let k = start[t], end = start[t + 1]; k < end; k++) bits[entries[k] >>> 5] |= 1 << (entries[k] & 31);
      memo.bits = bits;
      budget.bytes += words * 4;
      candidateWork.probeMemoMade++;
    }
  }
  return memo;
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
  const memo = largest >= 0 && slots[largest].shared && probeMemo.on ? probeMemoOf(space.lex, index, group, slots[largest].local[part]) : null;
  if (memo?.bits && slots.length === 2) return collectPair(index, part, group, slots[1 - largest], memo.bits, keep, agreed);
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
    const ids = slots[largest].local[part];
    if (memo?.bits && n < memo.volume) {
      // The recorded entries tested in the expansion's bitset: the same bits set as the walk below sets.
      const bits = memo.bits;
      for (let i = 0; i < n; i++) {
        const e = touched[i];
        if ((bits[e >>> 5] & (1 << (e & 31))) !== 0) mask[e] |= bit;
      }
      candidateWork.probeMemoHits++;
    } else {
      // The recorded entries in ascending order, made when a list is first worth searching (ADR 087).
      let sorted: Int32Array | null = null;
      for (const t of ids) {
        const lo = start[t];
        const hi = start[t + 1];
        const len = hi - lo;
        if (n > 0 && len > SEARCH_OVER_WALK * n * (1 + Math.log2(1 + len / n))) {
          sorted ??= touched.slice(0, n).sort();
          gallopMark(entries, lo, hi, sorted, mask, bit);
          candidateWork.probeSearched++;
          continue;
        }
        candidateWork.probeWalked++;
        for (let k = lo; k < hi; k++) {
          const e = entries[k];
          if (mask[e] !== 0) mask[e] |= bit;
        }
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

/**
 * collect() for two name parts (need 2) when the larger's entries are memoized as a bitset (ADR 087): the
 * smaller's postings are walked once and an entry is an agreeing one when the bitset holds it, so no entry
 * is recorded, probed and scanned in turn. The entries come in the order collect() lists them (the first time
 * the walk meets each), the filter sees them in that order, and the counts are the same.
 */
function collectPair(index: MatchIndex, part: number, group: number, walked: Slot, bits: Uint32Array, keep: EntryFilter | null, agreed: { n: number } | null): number[] {
  const { start, entries } = index.data.postings[group];
  const mask = index.scratchMask;
  const both: number[] = [];
  for (const t of walked.local[part]) {
    for (let k = start[t], end = start[t + 1]; k < end; k++) {
      const e = entries[k];
      if ((bits[e >>> 5] & (1 << (e & 31))) !== 0 && mask[e] === 0) {
        mask[e] = 1;
        both.push(e);
      }
    }
  }
  for (const e of both) mask[e] = 0;
  const out = keep === null ? both : both.filter((e) => keep(part, e));
  candidateWork.probeMemoHits++;
  candidateWork.agreed += both.length;
  candidateWork.listed += out.length;
  if (agreed) agreed.n += both.length;
  return out;
}

/**
 * Sets `bit` in the mask of each of `wanted` (ascending) found in entries[lo, hi) (ascending): each is looked
 * for from where the previous one was, by doubling steps and then halving, so a list is searched in about
 * wanted.length × log(list length / wanted.length) steps instead of being read whole (ADR 087).
 */
function gallopMark(entries: Int32Array, lo: number, hi: number, wanted: Int32Array, mask: Uint8Array, bit: number): void {
  let k = lo;
  for (let i = 0; i < wanted.length && k < hi; i++) {
    const e = wanted[i];
    if (entries[k] < e) {
      // entries[k] < e: double the step until entries[k + step] >= e (or the end), then halve within (k, k + step].
      let step = 1;
      while (k + step < hi && entries[k + step] < e) {
        k += step;
        step *= 2;
      }
      let a = k + 1;
      let b = Math.min(k + step, hi);
      while (a < b) {
        const m = (a + b) >>> 1;
        if (entries[m] < e) a = m + 1;
        else b = m;
      }
      k = a;
      if (k >= hi) return;
    }
    if (entries[k] === e) mask[e] |= bit;
  }
}
