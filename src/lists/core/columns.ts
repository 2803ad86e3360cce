import { wrongSource } from './errors';

/** Header names compared without case, surrounding space or repeated inner spaces. */
export function normalizeHeaderName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** True when `found` is the `expected` header (same names, same order, loosely compared). */
export function isHeader(found: readonly string[], expected: readonly string[]): boolean {
  const trimmed = dropEmptyTail(found, expected.length);
  return trimmed.length === expected.length && expected.every((name, i) => normalizeHeaderName(trimmed[i]) === normalizeHeaderName(name));
}

function dropEmptyTail(fields: readonly string[], length: number): readonly string[] {
  let end = fields.length;
  while (end > length && fields[end - 1].trim() === '') end -= 1;
  return fields.slice(0, end);
}

/** Column name candidates: the first one present in the header is used. */
export type ColumnSpec<K extends string> = Record<K, readonly string[]>;

/**
 * Finds columns by name. Throws the wrong-source error (naming the required columns) when a
 * required one is missing; optional ones come back as -1.
 */
export function locateColumns<K extends string>(
  header: readonly string[],
  spec: ColumnSpec<K>,
  required: readonly NoInfer<K>[],
  where: { title: string; file: string },
): Record<K, number> {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    const key = normalizeHeaderName(name);
    if (!index.has(key)) index.set(key, i);
  });
  const result = {} as Record<K, number>;
  for (const key of Object.keys(spec) as K[]) {
    const found = spec[key].map((name) => index.get(normalizeHeaderName(name))).find((i) => i !== undefined);
    result[key] = found ?? -1;
  }
  const missing = required.filter((key) => result[key] === -1);
  if (missing.length > 0) {
    const names = (keys: readonly K[]): string => keys.map((key) => JSON.stringify(spec[key][0])).join(', ');
    const expected = `with the columns ${names(required)} (missing: ${names(missing)})`;
    throw wrongSource(where.title, where.file, expected, header.join(','));
  }
  return result;
}

/**
 * The ragged-row rule shared by all CSV sources: fewer fields than the header is an error
 * (columns cannot be trusted); more fields is accepted only when the extra ones are empty
 * (a trailing delimiter). Returns the reason, or null when the width is fine.
 */
export function checkWidth(fields: readonly string[], expected: number): string | null {
  return widthProblem(fields.length, expected, fields.length > expected && fields.slice(expected).some((f) => f.trim() !== ''));
}

/** `checkWidth` for a row known by its field count and whether a field past `expected` has text. */
export function widthProblem(found: number, expected: number, hasTextPastWidth: boolean): string | null {
  if (found < expected) return `expected ${expected} fields, found ${found} (ragged or truncated row)`;
  if (hasTextPastWidth) return `expected ${expected} fields, found ${found} (ragged row or unquoted delimiter)`;
  return null;
}

/** Cell by index, '' when the column is absent (-1) or the row is short. */
export function cell(fields: readonly string[], index: number): string {
  return index >= 0 && index < fields.length ? fields[index] : '';
}
