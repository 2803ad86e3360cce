/** US state codes and postal codes, normalised for comparison and compact storage. */

const STATE_NAMES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT',
  delaware: 'DE', 'district of columbia': 'DC', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID', illinois: 'IL',
  indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD',
  massachusetts: 'MA', michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE',
  nevada: 'NV', 'new hampshire': 'NH', 'new jersey': 'NJ', 'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC',
  'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA', 'rhode island': 'RI',
  'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT', virginia: 'VA',
  washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY', 'puerto rico': 'PR', guam: 'GU',
  'virgin islands': 'VI', 'american samoa': 'AS', 'northern mariana islands': 'MP',
};

/** Normalises a state to its two-letter code ("new york" → "NY"); null when unrecognisable. */
export function normalizeState(input: string | null | undefined): string | null {
  if (input == null || input === '') return null;
  const s = String(input ?? '').trim().slice(0, 40).toLowerCase().replace(/[^a-z ]/g, '').replace(/\s+/g, ' ');
  if (/^[a-z]{2}$/.test(s)) return s.toUpperCase();
  return STATE_NAMES[s] ?? null;
}

/** Packs a two-letter code into a small integer (0 = none). */
export function packState(code: string | null): number {
  if (!code || code.length !== 2) return 0;
  return (code.charCodeAt(0) - 64) * 32 + (code.charCodeAt(1) - 64);
}

/**
 * Set on a packed state that is the list's own, not the record's: a state Medicaid list's record that carries
 * no address stands in the state whose program excluded it (ADR 118). Packed codes stay under it (ZZ is 858).
 */
export const LIST_STATE = 1024;

/** The state a list stands for by itself: a state list's (state-ca, state-nj-debarment → CA, NJ); null for a national one. */
export function jurisdictionOf(source: string): string | null {
  const m = /^state-([a-z]{2})(?:-|$)/.exec(source);
  return m ? m[1].toUpperCase() : null;
}

/** Unpacks a state code (the list's own or the record's alike). */
export function unpackState(packed: number): string | null {
  const n = packed & (LIST_STATE - 1);
  return n ? String.fromCharCode(64 + Math.floor(n / 32), 64 + (n % 32)) : null;
}

/** First five digits of a US postal code, as a number (0 = none). */
export function packPostalCode(input: string | null | undefined): number {
  const m = /^\s*(\d{5})/.exec(String(input ?? '').slice(0, 20));
  return m ? Number(m[1]) + 1 : 0;
}

const ASCII_RE = /^[\x00-\x7f]*$/;

/** Normalised city for equality checks ("St. Louis" → "saint louis"). */
export function normalizeCity(input: string | null | undefined): string {
  if (input == null || input === '') return '';
  const lower = String(input ?? '')
    .slice(0, 60)
    .toLowerCase();
  // ASCII has nothing to decompose and no marks to strip: most cities skip both (ADR 089).
  return (ASCII_RE.test(lower) ? lower : lower.normalize('NFKD').replace(/\p{M}+/gu, ''))
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bst\b/g, 'saint')
    .replace(/\bft\b/g, 'fort')
    .replace(/\bmt\b/g, 'mount')
    .trim();
}
