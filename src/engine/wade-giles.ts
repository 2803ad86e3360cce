/**
 * Chinese names in Wade-Giles (Mao Tse-tung, Teng Hsiao-ping, WEI Hsueh Kang) against pinyin (Mao Zedong,
 * Deng Xiaoping, WEI Xuekang), ADR 043. Lists keep both: older and Taiwanese names in Wade-Giles, newer ones
 * in pinyin. Both spellings are brought to one key: the initials the two systems write differently are
 * mapped to one (hs = x, ts/tz = z, ch = zh/j, WG j = r), aspiration is left aside (the apostrophe of
 * t'ung is lost in every list, so t = d, p = b, k = g, ch = q), and the finals only one system writes are
 * brought to the other's (ung = ong, ieh = ie, ien = ian, ih = i, tzu = zi, uo = o).
 * Only tokens made wholly of Chinese syllables take part, and only when a Chinese name is in play.
 */
// A syllable with an initial, then the syllables without one (a, ai, er…), which names write only at the
// start of a word (inside a word pinyin would need an apostrophe: Xi'an): "Moore" and "Jennifer" are not
// Chinese syllables, "Zedong", "Xuekang", "Anying" are.
const PINYIN_SYLLABLE = '(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcswy])(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ao|an|ei|en|ia|ie|in|iu|ou|ua|ui|un|uo|ue|a|e|i|o|u)';
const WG_SYLLABLE = '(?:ch|hs|ts|tz|sh|ss|sz|[pmftnlkhjsyw])(?:iang|iung|uang|ang|eng|ing|ung|ien|iao|uai|uan|ieh|ueh|ai|ao|an|ei|en|ia|ih|in|iu|ou|ua|ui|un|uo|eh|a|e|i|o|u)';
const BARE_SYLLABLE = '(?:ang|eng|ai|ao|an|ei|en|erh|er|ou|a|e|o)';
const SYLLABIC_RE = new RegExp(`^${BARE_SYLLABLE}?(?:${PINYIN_SYLLABLE}|${WG_SYLLABLE})*$`);
const WG_ONLY_RE = new RegExp(`^${BARE_SYLLABLE}?(?:${WG_SYLLABLE})*$`);
// What only Wade-Giles writes (pinyin never has these letter groups). Pinyin never writes ch before i and another
// letter either (its syllables are qiang, jing, qiu), where Wade-Giles does (Chiang Ching-kuo, ADR 050).
const WG_MARK_RE = /hs|ts|tz|ung|ieh|ueh|ien|ih|erh|eh$|chi[a-z]/;

/** A token written wholly in Chinese syllables (of either system). */
export function isSyllabic(token: string): boolean {
  return token.length >= 2 && token.length <= 16 && SYLLABIC_RE.test(token);
}

/** A token that can only be Wade-Giles ("tse", "hsiao", "tung", "hsueh"). */
export function isWadeGiles(token: string): boolean {
  return token.length >= 2 && token.length <= 16 && WG_MARK_RE.test(token) && WG_ONLY_RE.test(token);
}

const KEY_RULES: [RegExp, string][] = [
  [/hs/g, 'x'], [/(?:tz|ts)u(?![aeioun])/g, 'zi'], [/(?:ss|sz)u(?![aeioun])/g, 'si'], [/tz|ts/g, 'z'], [/ung/g, 'ong'], [/ieh/g, 'ie'], [/ueh/g, 'ue'],
  [/ien/g, 'ian'], [/yen/g, 'yan'], [/erh/g, 'er'], [/ih/g, 'i'], [/eh/g, 'e'], [/uo/g, 'o'],
  // WG j before a, e, o is pinyin r (jen = ren, jo = ruo); pinyin j is always before i or u.
  [/j(?=[aeo])/g, 'r'], [/ng/g, 'N'], [/zh|ch|j|q/g, 'C'], [/z|c/g, 'C'], [/p/g, 'b'], [/t/g, 'd'], [/k/g, 'g'],
];
const keyCache = new Map<string, string>();

/** The spelling-neutral key of a token of Chinese syllables ("tsetung" and "zedong" → "CedoN"). */
export function sinoKey(token: string): string {
  let key = keyCache.get(token);
  if (key === undefined) {
    key = token;
    for (const [re, to] of KEY_RULES) key = key.replace(re, to);
    if (keyCache.size > 50_000) keyCache.clear();
    keyCache.set(token, key);
  }
  return key;
}

/**
 * Two tokens that are one Chinese name in Wade-Giles and in pinyin. `strict`: at least one of them must be
 * written in a way only Wade-Giles writes (a pinyin query meeting a list name; "Dan" and "Tan" are two names).
 */
export function sameChineseSyllables(a: string, b: string, strict: boolean): boolean {
  if (strict && !isWadeGiles(a) && !isWadeGiles(b)) return false;
  return isSyllabic(a) && isSyllabic(b) && sinoKey(a) === sinoKey(b);
}

/** The Chinese-name reading a name asks for: 'wade-giles' when it has a Wade-Giles token, 'pinyin' when all its tokens are Chinese syllables. */
export function chineseSpellingOf(tokens: readonly string[]): 'wade-giles' | 'pinyin' | null {
  if (!tokens.length) return null;
  if (tokens.some(isWadeGiles)) return 'wade-giles';
  return tokens.every(isSyllabic) ? 'pinyin' : null;
}

/** Pinyin syllables of a token ("zedong" → ze, dong), or [] when it does not split into them. */
const SPLIT_RE = new RegExp(`^${BARE_SYLLABLE}|${PINYIN_SYLLABLE}|${WG_SYLLABLE}`, 'g');
export function chineseSyllables(token: string): string[] {
  if (!isSyllabic(token)) return [];
  const parts = token.match(SPLIT_RE) ?? [];
  return parts.join('') === token ? parts : [];
}

/**
 * A Chinese given name written as one word or as syllables apart ("Xiaoping", "Hsiao-ping", "Hsueh Kang"):
 * the syllables after the first name joined to it, so both writings compare as one word. Only for a name with a
 * Wade-Giles syllable in it (or `always`: a name written in Chinese characters).
 */
export function joinChineseGivenName<T extends { first: string; middle: string[]; last: string[] }>(name: T, always = false): T {
  if (!always && ![name.first, ...name.middle, ...name.last].some(isWadeGiles)) return name;
  if (!name.first || !name.middle.length || !isSyllabic(name.first) || !name.middle.every(isSyllabic)) return name;
  return { ...name, first: name.first + name.middle.join(''), middle: [] };
}
