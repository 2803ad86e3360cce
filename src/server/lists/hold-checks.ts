/**
 * The checks a new version passes before it becomes active (ADR 109): compared with the active
 * version, a file with far fewer records, none at all, another header or an older date is held
 * for an operator's approval instead of being activated. Pure: the import gives both sides.
 */
import type { VersionComparison } from '#shared/lists-admin';
import type { FileHeader } from '#lists/core/parse-run';

/** A new version with this share of the active version's records fewer is held: 0.4 is "40 % fewer". */
export const HOLD_RECORD_DROP = 0.4;

/** What is compared of a version: its records, its as-of date and the headers its files were read by. */
export interface VersionFacts {
  records: number;
  asOf: string | null;
  headers: readonly FileHeader[];
}

const count = (n: number) => n.toLocaleString('en-US');

/** A header cell as compared: no BOM, spaces collapsed, upper case ("Last Name" and "LAST  NAME" are one column). */
function normalCell(cell: string): string {
  return cell.replace(/^\uFEFF/, '').trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The header's columns as compared, without the empty cells a trailing delimiter leaves. */
function normalHeader(fields: readonly string[]): string[] {
  const cells = fields.map(normalCell);
  while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

const nameOf = (file: string) => file.replace(/\\/g, '/').split('/').pop()!;
const baseName = (file: string) => nameOf(file).toLowerCase();

/**
 * How each header of the new files differs from the active version's: a file is compared with
 * the active file of the same name, else with the active header it shares most columns with
 * (file names carry dates: SAM's extract, NPPES's monthly file). No header on either side (a
 * headerless layout such as OFAC's CSV or the DMF, or a version imported before headers were
 * kept): nothing to compare.
 */
export function compareHeaders(before: readonly FileHeader[], after: readonly FileHeader[]): VersionComparison['headers'] {
  if (before.length === 0) return [];
  const old = before.map((h) => ({ file: baseName(h.file), cells: normalHeader(h.fields) }));
  const differences: VersionComparison['headers'] = [];
  for (const header of after) {
    const cells = normalHeader(header.fields);
    const text = cells.join('\u0000');
    if (old.some((o) => o.cells.join('\u0000') === text)) continue;
    const shared = (o: { cells: string[] }) => o.cells.filter((c) => cells.includes(c)).length;
    const match = old.find((o) => o.file === baseName(header.file)) ?? [...old].sort((a, b) => shared(b) - shared(a))[0];
    const added = cells.filter((c) => !match.cells.includes(c));
    const removed = match.cells.filter((c) => !cells.includes(c));
    differences.push({ file: nameOf(header.file), added, removed, isReordered: added.length === 0 && removed.length === 0 });
  }
  return differences;
}

function headerWords(d: VersionComparison['headers'][number]): string {
  if (d.isReordered) return `the header of ${d.file} has the active version's columns in another order`;
  const parts = [d.added.length ? `new column${d.added.length === 1 ? '' : 's'} ${d.added.join(', ')}` : '', d.removed.length ? `missing column${d.removed.length === 1 ? '' : 's'} ${d.removed.join(', ')}` : ''];
  return `the header of ${d.file} differs from the active version's: ${parts.filter(Boolean).join('; ')}`;
}

/** Compares a new version with the active one; `reasons` lists, in words, each difference that holds it. */
export function compareWithActive(active: VersionFacts & { id: number }, next: VersionFacts): VersionComparison {
  const reasons: VersionComparison['reasons'] = [];
  const before = active.records;
  const after = next.records;
  if (after === 0 && before > 0) {
    reasons.push({ kind: 'no-records', words: `the new file holds no record (the active version has ${count(before)})` });
  } else if (before > 0 && after <= before * (1 - HOLD_RECORD_DROP)) {
    const percent = Math.round((1 - after / before) * 100);
    reasons.push({ kind: 'fewer-records', words: `the new file has ${percent} % fewer records than the active version (${count(after)} against ${count(before)})` });
  }
  const headers = compareHeaders(active.headers, next.headers);
  for (const difference of headers) reasons.push({ kind: 'header', words: headerWords(difference) });
  if (active.asOf && next.asOf && next.asOf < active.asOf) {
    reasons.push({ kind: 'older', words: `the new file is as of ${next.asOf}, older than the active version (as of ${active.asOf})` });
  }
  return { against: active.id, records: { before, after }, asOf: { before: active.asOf, after: next.asOf }, headers, reasons };
}

/** The reasons as one sentence ("the new file has 41 % fewer records …; the header of … differs …"). */
export function describeHold(comparison: VersionComparison): string {
  return comparison.reasons.map((r) => r.words).join('; ');
}
