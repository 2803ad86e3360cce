/**
 * Candidate search: expand each query token to dictionary tokens that could match it
 * (exact, typo neighbours, phonetic, nicknames, glued surnames), walk their postings and
 * keep entries that agree on enough name parts. Only these candidates get scored.
 */
import { isGenericBusinessToken } from './business-name';
import { GROUP } from './index-data';
import type { MatchIndex } from './match-index';
import { collect, collectParts, slotOf, type EntryFilter, type PartEntries, type SearchSpace, type Slot } from './search-space';
import { areNicknames, isKnownGivenName, relatedNames } from './nicknames';
import type { PersonName } from './person-name';
import type { MatchAlgorithm } from './settings';
import { boundedEditDistance } from './string-distance';
import { looseKeys, type LooseSpelling } from './loose-spelling';
import { chineseSyllables, isSyllabic, sinoKey } from './wade-giles';
import { maxTypoEdits, sameConsonants, skeleton } from './token-similarity';
import { typoCandidates } from './typo-keys';
import { kanjiNameSpellings } from './kanji-names';
import { PartsLexicon, sharedWork, type Lexicon } from './parts-lexicon';

/** Posting volume above which a name part is left to scoring rather than searched. */
const SKIP_POSTINGS = 150_000;
const MAX_EXPANSIONS = 400;
const FALLBACK_LIMIT = 20_000;

/**
 * Expansions kept per dictionary (ADR 079: one map per kind of expansion, so a lookup hashes the token alone,
 * not a key string made for each call); at most MAX_CACHED in all, then they are dropped.
 */
interface ExpansionCache {
  size: number;
  kinds: Map<string, Map<string, number[]>>;
}
const expansionCaches = new WeakMap<Lexicon, ExpansionCache>();
const MAX_CACHED = 50_000;
/** The kinds of expansion without a loose spelling, by algorithm and role (the common case: no string made). */
const PLAIN_KINDS = { Fuzzy: { g: 'Fuzzyg', s: 'Fuzzys' }, Exact: { g: 'Exactg', s: 'Exacts' } } as const;
const skeletonMaps = new WeakMap<Lexicon, Map<string, number[]>>();

/**
 * Dictionary tokens with vowels whose consonants are the token's (a name written in Arabic or Hebrew
 * letters). The map is built on the first such query and kept with the index: other queries never pay.
 */
function consonantNeighbours(index: Lexicon, token: string): number[] {
  let map = skeletonMaps.get(index);
  if (!map) {
    map = new Map();
    index.tokens.forEach((t, id) => {
      if (t.length < 2 || !/[aeiou]/.test(t) || !/^[a-z]+$/.test(t)) return;
      const key = skeleton(t);
      const list = map!.get(key);
      if (list) list.push(id);
      else map!.set(key, [id]);
    });
    skeletonMaps.set(index, map);
  }
  return /[aeiou]/.test(token) ? [] : (map.get(skeleton(token)) ?? []).filter((id) => sameConsonants(token, index.tokens[id]));
}

const keyMaps = { kana: new WeakMap<Lexicon, Map<string, number[]>>(), brahmic: new WeakMap<Lexicon, Map<string, number[]>>() };

/**
 * Dictionary tokens a katakana reading, or a Thai or Khmer name read in Latin letters, may render (the same
 * loose key); each map is built on the first query that needs it.
 */
function keyNeighbours(index: Lexicon, token: string, rule: 'kana' | 'brahmic'): number[] {
  let map = keyMaps[rule].get(index);
  if (!map) {
    map = new Map();
    index.tokens.forEach((t, id) => {
      if (t.length < 2 || !/^[a-z]+$/.test(t)) return;
      for (const key of looseKeys(rule, t)) {
        const list = map!.get(key);
        if (list) list.push(id);
        else map!.set(key, [id]);
      }
    });
    keyMaps[rule].set(index, map);
  }
  const ids = new Set<number>();
  for (const key of looseKeys(rule, token)) for (const id of map.get(key) ?? []) ids.add(id);
  return [...ids];
}

