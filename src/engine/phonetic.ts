/**
 * A phonetic key for English-language names, in the spirit of Metaphone: letters that
 * sound alike map to one code (Catherine/Kathryn → K0RN, Smith/Smyth → SM0), vowels
 * after the first letter are dropped, doubled codes collapse. Our own compact rule set,
 * tuned for given names and surnames rather than general English words.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);
const isVowel = (c: string | undefined): boolean => c !== undefined && VOWELS.has(c);

/** `out` with `code` appended unless it already ends with it (doubled codes collapse). A module function, not a closure per key: tsx's keepNames would name it each time (ADR 089). */
const withCode = (out: string, code: string): string => (out.endsWith(code) ? out : out + code);

/** Returns the phonetic key of a normalised Latin token ("" when it has no letters). */
export function phoneticKey(token: string): string {
  let w = token.replace(/[^a-z]/g, '');
  if (!w) return '';
  // Silent or softened initial clusters.
  if (/^(kn|gn|pn|wr|ps)/.test(w)) w = w.slice(1);
  else if (w.startsWith('wh')) w = 'w' + w.slice(2);
  else if (w.startsWith('x')) w = 's' + w.slice(1);
  // Irish "Sea-/Sio-" is said "Sha-" (Sean, Seamus, Siobhan): align with Shawn, Shamus.
  else if (/^s(ea|io)[nmb]/.test(w)) w = 'sh' + w.slice(2);
  let out = '';
  for (let i = 0; i < w.length; i++) {
    const c = w[i];
    const next = w[i + 1];
    const prev = w[i - 1];
    if (isVowel(c)) {
      if (i === 0) out = withCode(out, 'A');
      continue;
    }
    if (c === prev && c !== 'c') continue;
    switch (c) {
      case 'b':
        if (!(prev === 'm' && i === w.length - 1)) out = withCode(out, 'P');
        break;
      case 'c':
        if (next === 'h') {
          out = withCode(out, w[i + 2] === 'r' || prev === 's' ? 'K' : 'X');
          i++;
        } else if (next === 'i' && w[i + 2] === 'a') out = withCode(out, 'X');
        else if (next === 'e' || next === 'i' || next === 'y') out = withCode(out, 'S');
        else if (next === 'k' || next === 'q') {
          out = withCode(out, 'K');
          i++;
        } else out = withCode(out, 'K');
        break;
      case 'd':
        if (next === 'g' && ['e', 'i', 'y'].includes(w[i + 2])) {
          out = withCode(out, 'J');
          i++;
        } else out = withCode(out, 'T');
        break;
      case 'g':
        if (next === 'h') {
          // "gh" is silent unless it starts the word or precedes a vowel (Hugh, Wright vs Ghent).
          if (i === 0 || isVowel(w[i + 2])) out = withCode(out, 'K');
          i++;
        } else if (next === 'n' && (i + 2 === w.length || w.slice(i + 2) === 'ed')) {
          // silent: Champagne-style endings
        } else if (next === 'e' || next === 'i' || next === 'y') out = withCode(out, 'J');
        else out = withCode(out, 'K');
        break;
      case 'h':
        if (isVowel(next) && (prev === undefined || !'csptgw'.includes(prev))) out = withCode(out, 'H');
        break;
      case 'k':
        if (prev !== 'c') out = withCode(out, 'K');
        break;
      case 'p':
        if (next === 'h') {
          out = withCode(out, 'F');
          i++;
        } else out = withCode(out, 'P');
        break;
      case 'q':
        out = withCode(out, 'K');
        break;
      case 's':
        if (next === 'h') {
          out = withCode(out, 'X');
          i++;
        } else if (next === 'i' && (w[i + 2] === 'o' || w[i + 2] === 'a')) out = withCode(out, 'X');
        else if (next === 'c' && w[i + 2] === 'h') {
          out = withCode(out, 'SK');
          i += 2;
        } else out = withCode(out, 'S');
        break;
      case 't':
        if (next === 'h') {
          out = withCode(out, '0');
          i++;
        } else if (next === 'i' && (w[i + 2] === 'o' || w[i + 2] === 'a')) out = withCode(out, 'X');
        else if (!(next === 'c' && w[i + 2] === 'h')) out = withCode(out, 'T');
        break;
      case 'v':
        out = withCode(out, 'F');
        break;
      case 'w':
        if (isVowel(next)) out = withCode(out, 'W');
        break;
      case 'x':
        out = withCode(out, 'KS');
        break;
      case 'z':
        out = withCode(out, 'S');
        break;
      default:
        out = withCode(out, c.toUpperCase());
    }
  }
  return out;
}
