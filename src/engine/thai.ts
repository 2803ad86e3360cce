/**
 * Thai names in Latin letters, close to the Royal Thai General System (RTGS), ADR 050. The package we use for
 * other scripts reads Thai letter by letter in the order written, so a vowel written before its consonant
 * (เวช) comes out first and unwritten vowels are missing. This reads syllables: a leading vowel, the initial
 * (with ห/อ before a sonorant silent, and the clusters kr, pr, tr…), the vowel signs and their combinations
 * (เ-ีย ia, เ-ือ uea, -ัว ua, เ-า ao…), an unwritten vowel (o between two consonants, a otherwise), the final
 * consonant by its final value (ร n, ช t, ภ p…), and the letters a karan (์) silences or that close a word
 * after its final (วัตร wat). Tone marks are left out, as RTGS does.
 */
const INITIAL: Record<string, string> = {
  ก: 'k', ข: 'kh', ฃ: 'kh', ค: 'kh', ฅ: 'kh', ฆ: 'kh', ง: 'ng', จ: 'ch', ฉ: 'ch', ช: 'ch', ซ: 's', ฌ: 'ch', ญ: 'y', ฎ: 'd', ฏ: 't',
  ฐ: 'th', ฑ: 'th', ฒ: 'th', ณ: 'n', ด: 'd', ต: 't', ถ: 'th', ท: 'th', ธ: 'th', น: 'n', บ: 'b', ป: 'p', ผ: 'ph', ฝ: 'f', พ: 'ph',
  ฟ: 'f', ภ: 'ph', ม: 'm', ย: 'y', ร: 'r', ล: 'l', ว: 'w', ศ: 's', ษ: 's', ส: 's', ห: 'h', ฬ: 'l', อ: '', ฮ: 'h',
};
const FINAL: Record<string, string> = {
  ก: 'k', ข: 'k', ค: 'k', ฆ: 'k', ง: 'ng', จ: 't', ช: 't', ซ: 't', ฌ: 't', ญ: 'n', ฎ: 't', ฏ: 't', ฐ: 't', ฑ: 't', ฒ: 't', ณ: 'n',
  ด: 't', ต: 't', ถ: 't', ท: 't', ธ: 't', น: 'n', บ: 'p', ป: 'p', พ: 'p', ฟ: 'p', ภ: 'p', ม: 'm', ย: 'i', ร: 'n', ล: 'n', ว: 'o',
  ศ: 't', ษ: 't', ส: 't', ฬ: 'n',
};
const PRE = 'เแโใไ';
const SIGNS = 'ะัาำิีึืุู็';
const TONES = /[\u0e48-\u0e4b\u0e4d\u0e46\u0e2f]/g;
const SONORANT = 'งญนมยรลว';
const CLUSTER_HEAD = 'กขคปผพตบด';

const isConsonant = (c: string | undefined): boolean => c !== undefined && c in INITIAL;
const isSign = (c: string | undefined): boolean => c !== undefined && SIGNS.includes(c);
const isPre = (c: string | undefined): boolean => c !== undefined && PRE.includes(c);
/** อ or ว that is the vowel between an initial and its final (ทอง thong, ชวน chuan), at cs[i]. */
const vowelLetterAt = (cs: string[], i: number): boolean => (cs[i] === 'อ' || cs[i] === 'ว') && isConsonant(cs[i + 1]) && !isSign(cs[i + 2]) && !isPre(cs[i + 1]);

/** The letters a karan (์) silences: the consonant under it, with a vowel sign written on it (ทธิ์). */
function withoutSilent(word: string): string[] {
  const chars = [...word.replace(TONES, '')];
  const out: string[] = [];
  for (const c of chars) {
    if (c !== '\u0e4c') {
      out.push(c);
      continue;
    }
    if (isSign(out[out.length - 1])) out.pop();
    // ทร์, ตร์: both letters are silent (จันทร์ chan, ศาสตร์ sat).
    if (out.pop() === 'ร' && 'ทตด'.includes(out[out.length - 1] ?? '-')) out.pop();
  }
  return out;
}