const sinoMaps = new WeakMap<Lexicon, Map<string, number[]>>();

/**
 * Dictionary tokens that spell the query token, or one of its syllables, in the other romanisation of Chinese
 * (Wade-Giles "tse", "tung" for pinyin "zedong"); the map is built on the first query with a Chinese name.
 */
function chineseNeighbours(index: Lexicon, token: string): number[] {
  let map = sinoMaps.get(index);
  if (!map) {
    map = new Map();
    index.tokens.forEach((t, id) => {
      if (!isSyllabic(t)) return;
      const key = sinoKey(t);
      const list = map!.get(key);
      if (list) list.push(id);
      else map!.set(key, [id]);
    });
    sinoMaps.set(index, map);
  }
  const ids = new Set<number>();
  for (const part of new Set([token, ...chineseSyllables(token)])) for (const id of map.get(sinoKey(part)) ?? []) ids.add(id);
  return [...ids];
}

/** Dictionary tokens a query token may match (cached per dictionary: batches repeat names a lot). */
export function expandToken(index: Lexicon, token: string, algorithm: MatchAlgorithm, given: boolean, loose: LooseSpelling = null): number[] {
  let cache = expansionCaches.get(index);
  if (!cache) expansionCaches.set(index, (cache = { size: 0, kinds: new Map() }));
  const kind = loose === null ? PLAIN_KINDS[algorithm][given ? 'g' : 's'] : `${algorithm}${given ? 'g' : 's'}${loose}`;
  let kept = cache.kinds.get(kind);
  if (!kept) cache.kinds.set(kind, (kept = new Map()));
  let ids = kept.get(token);
  if (!ids) {
    if (cache.size > MAX_CACHED) {
      for (const m of cache.kinds.values()) m.clear();
      cache.size = 0;
    }
    ids = computeExpansion(index, token, algorithm, given);
    // A name written without vowels also meets the spellings with vowels of its consonants.
    if (loose === 'abjad' && algorithm !== 'Exact') ids = [...new Set([...ids, ...consonantNeighbours(index, token).slice(0, MAX_EXPANSIONS)])].sort((a, b) => a - b);
    else if ((loose === 'kana' || loose === 'brahmic') && algorithm !== 'Exact') ids = [...new Set([...ids, ...keyNeighbours(index, token, loose).slice(0, MAX_EXPANSIONS)])].sort((a, b) => a - b);
    else if ((loose === 'wade-giles' || loose === 'pinyin') && algorithm !== 'Exact') ids = [...new Set([...ids, ...chineseNeighbours(index, token).slice(0, MAX_EXPANSIONS)])].sort((a, b) => a - b);
    kept.set(token, ids);
    cache.size++;
  }
  return ids;
}

