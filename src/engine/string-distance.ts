/** String similarity primitives: Jaro-Winkler and bounded optimal-string-alignment distance. */

const JW_A = new Uint8Array(64);
const JW_B = new Uint8Array(64);
const ROWS = [new Int32Array(66), new Int32Array(66), new Int32Array(66)];

/** Jaro-Winkler similarity in [0,1] (prefix scale 0.1, up to 4 prefix characters). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return a.length ? 1 : 0;
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  const window = Math.max(0, (Math.max(la, lb) >> 1) - 1);
  // Reused scratch buffers: this runs hundreds of thousands of times per batch.
  const aMatched = la <= 64 ? JW_A.fill(0, 0, la) : new Uint8Array(la);
  const bMatched = lb <= 64 ? JW_B.fill(0, 0, lb) : new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j++) {
      if (!bMatched[j] && a.charCodeAt(i) === b.charCodeAt(j)) {
        aMatched[i] = 1;
        bMatched[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < la; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[j]) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions++;
    j++;
  }
  const jaro = (matches / la + matches / lb + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), or
 * max + 1 as soon as the distance is known to exceed max: typo checks only need "≤ 2?".
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (a === b) return 0;
  const small = lb < 65;
  let prevPrev = small ? ROWS[0] : new Int32Array(lb + 1);
  let prev = small ? ROWS[1] : new Int32Array(lb + 1);
  let cur = small ? ROWS[2] : new Int32Array(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, prevPrev[j - 2] + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prevPrev;
    prevPrev = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb] > max ? max + 1 : prev[lb];
}
