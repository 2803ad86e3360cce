// Whitespace that `clean` would change inside trimmed text: a run, or a tab, newline etc.
const UNCLEAN_SPACE = /\s\s|[^\S ]/;

/** Trims, collapses inner whitespace, and turns empty text into null. */
export function clean(value: string | null | undefined): string | null {
  // Most cells of the wide files are empty or already clean: skip the regex replace for them.
  if (value === null || value === undefined || value === '') return null;
  const text = value.trim();
  if (text === '') return null;
  return UNCLEAN_SPACE.test(text) ? text.replace(/\s+/g, ' ') : text;
}

const NULL_TOKENS = new Set(['N/A', 'NA', 'NONE', 'NULL', '-0-']);

/** Like clean, and also treats the usual null sentinels (N/A, None, -0-) as empty. */
export function cleanNullable(value: string | null | undefined, extraTokens: readonly string[] = []): string | null {
  const text = clean(value);
  if (text === null) return null;
  const upper = text.toUpperCase();
  return NULL_TOKENS.has(upper) || extraTokens.includes(upper) ? null : text;
}

/** Splits a multi-valued cell ("A; B", "A / B") into cleaned, de-duplicated values. */
export function splitValues(value: string | null | undefined, separators: RegExp): string[] {
  const out: string[] = [];
  for (const part of (value ?? '').split(separators)) {
    const text = cleanNullable(part);
    if (text !== null && !out.includes(text)) out.push(text);
  }
  return out;
}

/** Digits only, or null when nothing or only zeros remain (LEIE's 0000000000 NPI). */
export function digitsOrNull(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits === '' || /^0+$/.test(digits) ? null : digits;
}