/** The vowel of a syllable from its signs, from position i; returns the vowel and the next position. */
function vowelAt(cs: string[], i: number, pre: string | null): [string, number] {
  const a = cs[i];
  const b = cs[i + 1];
  if (pre === 'เ') {
    if (a === 'ี' && b === 'ย') return ['ia', i + (cs[i + 2] === 'ะ' ? 3 : 2)];
    if (a === 'ื' && b === 'อ') return ['uea', i + 2];
    if (a === 'า' && b === 'ะ') return ['o', i + 2];
    if (a === 'า') return ['ao', i + 1];
    if (a === 'ิ') return ['oe', i + 1];
    if (a === 'อ') return ['oe', i + 1];
    if (a === 'ะ' || a === '็') return ['e', i + 1];
    return ['e', i];
  }
  if (pre === 'แ') return ['ae', a === 'ะ' || a === '็' ? i + 1 : i];
  if (pre === 'โ') return ['o', a === 'ะ' ? i + 1 : i];
  if (pre === 'ไ' || pre === 'ใ') return ['ai', a === 'ย' && !isSign(cs[i + 2]) ? i + 1 : i];
  if (a === 'ั' && b === 'ว') return ['ua', i + 2];
  if (a === 'ื' && b === 'อ') return ['ue', i + 2];
  const single: Record<string, string> = { 'ะ': 'a', 'ั': 'a', 'า': 'a', 'ำ': 'am', 'ิ': 'i', 'ี': 'i', 'ึ': 'ue', 'ื': 'ue', 'ุ': 'u', 'ู': 'u' };
  if (single[a]) return [single[a], i + 1];
  // No vowel written: อ or ว between the initial and a final are the vowel (ทอง thong, ชวน chuan).
  if (vowelLetterAt(cs, i)) return [a === 'อ' ? 'o' : 'ua', i + 1];
  if (a === 'อ' && b === undefined) return ['o', i + 1];
  // รร: "an" at the end of a syllable, "a" before a final (วรรณ wan).
  if (a === 'ร' && b === 'ร') return isConsonant(cs[i + 2]) && !isSign(cs[i + 3]) ? ['a', i + 2] : ['an', i + 2];
  // Two consonants and no vowel: o between them (คน khon); a before a consonant that carries a vowel.
  if (isConsonant(a) && (b === undefined || isConsonant(b) || isPre(b))) return ['o', i];
  return ['a', i];
}

/**
 * Whether the consonant at i, after a syllable's vowel, closes it or starts the next syllable. ั closes its
 * syllable; at the end of a word a consonant closes it; two letters left at the end are an initial with its final
 * (พล phon), unless the second is a ร that is not said after a written vowel (มิตร mit; ขจร khachon); a ร between vowels starts a syllable (สุรยุทธ์
 * Surayut), and so does a consonant before two that carry no vowel (กิตติขจร kittikhachon).
 */
function isFinal(cs: string[], i: number, vowel: string, inherent: boolean): boolean {
  const rest = cs.slice(i + 1);
  if (!rest.length || (vowel === 'a' && cs[i - 1] === 'ั')) return true;
  if (rest.length === 1 && isConsonant(rest[0])) return rest[0] === 'ร' && !inherent;
  if (cs[i] === 'ร' && vowel !== 'o' && (isSign(cs[i + 2]) || isPre(cs[i + 1]))) return false;
  return !(rest.length === 2 && isConsonant(rest[0]) && isConsonant(rest[1]));
}

/** One word of Thai in Latin letters. */
function romaniseWord(word: string): string {
  const cs = withoutSilent(word);
  let out = '';
  let i = 0;
  while (i < cs.length) {
    let pre: string | null = null;
    if (isPre(cs[i])) pre = cs[i++];
    const c = cs[i];
    if (!isConsonant(c) && c !== 'ฤ') {
      i++;
      continue;
    }
    i++;
    let initial = c === 'ฤ' ? 'ri' : INITIAL[c];
    // ห or อ before a sonorant only carries the tone (หลีก lik, อยู่ yu).
    if ((c === 'ห' || c === 'อ') && SONORANT.includes(cs[i] ?? '') && (isSign(cs[i + 1]) || pre || isConsonant(cs[i + 1]))) initial = INITIAL[cs[i++]];
    else if (cs[i] === 'ร' && 'ทศสซจ'.includes(c) && (isSign(cs[i + 1]) || pre)) {
      // ทร, ศร, สร, จร: the r is not said (ทราย sai, เศรษฐา settha).
      initial = c === 'ท' ? 's' : initial;
      i++;
    } else if ('รลว'.includes(cs[i] ?? '') && CLUSTER_HEAD.includes(c) && (isSign(cs[i + 1]) || (pre && cs[i + 1] !== undefined))) initial += INITIAL[cs[i++]];
    // ฤ is a syllable of its own (ri in names: สฤษดิ์ Sarit).
    const [vowel, next] = c === 'ฤ' ? ['', i] : vowelAt(cs, i, pre);
    i = next;
    out += initial + vowel;
    // A final consonant: one that carries no vowel and starts no syllable.
    if (isConsonant(cs[i]) && !isSign(cs[i + 1]) && !vowelLetterAt(cs, i + 1) && !(cs[i + 1] === 'ร' && cs[i + 2] === 'ร') && isFinal(cs, i, vowel, !pre && isConsonant(cs[i - 1]))) {
      const last = vowel === 'a' && cs[i] === 'ย' ? 'i' : FINAL[cs[i]] ?? '';
      out += vowel.endsWith('i') && last === 'i' ? '' : last;
      i++;
      // Letters after the final that carry no vowel are not said (วัตร wat).
      while (isConsonant(cs[i]) && !isSign(cs[i + 1]) && !vowelLetterAt(cs, i + 1) && (i + 1 === cs.length || isConsonant(cs[i + 1]))) {
        if (i + 1 < cs.length && isSign(cs[i + 2])) break;
        i++;
      }
    }
  }
  return out;
}

const THAI_WORD = /[\u0e01-\u0e4e]+/g;

/** Replaces every word of Thai in a text with its Latin spelling. */
export function romaniseThai(text: string): string {
  return text.replace(THAI_WORD, (w) => romaniseWord(w));
}

/** True when a text has Thai letters in it. */
export function hasThai(text: string): boolean {
  return /[\u0e01-\u0e4e]/.test(text);
}
