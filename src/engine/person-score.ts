/** Compares two person names field by field, trying the ways people rearrange names. */
import type { LooseSpelling } from './loose-spelling';
import { isParticle, type PersonName } from './person-name';
import { joinChineseGivenName } from './wade-giles';
import { givenNameShare, surnameShare } from './name-frequencies';
import { isCloseSpelling } from './spelling-variant';
import { cutSurname, CUT_SURNAME } from './cut-names';
import { asFirstFactor, NAME_ELEMENT_AS_FIRST_FACTOR } from './name-elements';
import { isOneWord, sameWordsOrder, wordCount } from './name-words';
import { givenNameRarity, surnameRarity } from './name-rarity';
import { hasKanji, kanjiReadingScore } from './kanji-names';
import { TokenComparer, type MatchMethod, type TokenMatch, type TokenRole } from './token-similarity';

export type PersonField = 'first' | 'middle' | 'last';

/** One query field compared with one list field. */
export interface NamePart {
  queryField: PersonField;
  listField: PersonField;
  query: string;
  list: string;
  score: number;
  method: MatchMethod;
}

export interface PersonScore {
  /** Name similarity in [0,1] before any other evidence. */
  score: number;
  parts: NamePart[];
  /** What raised or lowered the name score (middle names, suffixes, swaps). */
  notes: { note: string; effect: number }[];
}

/** Weights of surname and given name in a person's name score. */
export const PERSON_WEIGHTS = { last: 0.55, first: 0.45 } as const;
const MISSING_FIRST_FACTOR = 0.8;
const PARTIAL_SURNAME_EXACT = 0.9;
const PARTIAL_SURNAME_FUZZY = 0.8;
const SWAP_FACTOR = 0.96;
const SAME_WORDS_FACTOR = 0.96;
/** A whole name written as one word ("PolPot"): the same letters, the split unknown. */
const GLUED_NAME = 0.94;
/** A one-word name on both sides (mononyms): the whole name agrees, but one word says less than two. */
const ONE_WORD_BOTH = 0.95;
/** Two full middle names (or patronymics) that differ: evidence of another person. */
const MIDDLE_CONFLICT = -0.2;
/** A middle initial against another middle name or initial. */
const MIDDLE_INITIAL_CONFLICT = -0.12;
const MISSING: TokenMatch = Object.freeze({ score: 0, method: 'missing' });
/** Agreements short of the same name: a nickname, a sound-alike, a typo, an initial, one of two surnames. */
const LOOSE_METHODS: ReadonlySet<MatchMethod> = new Set<MatchMethod>(['nickname', 'initial', 'prefix', 'phonetic', 'typo', 'similar', 'partial', 'cut', 'other-name']);
const QUERY_MIDDLE_AS_SURNAME = 'query middle name read as part of the surname';
const LIST_MIDDLE_AS_SURNAME = 'list middle name read as part of the surname';
/** A surname agreeing only by its spelling (a sound-alike, a typo, an initial), not by a whole word of it. */
const SPELT_LOOSELY: ReadonlySet<MatchMethod> = new Set<MatchMethod>(['initial', 'prefix', 'phonetic', 'typo', 'similar', 'other-name']);
/** Both names agreeing only loosely: a name alone then stays under the default threshold. */
const LOOSE_BOTH_FACTOR = 0.93;
/** A Latin name that is one of the Japanese readings of a name written in kanji (ADR 050): like a katakana reading. */
export const KANJI_READING = 0.9;

type Trace = { parts: NamePart[]; notes: PersonScore['notes'] } | null;

/** Scores list names against one query name, memoising token comparisons across candidates. */
export class PersonMatcher {
  private readonly given = new Map<string, TokenComparer>();
  private readonly spelled = new Map<string, boolean>();
  private readonly surnames = new Map<string, TokenComparer>();
  private readonly rarity = new Map<string, number>();
  private readonly qGlued: string;

