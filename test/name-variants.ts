/**
 * Issue 52: queries that are variants of real list names, each built from one list person, to
 * measure whether screening finds that same record. Built from the records of test/real-lists.ts:
 * LEIE people, OFAC individuals ("LAST, First Middle"), and the state-list people with a middle
 * name or two surnames. Split into a tuning and a held-out set by an FNV hash of the name as the
 * list writes it, so every variant of one name lands in one set. Nothing is copied into the
 * repository (ADR 027).
 */
import type { ListRecord } from '../src/shared/list-record';
import type { IndividualQuery } from '../src/engine/query-types';
import { relatedNames } from '../src/engine/nicknames';

export type VariantKind =
  | 'element-dropped:middle'
  | 'element-dropped:surname'
  | 'element-dropped:given'
  | 'cut'
  | 'vowels-dropped'
  | 'nickname'
  | 'typo'
  | 'swap';

export const VARIANT_KINDS: VariantKind[] = ['element-dropped:middle', 'element-dropped:surname', 'element-dropped:given', 'cut', 'vowels-dropped', 'nickname', 'typo', 'swap'];

export type VariantSet = 'tuning' | 'held-out';

export interface NameVariant {
  kind: VariantKind;
  set: VariantSet;
  /** LEIE, OFAC or states. */
  origin: 'LEIE' | 'OFAC' | 'states';
  query: IndividualQuery;
  /** The list record the query was made from: found when a matching hit is this record. */
  source: string;
  sourceRecordId: string;
  /** The name as the list writes it. */
  listName: string;
}

/** FNV-1a (32-bit), so the split and the samples are the same on every machine and run. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
export const setOfName = (name: string): VariantSet => (fnv1a(name) % 2 === 0 ? 'tuning' : 'held-out');

/** Most variants kept per kind and set (picked by hash, not file order). */
export const PER_KIND = 300;

const title = (s: string): string => s.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());
const letters = (s: string): string => s.replace(/[^A-Za-z]/g, '');
const PARTICLES = new Set('de del della la las los da das do dos di du van von der den ter le al el bin ibn ben abu bint y e'.split(' '));
/** A given-name element worth dropping: a name, not a title ("Dr.") or an initial. */
const isNameWord = (w: string): boolean => letters(w).length >= 2 && !w.endsWith('.') && !PARTICLES.has(w.toLowerCase());

/** The two surnames of "AGUIRRE SANCHEZ" / "Aguila-Lara", or null. */
function twoSurnames(last: string): [string, string] | null {
  const words = last.trim().split(/[\s-]+/);
  return words.length === 2 && words.every(isNameWord) ? [words[0], words[1]] : null;
}
const fullMiddle = (m: string | null): boolean => !!m && m.trim().split(/\s+/).some(isNameWord);

const origin = (source: string): NameVariant['origin'] => (source === 'leie' ? 'LEIE' : source.startsWith('ofac') ? 'OFAC' : 'states');

const VOWELS = /[AEIOU]/i;
function dropVowels(last: string): string | null {
  if (!/^[A-Za-z]{5,}$/.test(last)) return null;
  const inner = last.slice(1, -1);
  if (!VOWELS.test(inner)) return null;
  return last[0] + inner.replace(/[AEIOUaeiou]/g, '') + last[last.length - 1];
}

function typo(last: string, h: number): string | null {
  const w = last.trim();
  if (!/^[A-Za-z]{4,}$/.test(w)) return null;
  const upper = w === w.toUpperCase();
  const alphabet = upper ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' : 'abcdefghijklmnopqrstuvwxyz';
  if (h % 2 === 0) {
    // Transpose two different neighbours, after the first letter.
    for (let k = 0; k < w.length; k++) {
      const i = 1 + ((h >>> 1) + k) % (w.length - 2);
      if (w[i].toLowerCase() !== w[i + 1].toLowerCase()) return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
    }
    return null;
  }
  const i = 1 + ((h >>> 1) % (w.length - 1));
  let c = alphabet[(h >>> 8) % 26];
  if (c.toLowerCase() === w[i].toLowerCase()) c = alphabet[((h >>> 8) + 1) % 26];
  return w.slice(0, i) + c + w.slice(i + 1);
}

/** Every variant of every person that can have one (before sampling). */
function allVariants(records: readonly ListRecord[]): NameVariant[] {
  const out: NameVariant[] = [];
  for (const r of records) {
    if (r.kind !== 'person' || !r.firstName || !r.lastName) continue;
    const from = origin(r.source);
    const first = r.firstName.trim();
    const middle = r.middleName?.trim() || null;
    const last = r.lastName.trim();
    const surnames = twoSurnames(last);
    if (from === 'states' && !fullMiddle(middle) && !surnames) continue;
    const listName = from === 'OFAC' ? `${last}, ${first}` : `${last}, ${first}${middle ? ' ' + middle : ''}`;
    const set = setOfName(`${r.source}|${listName}`);
    const h = fnv1a(`${r.source}|${r.sourceRecordId}`);
    const add = (kind: VariantKind, firstName: string, middleName: string | null, lastName: string): void => {
      out.push({ kind, set, origin: from, listName, source: r.source, sourceRecordId: r.sourceRecordId, query: { type: 'individual', firstName: title(firstName), middleName: middleName ? title(middleName) : null, lastName: title(lastName), dateOfBirth: null, state: null } });
    };
    // OFAC writes every given name in firstName; LEIE and the states split first and middle.
    const given = [first, middle].filter(Boolean).join(' ');
    const givenWords = given.split(/\s+/);

    if (from !== 'OFAC' && fullMiddle(middle)) add('element-dropped:middle', first, null, last);
    if (surnames) add('element-dropped:surname', given, null, surnames[h % 2]);
    if (from === 'OFAC') {
      const droppable = givenWords.map((w, i) => (isNameWord(w) ? i : -1)).filter((i) => i >= 0);
      if (droppable.length >= 2) {
        const drop = droppable[h % droppable.length];
        add('element-dropped:given', givenWords.filter((_, i) => i !== drop).join(' '), null, last);
      }
    }
    // A legacy system's fields: 10 characters of surname, 15 of given names.
    const cutLast = last.length > 10 ? last.slice(0, 10).trimEnd() : last;
    const cutGiven = given.length > 15 ? given.slice(0, 15).trimEnd() : null;
    if (cutLast !== last || cutGiven) add('cut', cutGiven ?? first, cutGiven ? null : middle, cutLast);
    const noVowels = dropVowels(last);
    if (noVowels) add('vowels-dropped', first, middle, noVowels);
    const firstWord = givenWords[0];
    const nick = letters(firstWord).length >= 2 ? relatedNames(firstWord.toLowerCase())[0] : undefined;
    if (nick) add('nickname', [nick, ...first.split(/\s+/).slice(1)].join(' '), middle, last);
    const typed = typo(last, h);
    if (typed) add('typo', first, middle, typed);
    add('swap', last, middle, first);
  }
  return out;
}

/** Up to PER_KIND variants per kind and set, picked by hash. */
export function buildNameVariants(records: readonly ListRecord[]): NameVariant[] {
  const kept = new Map<string, number>();
  return allVariants(records)
    .map((v) => ({ v, h: fnv1a(`${v.kind}|${v.source}|${v.sourceRecordId}`) }))
    .sort((a, b) => a.h - b.h || (a.v.sourceRecordId < b.v.sourceRecordId ? -1 : 1))
    .filter(({ v }) => {
      const k = `${v.set}|${v.kind}`;
      const n = kept.get(k) ?? 0;
      kept.set(k, n + 1);
      return n < PER_KIND;
    })
    .map(({ v }) => v);
}
