/** Compare as CSV: one line per changed field (one per record when a record has no fields to show), page by page. */
import { Readable } from 'node:stream';
import type { Db } from '../db/client';
import { changesPage, versionPair } from './compare';

const PAGE = 1_000;
const HEAD = ['version', 'previous version', 'record id', 'change', 'name', 'field', 'before', 'after'];

/** A cell as CSV, formulas neutralised (a value starting with = + - @ opens as text in a spreadsheet). */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function changesCsv(db: Db, versionId: number): Promise<{ fileName: string; stream: Readable }> {
  const { version, previous } = await versionPair(db, versionId);
  async function* lines() {
    yield `${HEAD.join(',')}\r\n`;
    for (let offset = 0; ; offset += PAGE) {
      const { changes } = await changesPage(db, version.id, previous?.id ?? null, undefined, offset, PAGE);
      for (const c of changes) {
        const base = [version.id, previous?.id ?? null, c.recordId, c.change, c.name];
        const fields = c.fields.length ? c.fields : [{ field: '', before: null, after: null }];
        for (const f of fields) yield `${[...base, f.field, f.before, f.after].map(csvCell).join(',')}\r\n`;
      }
      if (changes.length < PAGE) return;
    }
  }
  return { fileName: `${version.source}-version-${version.id}-changes.csv`, stream: Readable.from(lines()) };
}