  /**
   * `loose`: the rule a name from another script asks for (Arabic/Hebrew consonants, katakana, Wade-Giles).
   * `queryText`: the query name as written, when it has kanji in it (read as a Japanese name, ADR 050).
   */
  constructor(
    readonly query: PersonName,
    private readonly loose: LooseSpelling = null,
    queryText: string | null = null,
  ) {
    this.kanji = queryText && hasKanji(queryText) ? queryText : null;
    this.qGlued = query.last.join('');
    this.chinese = loose === 'wade-giles' || loose === 'pinyin';
    if (this.chinese) this.query = joinChineseGivenName(query, loose === 'wade-giles');
    this.plain = this.chinese ? new PersonMatcher(query) : null;
  }

  /** The query written in kanji, or null. */
  private readonly kanji: string | null;
  /** For a Chinese name: the same query compared as written (the Chinese readings only ever add). */
  private readonly plain: PersonMatcher | null;
  /** A Chinese name: given-name syllables written apart are joined on both sides (ADR 043). */
  private readonly chinese: boolean;

  private compare(q: string, l: string, role: TokenRole): TokenMatch {
    const map = role === 'given' ? this.given : this.surnames;
    let c = map.get(q);
    if (!c) {
      c = new TokenComparer(q, role, this.loose);
      map.set(q, c);
    }
    return c.compare(l);
  }

  /**
   * Name similarity only (fast path for candidate filtering). `elements`: the list writes names of every culture
   * whose given names are all elements of one name (a sanctions list, name-elements.ts).
   */
  similarity(list: PersonName, listText: string | null = null, elements = false): number {
    const s = this.run(list, null, elements).score;
    const best = this.plain ? Math.max(s, this.plain.similarity(list, null, elements)) : s;
    return best < KANJI_READING && this.kanjiReading(list, listText) ? KANJI_READING : best;
  }

  /**
   * Name similarity of a list name to the query, with the parts that produced it. `listText`: the list name as
   * written, when it may be in kanji (`clearlist match` compares either way).
   */
  score(list: PersonName, listText: string | null = null, elements = false): PersonScore {
    const best = this.run(list, null, elements);
    const plain = this.plain ? this.plain.similarity(list, null, elements) : -1;
    const kanji = Math.max(best.score, plain) < KANJI_READING ? this.kanjiReading(list, listText) : null;
    if (kanji) return kanji;
    // The name as written, without the Chinese readings, when that scores higher (one side joined, the other not).
    if (this.plain && plain > best.score) return this.plain.score(list, null, elements);
    // Re-run the winning arrangement with tracing: explanations cost only for kept hits.
    const trace: Trace = { parts: [], notes: [] };
    this.alternative(best.alt, this.chinese ? joinChineseGivenName(list) : list, trace, elements);
    return { score: best.score, parts: trace.parts, notes: trace.notes };
  }

  /** The kanji name (either side) read as the Latin one: the whole name at KANJI_READING, or null. */
  private kanjiReading(list: PersonName, listText: string | null): PersonScore | null {
    if (this.kanji) return kanjiReadingScore(this.kanji, list, 'query', KANJI_READING);
    return listText && hasKanji(listText) ? kanjiReadingScore(listText, this.query, 'list', KANJI_READING) : null;
  }

  private run(given: PersonName, trace: Trace, elements: boolean): { score: number; alt: number } {
    const list = this.chinese ? joinChineseGivenName(given) : given;
    let best = this.alternative(0, list, trace, elements);
    let alt = 0;
    if (best >= 0.99) return { score: best, alt };
    const q = this.query;
    // Rearrangements are only tried when they could help: this is the hot loop of a batch.
    const firstAgrees = q.first && list.first ? this.compare(q.first, list.first, 'given').score >= 0.8 : false;
    const swapPossible = q.first && list.last.length ? this.compare(q.first, list.last[0], 'surname').score >= 0.7 : false;
    for (let a = 1; a <= 7; a++) {
      if (a >= 6 && best >= 0.8) break;
      if (a === 3 && !swapPossible) continue;
      if ((a === 4 || a === 5) && firstAgrees) continue;
      const s = this.alternative(a, list, null, elements);
      if (s > best) {
        best = s;
        alt = a;
      }
    }
    return { score: best, alt };
  }

