import { basename, extname } from 'node:path';
import type { ListRecord } from '#shared/list-record';
import { checkWidth } from '../core/columns';
import { csvRecords, parseCsvSource } from '../core/csv-source';
import { RowError, wrongSource } from '../core/errors';
import type { FileContext } from '../core/parse-run';
import { inputName, type ListInput } from '../core/read-lines';
import { cleanNullable } from '../core/text';
import { mapOfacEntry, splitSdnName, type OfacEntry, type OfacSourceId } from './entry';
import { readRemarks } from './remarks';

/** Column names from OFAC's spec; the legacy files have no header line. */
export const OFAC_PRIM_COLUMNS = ['ent_num', 'SDN_Name', 'SDN_Type', 'Program', 'Title', 'Call_Sign', 'Vess_type', 'Tonnage', 'GRT', 'Vess_flag', 'Vess_owner', 'Remarks'] as const;
export const OFAC_ALT_COLUMNS = ['ent_num', 'alt_num', 'alt_type', 'alt_name', 'alt_remarks'] as const;
export const OFAC_ADD_COLUMNS = ['ent_num', 'add_num', 'Address', 'City/State/Province/Postal Code', 'Country', 'Add_remarks'] as const;

export type OfacFileRole = 'prim' | 'alt' | 'add' | 'comments' | 'xml';

/** Tells the role of an OFAC file from its name (sdn.csv, alt.csv, cons_add.pip, sdn.xml …). */
export function ofacFileRole(fileName: string): OfacFileRole {
  const name = basename(fileName).toLowerCase();
  if (name.endsWith('.xml')) return 'xml';
  if (/comments/.test(name)) return 'comments';
  if (/(^|_)alt\./.test(name)) return 'alt';
  if (/(^|_)add\./.test(name)) return 'add';
  return 'prim';
}

/** `.del` files are @-delimited and `.pip` files |-delimited; the rest is CSV. */
function delimiterOf(fileName: string): string {
  const ext = extname(fileName).toLowerCase();
  return ext === '.del' ? '@' : ext === '.pip' ? '|' : ',';
}

const value = (text: string | undefined): string | null => cleanNullable(text);

interface Linked<T> {
  line: number;
  file: string;
  item: T;
}

type LinkedMap<T> = Map<string, Linked<T>[]>;

function shapeError(file: string, role: string, columns: readonly string[], raw: string): Error {
  return wrongSource(`OFAC legacy ${role}`, file, `(none: headerless rows of ${columns.length} fields) ${columns.join(',')}`, raw);
}

/** Reads an alt/add/comments file into a map keyed by ent_num (these files are small). */
async function readLinked<T>(input: ListInput, context: FileContext, role: string, columns: readonly string[] | null, toItem: (f: string[]) => T): Promise<LinkedMap<T>> {
  const map: LinkedMap<T> = new Map();
  let isFirst = true;
  for await (const record of csvRecords(input, context, delimiterOf(context.file))) {
    if (isFirst && (!/^\d+$/.test(record.fields[0].trim()) || (columns && record.fields.length !== columns.length))) {
      throw shapeError(context.file, role, columns ?? ['ent_num', 'Remarks_Extension'], record.raw);
    }
    isFirst = false;
    const problem = columns ? checkWidth(record.fields, columns.length) : record.fields.length < 2 ? 'expected ent_num and text' : null;
    const entNum = record.fields[0].trim();
    if (problem || !/^\d+$/.test(entNum)) {
      context.reject(record.line, problem ?? `ent_num "${entNum}" is not a number`, record.raw);
      continue;
    }
    const list = map.get(entNum) ?? [];
    list.push({ line: record.line, file: context.file, item: toItem(record.fields) });
    map.set(entNum, list);
  }
  return map;
}

export interface OfacCsvFiles {
  prim: ListInput;
  alt?: ListInput;
  add?: ListInput;
  comments?: ListInput;
}

