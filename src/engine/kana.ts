/**
 * Japanese kana (katakana and hiragana) in Hepburn romanisation (ADR 043). Katakana is how Japanese writes
 * foreign names (バラク・オバマ), so the reading keeps what Hepburn keeps: yōon (ジョ jo), the small tsu
 * doubling the next consonant (ブッシュ busshu), the long-vowel mark (left out: Latin spellings rarely
 * show it), ン as m before b/p/m (トランプ torampu), ヴ as v, and the combinations katakana uses for sounds
 * Japanese lacks (ティ ti, ディ di, ファ fa, ウィ wi, ヴォ vo). The package we use for other scripts reads
 * kana in Kunrei-shiki without yōon ("ziyozi butusiyu" for George Bush), which no Latin list writes.
 */
const BASE: Record<string, string> = {
  ア: 'a', イ: 'i', ウ: 'u', エ: 'e', オ: 'o', カ: 'ka', キ: 'ki', ク: 'ku', ケ: 'ke', コ: 'ko', サ: 'sa', シ: 'shi', ス: 'su', セ: 'se', ソ: 'so',
  タ: 'ta', チ: 'chi', ツ: 'tsu', テ: 'te', ト: 'to', ナ: 'na', ニ: 'ni', ヌ: 'nu', ネ: 'ne', ノ: 'no', ハ: 'ha', ヒ: 'hi', フ: 'fu', ヘ: 'he', ホ: 'ho',
  マ: 'ma', ミ: 'mi', ム: 'mu', メ: 'me', モ: 'mo', ヤ: 'ya', ユ: 'yu', ヨ: 'yo', ラ: 'ra', リ: 'ri', ル: 'ru', レ: 're', ロ: 'ro', ワ: 'wa', ヰ: 'i', ヱ: 'e', ヲ: 'o',
  ン: 'n', ガ: 'ga', ギ: 'gi', グ: 'gu', ゲ: 'ge', ゴ: 'go', ザ: 'za', ジ: 'ji', ズ: 'zu', ゼ: 'ze', ゾ: 'zo', ダ: 'da', ヂ: 'ji', ヅ: 'zu', デ: 'de', ド: 'do',
  バ: 'ba', ビ: 'bi', ブ: 'bu', ベ: 'be', ボ: 'bo', パ: 'pa', ピ: 'pi', プ: 'pu', ペ: 'pe', ポ: 'po', ヴ: 'vu',
  ァ: 'a', ィ: 'i', ゥ: 'u', ェ: 'e', ォ: 'o', ャ: 'ya', ュ: 'yu', ョ: 'yo', ヮ: 'wa',
};
/** A kana followed by a small vowel or small ya/yu/yo: one syllable. */
const PAIRS: Record<string, string> = {
  ティ: 'ti', ディ: 'di', トゥ: 'tu', ドゥ: 'du', テュ: 'tyu', デュ: 'dyu', ファ: 'fa', フィ: 'fi', フェ: 'fe', フォ: 'fo', フュ: 'fyu',
  ウィ: 'wi', ウェ: 'we', ウォ: 'wo', ヴァ: 'va', ヴィ: 'vi', ヴェ: 've', ヴォ: 'vo', ヴュ: 'vyu', ツァ: 'tsa', ツィ: 'tsi', ツェ: 'tse', ツォ: 'tso',
  シェ: 'she', ジェ: 'je', チェ: 'che', イェ: 'ye', クァ: 'kwa', クィ: 'kwi', クェ: 'kwe', クォ: 'kwo', グァ: 'gwa', スィ: 'si', ズィ: 'zi',
};
const SMALL_Y: Record<string, string> = { ャ: 'a', ュ: 'u', ョ: 'o' };
const KANA_RUN = /[\u3041-\u3096\u30a1-\u30fa\u30fc]+/g;

/** Hiragana to katakana (the same table then serves both). */
const toKatakana = (s: string): string => s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

function romaniseRun(run: string): string {
  const chars = [...toKatakana(run)];
  let out = '';
  let double = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === 'ッ') {
      double = true;
      continue;
    }
    if (c === 'ー') continue;
    let syl = PAIRS[c + (chars[i + 1] ?? '')];
    if (syl) i++;
    else if (SMALL_Y[chars[i + 1]] && /[キシチニヒミリギジビピ]/.test(c)) {
      const head = BASE[c];
      syl = (/^(shi|chi|ji)$/.test(head) ? head.slice(0, -1) : head.slice(0, -1) + 'y') + SMALL_Y[chars[++i]];
    } else syl = BASE[c] ?? '';
    if (double && syl) syl = (syl.startsWith('ch') ? 't' : syl[0]) + syl;
    double = false;
    out += syl;
  }
  // ン before b, p or m is written m (Hepburn): トランプ torampu.
  return out.replace(/n(?=[bpm])/g, 'm');
}

/** Replaces every run of kana in a text with its Hepburn spelling; other characters are kept. */
export function romaniseKana(text: string): string {
  return text.replace(KANA_RUN, (run) => romaniseRun(run));
}

/** True when a text has kana in it. */
export function hasKana(text: string): boolean {
  return /[\u3041-\u3096\u30a1-\u30fa]/.test(text);
}