  /** Arrangement a of the two names: 0 as written, 1/2 middle read as surname, 3 swapped, 4/5 goes by middle name. */
  private alternative(a: number, l: PersonName, trace: Trace, elements: boolean): number {
    const q = this.query;
    switch (a) {
      case 0:
        return this.align(q, l, 1, null, trace);
      case 1:
        // An unhyphenated double surname ("Maria Garcia Lopez") parses as a middle name; initials never do.
        // Not when the other side has a middle name of its own: that one would be left unexplained.
        // Nor when that is only an initial and the list has no second surname the middle name could be: the
        // initial would be another middle name, left unexplained (Angela Myra Mitchell / ANGELA D MITCHELL).
        return isWordy(q.middle) && !isWordy(l.middle) && (!l.middle.length || l.last.length > q.last.length) && !isGivenNameLike(q.middle[0]) ? this.align({ ...q, middle: [], last: [...q.middle, ...q.last] }, l, 1, QUERY_MIDDLE_AS_SURNAME, trace) : -1;
      case 2:
        return isWordy(l.middle) && !isWordy(q.middle) && (!q.middle.length || q.last.length > l.last.length) && !isGivenNameLike(l.middle[0]) ? this.align(q, { ...l, middle: [], last: [...l.middle, ...l.last] }, 1, LIST_MIDDLE_AS_SURNAME, trace) : -1;
      case 3:
        if (!q.first || !q.last.length || !l.first || !l.last.length) return -1;
        return this.align({ first: q.last[0], middle: q.middle, last: [q.first], generation: q.generation }, l, SWAP_FACTOR, 'first and last names swapped', trace);
      case 4:
        return l.middle.length && q.first ? this.align(q, { ...l, first: l.middle[0], middle: [l.first, ...l.middle.slice(1)] }, elements ? NAME_ELEMENT_AS_FIRST_FACTOR : asFirstFactor(l.middle, q.last, l.last), 'goes by the list middle name', trace) : -1;
      case 5:
        return q.middle.length && l.first ? this.align({ ...q, first: q.middle[0], middle: [q.first, ...q.middle.slice(1)] }, l, elements ? NAME_ELEMENT_AS_FIRST_FACTOR : asFirstFactor(q.middle, q.last, l.last), 'goes by the query middle name', trace) : -1;
      case 7:
        return this.glued(l, trace);
      default: {
        // The same words in another order ("NASIR, Ali Khan" vs "KHAN, Nasir Ali"): lists place the comma differently.
        const order = sameWordsOrder(q, l);
        return order ? this.align(order, l, SAME_WORDS_FACTOR, 'same names in another order', trace) : -1;
      }
    }
  }

  /** The whole name written as one word on one side ("PolPot", "SergeiLavrov"). */
  private glued(l: PersonName, trace: Trace): number {
    const q = this.query;
    // One side one word, the other more, tested on the counts before any word list is made (ADR 089).
    const qCount = wordCount(q);
    const lCount = wordCount(l);
    if (qCount === lCount || (qCount !== 1 && lCount !== 1)) return -1;
    const qw = [q.first, ...q.middle, ...q.last].filter(Boolean);
    const lw = [l.first, ...l.middle, ...l.last].filter(Boolean);
    const qj = qw.join('');
    const lj = lw.join('');
    if (qj !== lj || qj.length < 5) return -1;
    trace?.parts.push({ queryField: 'last', listField: 'last', query: qw.join(' '), list: lw.join(' '), score: 1, method: 'glued' });
    trace?.notes.push({ note: 'name written as one word on one side', effect: round(GLUED_NAME - 1) });
    return GLUED_NAME;
  }