/**
 * Streams the legacy CSV trio: alt/add (and comments) are read first into maps, then the
 * main file is streamed and joined. Rows of alt/add that point to an ent_num absent from
 * the main file are reported (not imported); the import goes on.
 */
export async function* parseOfacCsv(files: OfacCsvFiles, source: OfacSourceId, contextFor: (file: string) => FileContext): AsyncGenerator<ListRecord> {
  const load = <T>(input: ListInput | undefined, role: string, columns: readonly string[] | null, toItem: (f: string[]) => T): Promise<LinkedMap<T>> =>
    input === undefined ? Promise.resolve(new Map()) : readLinked(input, contextFor(inputName(input)), role, columns, toItem);
  const alts = await load(files.alt, 'alt', OFAC_ALT_COLUMNS, (f) => ({ type: value(f[2]) ?? 'aka', name: value(f[3]) ?? '', category: 'strong' }));
  const adds = await load(files.add, 'add', OFAC_ADD_COLUMNS, (f) => ({ address: value(f[2]), city: value(f[3]), country: value(f[4]) }));
  const comments = await load(files.comments, 'comments', null, (f) => value(f[f.length - 1]) ?? '');

  const primContext = contextFor(inputName(files.prim));
  yield* parseCsvSource(files.prim, primContext, {
    delimiter: delimiterOf(primContext.file),
    isHeaderless: true,
    start(first) {
      if (first.fields.length !== OFAC_PRIM_COLUMNS.length || !/^\d+$/.test(first.fields[0].trim())) {
        throw shapeError(primContext.file, 'sdn.csv / cons_prim.csv', OFAC_PRIM_COLUMNS, first.raw);
      }
      return {
        width: OFAC_PRIM_COLUMNS.length,
        map(f) {
          const entNum = f[0].trim();
          const name = value(f[1]);
          if (!/^\d+$/.test(entNum)) throw new RowError(`ent_num "${entNum}" is not a number`);
          if (name === null) throw new RowError('SDN_Name is empty');
          const sdnType = value(f[2]) ?? 'entity';
          const spill = (comments.get(entNum) ?? []).map((c) => c.item).join(' ');
          const remarks = [value(f[11]), spill].filter(Boolean).join(' ') || null;
          const facts = readRemarks(remarks);
          const [lastName, firstName] = sdnType === 'individual' ? splitSdnName(name) : [name, null];
          const vessel: Record<string, string> = {};
          OFAC_PRIM_COLUMNS.slice(5, 11).forEach((column, i) => {
            const text = value(f[5 + i]);
            if (text) vessel[column] = text;
          });
          const entry: OfacEntry = {
            entNum, lastName, firstName, sdnType, title: value(f[4]), remarks, vessel, ids: [],
            programs: (value(f[3]) ?? '').split('] [').map((p) => p.trim()).filter(Boolean),
            akas: [...(alts.get(entNum) ?? []).map((a) => a.item), ...facts.weakAkas.map((name) => ({ type: 'a.k.a.', name, category: 'weak' }))],
            addresses: (adds.get(entNum) ?? []).map((a) => a.item).filter((a) => a.address || a.city || a.country),
            datesOfBirth: facts.datesOfBirth,
          };
          alts.delete(entNum);
          adds.delete(entNum);
          comments.delete(entNum);
          return mapOfacEntry(entry, source, primContext.dateAcquired);
        },
      };
    },
  });
  reportOrphans([alts, adds, comments], basename(inputName(files.prim)), contextFor);
}

function reportOrphans(maps: LinkedMap<unknown>[], primName: string, contextFor: (file: string) => FileContext): void {
  for (const map of maps) {
    for (const [entNum, rows] of map) {
      for (const row of rows) contextFor(row.file).reject(row.line, `refers to ent_num ${entNum}, which is not in ${primName} (row skipped)`);
    }
  }
}
