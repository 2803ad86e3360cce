/**
 * Licence numbers as lists and rosters write them, compared (issue 52, ADR 120): letters and digits
 * only, upper case, leading zeros of a number dropped ("RN 001234" is "RN1234"), and a prefix naming
 * the licence's own state tolerated ("CA A12345" is "A12345" on a California record).
 */

/** A licence number's comparison key: letters and digits, upper case, leading zeros of each number dropped; "" when it is no number. */
export function licenseKey(raw: string | null | undefined): string {
  if (raw == null) return '';
  const text = String(raw).slice(0, 60).toUpperCase().replace(/[^A-Z0-9]/g, '');
  const key = text.replace(/(^|[A-Z])0+(?=\d)/g, '$1');
  // Placeholders ("N/A", "NONE", "PENDING", "0000") and fragments are not licence numbers: two digits and four characters at least.
  return key.length >= 4 && /\d.*\d/.test(key) ? key : '';
}

/** The distinct keys of a record's or a query's licence numbers, in order. */
export function licenseKeysOf(values: readonly (string | null | undefined)[] | null | undefined): string[] {
  const out: string[] = [];
  for (const v of values ?? []) {
    const k = licenseKey(v);
    if (k && !out.includes(k)) out.push(k);
  }
  return out;
}

/** The key without a leading state code from `states` (the licence's state), when a number remains. */
function withoutState(key: string, states: readonly (string | null)[]): string {
  for (const s of states) if (s && key.length > 4 && key.startsWith(s) && /\d/.test(key.slice(2))) return key.slice(2).replace(/^0+(?=\d)/, '');
  return key;
}

/** Two licence keys are the same licence (equal, or equal once a prefix naming one of `states` is dropped). */
export function sameLicenseKey(a: string, b: string, states: readonly (string | null)[]): boolean {
  if (a === b) return true;
  const a2 = withoutState(a, states);
  const b2 = withoutState(b, states);
  return a2 === b2 || a2 === b || a === b2;
}

/** The first key of `query` that is one of `list`'s (with the list key it met), or null. */
export function licenseAgreement(query: readonly string[], list: readonly string[], states: readonly (string | null)[]): { query: string; list: string } | null {
  for (const q of query) for (const l of list) if (sameLicenseKey(q, l, states)) return { query: q, list: l };
  return null;
}