  private align(q: PersonName, l: PersonName, factor: number, note: string | null, trace: Trace): number {
    const last = this.surname(q.last, l.last, q === this.query ? this.qGlued : q.last.join(''));
    trace?.parts.push({ queryField: 'last', listField: 'last', query: q.last.join(' '), list: l.last.join(' '), score: last.score, method: last.method });
    let score: number;
    if (isOneWord(q) && isOneWord(l)) {
      // A one-word name on both sides (a mononym, "Madonna" / MADONNA): the whole name, a little less certain.
      score = last.score * ONE_WORD_BOTH;
      trace?.notes.push({ note: 'a one-word name on both sides', effect: round(score - last.score) });
    } else if (!q.first || !l.first) {
      score = last.score * MISSING_FIRST_FACTOR;
      trace?.notes.push({ note: 'first name missing on one side', effect: round(score - last.score) });
    } else {
      const first = this.compare(q.first, l.first, 'given');
      trace?.parts.push({ queryField: 'first', listField: 'first', query: q.first, list: l.first, score: first.score, method: first.method });
      score = PERSON_WEIGHTS.last * last.score + PERSON_WEIGHTS.first * first.score;
      // Two loose agreements do not add up to a strong one (Katy Hall / CATHERINE HILL): each is a chance to be
      // wrong, so together they count as one (ADR 116).
      // A surname spelt another way as closely as a slip goes (Baily/Bailey, Yamamoot for Yamamoto) is the same
      // surname, not a loose one.
      if (LOOSE_METHODS.has(last.method) && LOOSE_METHODS.has(first.method) && !this.spelledOtherwise(q.last, l.last, last.method)) {
        const effect = score * LOOSE_BOTH_FACTOR - score;
        trace?.notes.push({ note: 'surname and first name each agree only loosely', effect: round(effect) });
        score += effect;
      } else if (first.method === 'exact' && ((SPELT_LOOSELY.has(last.method) && !this.spelledOtherwise(q.last, l.last, last.method)) || (last.method === 'partial' && (note === QUERY_MIDDLE_AS_SURNAME || note === LIST_MIDDLE_AS_SURNAME)))) {
        // A surname spelt as closely as a slip goes (Kelly/Kelley, Jonsn) is the same; a far sound-alike is not yet.
        // One of two surnames written as such (GARCIA LOPEZ, Quinn-Day) is a surname written whole: not discounted;
        // one found only by reading a middle name as a surname (Robert Arnold / ROBERT ARNOLD DEMARCO) is a guess.
        score = this.common(score, 'g' + q.first, q.first, 'first', trace);
      } else if (last.method === 'exact' && first.method !== 'nickname' && LOOSE_METHODS.has(first.method)) {
        // A nickname is the same first name (Ann/Anna): a namesake, however common the surname.
        score = this.common(score, 's' + q.last.join(' '), q.last.join(' '), 'surname', trace);
      }
    }
    score += this.middleAdjustment(q, l, trace);
    if (q.generation && l.generation && q.generation !== l.generation) {
      score -= 0.08;
      trace?.notes.push({ note: `generation suffix differs (${q.generation} vs ${l.generation})`, effect: -0.08 });
    }
    if (factor !== 1) {
      trace?.notes.push({ note: note ?? 'rearranged', effect: round(score * factor - score) });
      score *= factor;
    } else if (note) trace?.notes.push({ note, effect: 0 });
    return score < 0 ? 0 : score > 1 ? 1 : score;
  }

  /**
   * One part agrees exactly, the other only loosely: the exact one weighs by how rare it is (ADR 118), memoised
   * by name (the exact part is the query's, rearranged or not).
   */
  private common(score: number, key: string, name: string, part: 'first' | 'surname', trace: Trace): number {
    let factor = this.rarity.get(key);
    if (factor === undefined) {
      factor = part === 'first' ? givenNameRarity(name) : surnameRarity(name.split(' '));
      this.rarity.set(key, factor);
    }
    if (factor === 1) return score;
    const effect = score * factor - score;
    trace?.notes.push({ note: `a common ${part === 'first' ? 'first name' : 'surname'} (${name}) agrees, the other part only loosely`, effect: round(effect) });
    return score + effect;
  }

  /**
   * Whether the list surname is the query's spelt another way as closely as a slip goes (Kelly/Kelley, Yamamoot
   * for Yamamoto, Jonsn for Johnson), memoised by list surname: a hot path of a batch.
   */
  private spelledOtherwise(q: readonly string[], l: readonly string[], method: MatchMethod): boolean {
    if (method !== 'typo' && method !== 'phonetic') return false;
    const b = l.length === 1 ? l[0] : l.join('');
    // Rearranged queries (a middle name read as surname, swapped names) are rare: computed, not memoised.
    if (q !== this.query.last) return closelySpelt(q.join(''), b);
    let known = this.spelled.get(b);
    if (known === undefined) {
      known = closelySpelt(q.length === 1 ? q[0] : q.join(''), b);
      this.spelled.set(b, known);
    }
    return known;
  }

