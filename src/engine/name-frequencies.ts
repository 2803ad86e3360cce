/**
 * How common a US surname or given name is (ADR 116), from the public-domain Census and SSA tables in
 * name-frequencies-data.ts: the share of people bearing it, and whether it is a name in its own right
 * (500 bearers or more), which tells another name from a typo of this one.
 */
import { GIVEN_NAME_CLASSES_TEXT, GIVEN_NAME_TOTAL, SURNAME_CLASSES_TEXT, SURNAME_TOTAL } from './name-frequencies-data';

function parse(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const words = line.trim().split(' ');
    if (words.length < 2) continue;
    const count = 10 ** (Number(words[0]) / 10);
    for (let i = 1; i < words.length; i++) out.set(words[i], count);
  }
  return out;
}

let surnames: Map<string, number> | null = null;
let given: Map<string, number> | null = null;
const surnameTable = (): Map<string, number> => (surnames ??= parse(SURNAME_CLASSES_TEXT));
const givenTable = (): Map<string, number> => (given ??= parse(GIVEN_NAME_CLASSES_TEXT));

/** People per surname below the table's floor: a name we do not know is at most this common. */
const FLOOR = 250;

/** Share of US people bearing this (normalised, lower-case) surname; unknown names get the floor's share. */
export function surnameShare(token: string): number {
  return (surnameTable().get(token) ?? FLOOR) / SURNAME_TOTAL;
}

/** Share of US births given this (normalised) name; unknown names get the floor's share. */
export function givenNameShare(token: string): number {
  return (givenTable().get(token) ?? FLOOR) / GIVEN_NAME_TOTAL;
}

/** A surname at least this many US people bear is a family name of its own, not a misspelling of another. */
export const OWN_SURNAME_COUNT = 1000;
/** A given name at least this many US babies received is a name of its own. */
export const OWN_GIVEN_NAME_COUNT = 2000;

/** Whether the surname is borne by enough people to be a name in its own right. */
export function isOwnSurname(token: string): boolean {
  return (surnameTable().get(token) ?? 0) >= OWN_SURNAME_COUNT;
}

/** Whether the given name is given to enough babies to be a name in its own right. */
export function isOwnGivenName(token: string): boolean {
  return (givenTable().get(token) ?? 0) >= OWN_GIVEN_NAME_COUNT;
}

/** Whether the surname is in the table at all (500 bearers or more): a name, not a misspelling of one. */
export function isKnownSurname(token: string): boolean {
  return surnameTable().has(token);
}

/** Whether the given name is in the table at all (500 babies or more). */
export function isKnownGivenNameByCount(token: string): boolean {
  return givenTable().has(token);
}
