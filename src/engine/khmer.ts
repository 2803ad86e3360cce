/**
 * Khmer names in Latin letters, close to the UNGEGN romanisation (ADR 050). The package we use for other
 * scripts reads Khmer letter by letter, without the unwritten vowels (សម "sm" for Sam) and with one value per
 * vowel sign, where Khmer says a vowel one way after a first-series consonant and another after a
 * second-series one (ជា chea, តា ta). This reads syllables: the consonant and its subscripts, the series (and
 * the signs ៉ ៊ that change it), the vowel by series (or the unwritten â/ô), and a consonant without a vowel
 * closing the syllable before it (សម sam, ពត pot), or starting one when a vowel follows (សីហនុ sihanu).
 * In names ី is written i, as the Latin forms of Cambodian names write it.
 */
// Consonants: Latin value and series (1: a-series, 2: o-series).
const CONSONANTS: Record<string, [string, 1 | 2]> = {
  ក: ['k', 1], ខ: ['kh', 1], គ: ['k', 2], ឃ: ['kh', 2], ង: ['ng', 2], ច: ['ch', 1], ឆ: ['chh', 1], ជ: ['ch', 2], ឈ: ['chh', 2],
  ញ: ['nh', 2], ដ: ['d', 1], ឋ: ['th', 1], ឌ: ['d', 2], ឍ: ['th', 2], ណ: ['n', 1], ត: ['t', 1], ថ: ['th', 1], ទ: ['t', 2],
  ធ: ['th', 2], ន: ['n', 2], ប: ['b', 1], ផ: ['ph', 1], ព: ['p', 2], ភ: ['ph', 2], ម: ['m', 2], យ: ['y', 2], រ: ['r', 2],
  ល: ['l', 2], វ: ['v', 2], ស: ['s', 1], ហ: ['h', 1], ឡ: ['l', 1], អ: ['', 1],
};
const FINALS: Record<string, string> = {
  ក: 'k', ខ: 'k', គ: 'k', ឃ: 'k', ង: 'ng', ច: 'ch', ឆ: 'ch', ជ: 'ch', ឈ: 'ch', ញ: 'nh', ដ: 't', ឋ: 't', ឌ: 't', ឍ: 't', ណ: 'n',
  ត: 't', ថ: 't', ទ: 't', ធ: 't', ន: 'n', ប: 'b', ផ: 'p', ព: 'p', ភ: 'p', ម: 'm', យ: 'y', រ: '', ល: 'l', វ: 'v', ស: 's', ហ: 'h', ឡ: 'l', អ: '',
};
const INDEPENDENT: Record<string, string> = { ឥ: 'e', ឦ: 'ei', ឧ: 'o', ឩ: 'ou', ឪ: 'au', ឫ: 'rue', ឬ: 'rueu', ឭ: 'lue', ឮ: 'lueu', ឯ: 'ae', ឰ: 'ai', ឱ: 'ao', ឲ: 'ao', ឳ: 'au' };
// Vowel signs: [after a first-series consonant, after a second-series one].
const VOWELS: Record<string, [string, string]> = {
  '\u17b6': ['a', 'ea'], '\u17b7': ['e', 'i'], '\u17b8': ['i', 'i'], '\u17b9': ['oe', 'ue'], '\u17ba': ['oeu', 'ueu'], '\u17bb': ['o', 'u'],
  '\u17bc': ['ou', 'u'], '\u17bd': ['uo', 'uo'], '\u17be': ['aeu', 'eu'], '\u17bf': ['oea', 'oea'], '\u17c0': ['ie', 'ie'], '\u17c1': ['e', 'e'],
  '\u17c2': ['ae', 'e'], '\u17c3': ['ai', 'ey'], '\u17c4': ['ao', 'o'], '\u17c5': ['au', 'ov'],
};
const NIKAHIT = '\u17c6';
const REAHMUK = '\u17c7';
const COENG = '\u17d2';
const TO_FIRST = '\u17c9';
const TO_SECOND = '\u17ca';
const SILENCE = '\u17cd';

/** A written cluster: a consonant (or independent vowel), its subscripts, and the signs over and under it. */
interface Cluster {
  base: string;
  subs: string[];
  marks: string;
}

function clustersOf(word: string): Cluster[] {
  const cs = [...word];
  const out: Cluster[] = [];
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i];
    if (CONSONANTS[c] || INDEPENDENT[c]) {
      out.push({ base: c, subs: [], marks: '' });
      continue;
    }
    const last = out[out.length - 1];
    if (!last) continue;
    if (c === COENG && CONSONANTS[cs[i + 1]]) last.subs.push(cs[++i]);
    else last.marks += c;
  }
  return out.filter((k) => !k.marks.includes(SILENCE));
}

const hasVowel = (k: Cluster): boolean => [...k.marks].some((m) => VOWELS[m] || m === NIKAHIT || m === REAHMUK);

/** The vowel of a cluster by its series: a sign, ំ, ះ, or the unwritten â/ô. */
function vowelOf(k: Cluster, series: 1 | 2): string {
  const signs = [...k.marks];
  const sign = signs.find((m) => VOWELS[m]);
  let v = sign ? VOWELS[sign][series - 1] : '';
  if (signs.includes(NIKAHIT)) v = sign === '\u17bb' ? (series === 1 ? 'om' : 'um') : sign === '\u17b6' ? (series === 1 ? 'am' : 'oam') : series === 1 ? 'am' : 'um';
  else if (!sign) v = series === 1 ? 'a' : 'o';
  if (signs.includes(REAHMUK)) v += 'h';
  return v;
}

function seriesOf(k: Cluster, c: string): 1 | 2 {
  if (k.marks.includes(TO_FIRST)) return 1;
  if (k.marks.includes(TO_SECOND)) return 2;
  return CONSONANTS[c]?.[1] ?? 1;
}

/** One word of Khmer in Latin letters. */
function romaniseWord(word: string): string {
  const ks = clustersOf(word);
  let out = '';
  let open = false;
  ks.forEach((k, i) => {
    if (INDEPENDENT[k.base]) {
      out += INDEPENDENT[k.base];
      open = true;
      return;
    }
    const voweled = hasVowel(k);
    const next = ks[i + 1];
    // A consonant with no vowel after an open syllable closes it, unless a vowel follows it (then it starts one).
    if (i > 0 && open && (!voweled || k.subs.length) && (k.subs.length || !next || !hasVowel(next))) {
      out += FINALS[k.base] ?? '';
      open = false;
      if (!k.subs.length) return;
      k = { base: k.subs[0], subs: k.subs.slice(1), marks: k.marks };
    }
    const series = seriesOf(k, k.base);
    // ប with ៉ is said p.
    const initial = (k.base === 'ប' && k.marks.includes(TO_FIRST) ? 'p' : CONSONANTS[k.base][0]) + k.subs.map((s) => CONSONANTS[s][0]).join('');
    const vowel = vowelOf(k, series);
    out += initial + vowel;
    open = !/[mh]$/.test(vowel);
  });
  return out;
}

const KHMER_WORD = /[\u1780-\u17dd]+/g;

/** Replaces every word of Khmer in a text with its Latin spelling. */
export function romaniseKhmer(text: string): string {
  return text.replace(KHMER_WORD, (w) => romaniseWord(w));
}

/** True when a text has Khmer letters in it. */
export function hasKhmer(text: string): boolean {
  return /[\u1780-\u17dd]/.test(text);
}