function computeExpansion(index: Lexicon, token: string, algorithm: MatchAlgorithm, given: boolean): number[] {
  sharedWork.expansions++;
  const out = new Set<number>();
  const exact = index.tokenId(token);
  if (exact >= 0) out.add(exact);
  if (algorithm === 'Exact' || token.length < 2) return [...out];
  const allowed = maxTypoEdits(token.length + 1);
  const typos = index instanceof PartsLexicon ? index.typoCandidates(token, allowed) : typoCandidates((index as MatchIndex).data.typo, token, allowed);
  for (const id of typos) {
    if (out.size >= MAX_EXPANSIONS) break;
    const t = index.tokens[id];
    if (!out.has(id) && boundedEditDistance(token, t, maxTypoEdits(Math.max(token.length, t.length))) <= 2) out.add(id);
  }
  if (token.length >= 3) {
    // Phonetic classes of short keys are large; only similar lengths can score as phonetic.
    let taken = 0;
    for (const id of index.phoneticNeighbours(token)) {
      if (Math.abs(index.tokens[id].length - token.length) > 3) continue;
      out.add(id);
      if (++taken >= 64) break;
    }
  }
  if (given) {
    for (const name of relatedNames(token)) {
      const id = index.tokenId(name);
      if (id >= 0) out.add(id);
    }
    // Another known given name that is no nickname of this one scores too low to ever match.
    if (isKnownGivenName(token)) {
      for (const id of [...out]) {
        const t = index.tokens[id];
        if (t !== token && isKnownGivenName(t) && !areNicknames(token, t)) out.delete(id);
      }
    }
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Person entries worth scoring for a query name, per part. The tokens are expanded once, and the budgets
 * (postings left to scoring, the surname fallback) weigh the volumes of all parts, as one index does;
 * parts not wanted (none of the asked sources) are not walked.
 */
export function personCandidates(space: SearchSpace, q: PersonName, algorithm: MatchAlgorithm, loose: LooseSpelling = null, want: readonly boolean[] | null = null, keep: EntryFilter | null = null): PartEntries {
  const g = GROUP.person;
  const lex = space.lex;
  const none = space.parts.map(() => []);
  const slots: Slot[] = [];
  if (q.first.length >= 2) slots.push(slotOf(space, g, 1, expandToken(lex, q.first, algorithm, true, loose), true));
  if (q.last.length === 1 && q.last[0].length >= 2) {
    // One surname word: its expansion as it is (unique, ascending), so the parts' ids come from the cache.
    slots.push(slotOf(space, g, 2, expandToken(lex, q.last[0], algorithm, false, loose), true));
  } else {
    const lastTokens = new Set<number>();
    for (const t of q.last) if (t.length >= 2) for (const id of expandToken(lex, t, algorithm, false, loose)) lastTokens.add(id);
    if (q.last.length > 1) for (const id of expandToken(lex, q.last.join(''), algorithm, false)) lastTokens.add(id);
    if (lastTokens.size || q.last.length) slots.push(slotOf(space, g, 2, [...lastTokens]));
  }
  const middle = q.middle.filter((t) => t.length >= 2);
  if (middle.length === 1) slots.push(slotOf(space, g, 4, expandToken(lex, middle[0], algorithm, true, loose), true));
  else if (middle.length) slots.push(slotOf(space, g, 4, [...new Set(middle.flatMap((t) => expandToken(lex, t, algorithm, true, loose)))]));
  if (!slots.length) return none;
  // Two agreeing name parts make a candidate; a part with enormous postings is left to scoring.
  let walked = slots.filter((s) => s.volume <= SKIP_POSTINGS);
  if (!walked.length) walked = [slots.reduce((a, b) => (a.volume <= b.volume ? a : b))];
  const need = Math.min(2, walked.length, slots.length);
  const agreed = { n: 0 };
  const found = collectParts(space, g, walked, need, want, keep, agreed);
  if (need < 2 || agreed.n > 0) return found;
  // One index falls back only when nothing at all was found, in the parts not asked for too.
  if (want && space.parts.some((_, p) => !want[p] && collect(space, p, g, walked, need).length)) return found;
  // Typos beyond our keys in one part: fall back to the surname alone when that is affordable.
  const surname = slots.find((s) => s.bit === 2);
  return surname && surname.volume <= FALLBACK_LIMIT ? collectParts(space, g, [surname], 1, want, keep) : none;
}

/** Shortest whole name that is searched glued or split: shorter joins meet too many names by chance. */
const MIN_GLUED_NAME = 5;

/** Each part's entries of a set per part, ascending. */
const sortedParts = (sets: Set<number>[]): PartEntries => sets.map((s) => [...s].sort((x, y) => x - y));

/**
 * Person entries whose whole name is the query's whole name written as one word on one side
 * ("PolPot" / POL POT, "Sergei Lavrov" / SERGEILAVROV). The name parts of such pairs never agree
 * token by token, so personCandidates cannot find them; these are looked up exactly (one word split
 * at each point into two dictionary tokens, or several words joined) and scored like any candidate.
 */
export function gluedPersonCandidates(space: SearchSpace, q: PersonName, algorithm: MatchAlgorithm, want: readonly boolean[] | null = null): PartEntries {
  const none = space.parts.map(() => []);
  if (algorithm === 'Exact') return none;
  const g = GROUP.person;
  const lex = space.lex;
  const words = [q.first, ...q.middle, ...q.last].filter(Boolean);
  const joined = words.join('');
  if (joined.length < MIN_GLUED_NAME) return none;
  if (words.length > 1) {
    const id = lex.tokenId(joined);
    return id >= 0 ? collectParts(space, g, [slotOf(space, g, 1, [id])], 1, want) : none;
  }
  const out = space.parts.map(() => new Set<number>());
  for (let i = 2; i <= joined.length - 2; i++) {
    const a = lex.tokenId(joined.slice(0, i));
    const b = lex.tokenId(joined.slice(i));
    if (a < 0 || b < 0) continue;
    const slots = [slotOf(space, g, 1, [a]), slotOf(space, g, 2, [b])];
    if (slots.some((s) => s.volume > SKIP_POSTINGS)) continue;
    collectParts(space, g, slots, 2, want).forEach((found, p) => found.forEach((e) => out[p].add(e)));
  }
  return sortedParts(out);
}

/**
 * Person entries whose name may be a Japanese reading of a query written in kanji (ADR 050): a family name and
 * a given name that the kanji can be read as, both words of the list name. Scoring then checks the reading.
 */
export function kanjiPersonCandidates(space: SearchSpace, kanjiText: string, algorithm: MatchAlgorithm, want: readonly boolean[] | null = null): PartEntries {
  const out = space.parts.map(() => new Set<number>());
  if (algorithm === 'Exact') return sortedParts(out);
  const g = GROUP.person;
  const lex = space.lex;
  for (const { family, given } of kanjiNameSpellings(kanjiText, (s) => lex.tokenId(s) >= 0)) {
    const slots = [slotOf(space, g, 1, given.map((s) => lex.tokenId(s))), slotOf(space, g, 2, family.map((s) => lex.tokenId(s)))];
    collectParts(space, g, slots, 2, want).forEach((found, p) => found.forEach((e) => out[p].add(e)));
  }
  return sortedParts(out);
}

/** Business entries worth scoring, per part: they share a distinctive word (or every generic word). */
export function businessCandidates(space: SearchSpace, names: string[][], algorithm: MatchAlgorithm, want: readonly boolean[] | null = null): PartEntries {
  const g = GROUP.business;
  const lex = space.lex;
  const out = space.parts.map(() => new Set<number>());
  for (const q of names) {
    const distinctive = q.filter((t) => !isGenericBusinessToken(t));
    const glued = algorithm === 'Fuzzy' ? q.slice(1).map((t, i) => q[i] + t) : [];
    if (distinctive.length) {
      const ids = new Set<number>();
      for (const t of [...distinctive, ...glued]) for (const id of expandToken(lex, t, algorithm, false)) ids.add(id);
      let slots = [...ids].map((id) => slotOf(space, g, 1, [id])).sort((a, b) => a.volume - b.volume || a.tokens[0] - b.tokens[0]);
      // Common distinctive words beyond the budget are left to scoring.
      let budget = SKIP_POSTINGS * 2;
      slots = slots.filter((s, i) => i === 0 || (budget -= s.volume) >= 0);
      collectParts(space, g, slots, 1, want).forEach((found, p) => found.forEach((e) => out[p].add(e)));
    } else {
      const slots = q.slice(0, 8).map((t, i) => slotOf(space, g, 1 << i, expandToken(lex, t, algorithm, false)));
      collectParts(space, g, slots, slots.length, want).forEach((found, p) => found.forEach((e) => out[p].add(e)));
    }
  }
  return sortedParts(out);
}
