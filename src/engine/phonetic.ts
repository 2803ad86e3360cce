/**
 * A phonetic key for English-language names, in the spirit of Metaphone: letters that
 * sound alike map to one code (Catherine/Kathryn → K0RN, Smith/Smyth → SM0), vowels
 * after the first letter are dropped, doubled codes collapse. Our own compact rule set,
 * tuned for given names and surnames rather than general English words.
 */

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);
const isVowel = (c: string | undefined): boolean => c !== undefined && VOWELS.has(c);

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
  const push = (code: string): void => {
    if (!out.endsWith(code)) out += code;
  };
  for (let i = 0; i < w.length; i++) {
    const c = w[i];
    const next = w[i + 1];
    const prev = w[i - 1];
    if (isVowel(c)) {
      if (i === 0) push('A');
      continue;
    }
    if (c === prev && c !== 'c') continue;
    switch (c) {
      case 'b':
        if (!(prev === 'm' && i === w.length - 1)) push('P');
        break;
      case 'c':
        if (next === 'h') {
          push(w[i + 2] === 'r' || prev === 's' ? 'K' : 'X');
          i++;
        } else if (next === 'i' && w[i + 2] === 'a') push('X');
        else if (next === 'e' || next === 'i' || next === 'y') push('S');
        else if (next === 'k' || next === 'q') {
          push('K');
          i++;
        } else push('K');
        break;
      case 'd':
        if (next === 'g' && ['e', 'i', 'y'].includes(w[i + 2])) {
          push('J');
          i++;
        } else push('T');
        break;
      case 'g':
        if (next === 'h') {
          // "gh" is silent unless it starts the word or precedes a vowel (Hugh, Wright vs Ghent).
          if (i === 0 || isVowel(w[i + 2])) push('K');
          i++;
        } else if (next === 'n' && (i + 2 === w.length || w.slice(i + 2) === 'ed')) {
          // silent: Champagne-style endings
        } else if (next === 'e' || next === 'i' || next === 'y') push('J');
        else push('K');
        break;
      case 'h':
        if (isVowel(next) && (prev === undefined || !'csptgw'.includes(prev))) push('H');
        break;
      case 'k':
        if (prev !== 'c') push('K');
        break;
      case 'p':
        if (next === 'h') {
          push('F');
          i++;
        } else push('P');
        break;
      case 'q':
        push('K');
        break;
      case 's':
        if (next === 'h') {
          push('X');
          i++;
        } else if (next === 'i' && (w[i + 2] === 'o' || w[i + 2] === 'a')) push('X');
        else if (next === 'c' && w[i + 2] === 'h') {
          push('SK');
          i += 2;
        } else push('S');
        break;
      case 't':
        if (next === 'h') {
          push('0');
          i++;
        } else if (next === 'i' && (w[i + 2] === 'o' || w[i + 2] === 'a')) push('X');
        else if (!(next === 'c' && w[i + 2] === 'h')) push('T');
        break;
      case 'v':
        push('F');
        break;
      case 'w':
        if (isVowel(next)) push('W');
        break;
      case 'x':
        push('KS');
        break;
      case 'z':
        push('S');
        break;
      default:
        push(c.toUpperCase());
    }
  }
  return out;
}