  private middleAdjustment(q: PersonName, l: PersonName, trace: Trace): number {
    if (q.middle.length && l.middle.length) {
      const m = this.compare(q.middle[0], l.middle[0], 'given');
      trace?.parts.push({ queryField: 'middle', listField: 'middle', query: q.middle[0], list: l.middle[0], score: m.score, method: m.method });
      if (m.score >= 0.8) return 0;
      const bothFull = q.middle[0].length > 1 && l.middle[0].length > 1;
      const effect = m.score >= 0.5 ? -0.04 : bothFull ? MIDDLE_CONFLICT : MIDDLE_INITIAL_CONFLICT;
      trace?.notes.push({ note: 'middle names differ', effect });
      return effect;
    }
    if (q.middle.length || l.middle.length) {
      trace?.notes.push({ note: 'middle name on one side only', effect: -0.01 });
      return -0.01;
    }
    return 0;
  }

  /** Surname similarity, allowing compound surnames to match one of their parts. */
  private surname(qAll: string[], lAll: string[], gq: string): TokenMatch {
    if (!qAll.length || !lAll.length) return MISSING;
    if (qAll.length === 1 && lAll.length === 1) {
      const one = this.compare(qAll[0], lAll[0], 'surname');
      const cut = one.score < CUT_SURNAME ? cutSurname(qAll, lAll) : null;
      return cut ?? one;
    }
    const gl = lAll.length === 1 ? lAll[0] : lAll.join('');
    if (gq === gl) return qAll.length === lAll.length ? { score: 1, method: 'exact' } : { score: 0.98, method: 'glued' };
    const qs = withoutParticles(qAll);
    const ls = withoutParticles(lAll);
    let best = this.compare(gq, gl, 'surname');
    const cut = cutSurname(qAll, lAll);
    if (cut && cut.score > best.score) best = cut;
    if (qs.length === 1 && ls.length === 1) {
      const one = this.compare(qs[0], ls[0], 'surname');
      return one.score > best.score ? one : best;
    }
    // Greedy one-to-one pairing of the best token pairs.
    const pairs: { i: number; j: number; m: TokenMatch }[] = [];
    for (let i = 0; i < qs.length; i++) for (let j = 0; j < ls.length; j++) pairs.push({ i, j, m: this.compare(qs[i], ls[j], 'surname') });
    pairs.sort((a, b) => b.m.score - a.m.score || a.i - b.i || a.j - b.j);
    let usedQ = 0;
    let usedL = 0;
    let sum = 0;
    let matched = 0;
    let allExact = true;
    for (const p of pairs) {
      if (usedQ & (1 << p.i) || usedL & (1 << p.j) || p.m.score < 0.7) continue;
      usedQ |= 1 << p.i;
      usedL |= 1 << p.j;
      sum += p.m.score;
      matched++;
      if (p.m.method !== 'exact') allExact = false;
    }
    const small = Math.min(qs.length, ls.length);
    let score: number;
    if (matched === small && matched > 0) {
      score = (sum / matched) * (qs.length === ls.length ? 1 : allExact ? PARTIAL_SURNAME_EXACT : PARTIAL_SURNAME_FUZZY);
    } else score = (sum / Math.max(qs.length, ls.length)) * 0.85;
    const method: MatchMethod = qs.length === ls.length && allExact && matched === small ? 'exact' : 'partial';
    if (score > best.score) best = { score, method };
    return best;
  }
}

function closelySpelt(a: string, b: string): boolean {
  return a !== b && isCloseSpelling(a, b, 'surname');
}

/** A word more often a given name than a surname in the US (Joseph, Dennis): a middle name, not a first surname. */
function isGivenNameLike(token: string): boolean {
  return givenNameShare(token) > surnameShare(token);
}


function isWordy(tokens: string[]): boolean {
  return tokens.length > 0 && tokens.every((t) => t.length > 1);
}

function withoutParticles(tokens: string[]): string[] {
  const kept = tokens.filter((t) => !isParticle(t));
  return kept.length ? kept : tokens;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
