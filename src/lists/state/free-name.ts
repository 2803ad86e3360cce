/**
 * One name cell that holds either a person or a business, as many states publish it:
 * "Walker, Oscar", "Shah, MD", "Joshua Pattengale, DC", "MICHAEL JOHN PAGE", "BELTRAN LEONIDO C",
 * "SL Home Care LLC", "Anderson (aka Fruge), Rebecca", "DAWN MILTON (DBA: M & M SPECIAL SERVICES)".
 * Aliases in parentheses come out first, then credentials and suffixes; what is left is a
 * business when it looks like one (legal form or trade word, digits, "&"), else a person.
 */
import { clean } from '../core/text';
import { CREDENTIALS as CREDENTIAL_WORDS, NAME_LIKE_CREDENTIALS } from './name-words';
import { isRole } from './name-parts';

export interface FreeName {
  kind: 'person' | 'business';
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  suffix: string | null;
  businessName: string | null;
  /** Other names of a person (AKA). */
  akas: string[];
  /** Trade names (DBA), of a person's business or of a business. */
  dbas: string[];
  /** Credentials taken off the name (MD, RN…), kept for the record's extra facts. */
  credentials: string[];
  /** Roles and professions written after a comma ("Russell Harms, Podiatrist", "ADAMS, JOHN, PRESIDENT"). */
  titles: string[];
}

const CREDENTIALS = new Set(CREDENTIAL_WORDS);
// Credentials that are also surnames (Do, Ma, Na…) come off only after a comma.
const SURNAME_LIKE = new Set(NAME_LIKE_CREDENTIALS);
const SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV']);
const ALIAS_IN_PARENS = /\(\s*(AKA|A\/K\/A|A\.K\.A\.?|FKA|F\/K\/A|NKA|DBA|D\/B\/A|D\.B\.A\.?|FORMERLY|MAIDEN)\b\.?:?\s*([^)]*)\)/gi;
const DIGIT = /\d/;

const bare = (word: string): string => word.replace(/[.,\-()]/g, '').toUpperCase();
const isCredential = (word: string): boolean => CREDENTIALS.has(bare(word));
const isSuffix = (word: string): boolean => SUFFIXES.has(bare(word));

/** Takes "(aka X)" / "(DBA: Y)" out of a name: the rest, AKAs, DBAs. */
function takeAliases(text: string): [string, string[], string[]] {
  const akas: string[] = [];
  const dbas: string[] = [];
  const rest = text.replace(ALIAS_IN_PARENS, (_, marker: string, alias: string) => {
    const value = clean(alias);
    if (value) (/D/i.test(marker[0]) ? dbas : akas).push(value);
    return ' ';
  });
  return [rest.replace(/\s+,/g, ',').replace(/\s+/g, ' ').trim(), akas, dbas];
}

/** Drops credentials at the end and after commas ("Robert A Brewer, M.D.", "ABARCA, CHERYL R., L.P.N."), and roles after commas. */
function takeCredentials(text: string, titles: string[] = []): [string, string[]] {
  const credentials: string[] = [];
  let parts = text.split(',').map((p) => p.trim());
  // Whole comma parts made only of credentials ("…, MD", "…, PA-C, FNP") or naming a role ("…, Podiatrist").
  parts = parts.filter((part, i) => {
    const words = part.split(/[\s/]+/).filter(Boolean);
    const only = i > 0 && words.length > 0 && words.every(isCredential);
    if (only) credentials.push(...words.map(bare));
    const isTitle = !only && i > 0 && words.length > 0 && isRole(words[0]);
    if (isTitle) titles.push(part);
    return !only && !isTitle && part !== '';
  });
  // Trailing credential words without a comma: "Eric Jones MD".
  const last = parts.length - 1;
  if (last >= 0) {
    const words = parts[last].split(' ');
    while (words.length > (last > 0 ? 1 : 2) && isCredential(words[words.length - 1]) && !SURNAME_LIKE.has(bare(words[words.length - 1]))) credentials.unshift(bare(words.pop() as string));
    parts[last] = words.join(' ');
  }
  return [parts.join(', '), credentials];
}

/** True when a name reads as a business rather than a person. */
export function looksLikeBusiness(name: string, businessPattern: RegExp): boolean {
  return businessPattern.test(name) || DIGIT.test(name) || name.includes('&') || name.split(' ').length > 5;
}

/** Splits a person's words into first / middle / last for the cell's order; a suffix comes off. */
function personWords(text: string, order: 'last-first' | 'first-last'): Pick<FreeName, 'lastName' | 'firstName' | 'middleName' | 'suffix'> {
  let suffix: string | null = null;
  const comma = text.indexOf(',');
  let lastPart: string[];
  let givenPart: string[];
  const words = (s: string): string[] => s.split(' ').filter(Boolean);
  if (comma >= 0) {
    // "Last, First Middle" whatever the order of names without a comma.
    lastPart = words(text.slice(0, comma));
    givenPart = words(text.slice(comma + 1).replace(/,/g, ' '));
  } else {
    const all = words(text);
    while (all.length > 1 && isSuffix(all[all.length - 1])) suffix = bare(all.pop() as string);
    if (order === 'last-first') [lastPart, givenPart] = [all.slice(0, 1), all.slice(1)];
    else [lastPart, givenPart] = [all.slice(-1), all.slice(0, -1)];
  }
  const takeSuffix = (list: string[]): void => {
    for (let i = list.length - 1; i >= 0 && list.length > 1; i -= 1) if (isSuffix(list[i])) suffix = bare(list.splice(i, 1)[0]);
  };
  takeSuffix(givenPart);
  takeSuffix(lastPart);
  return { lastName: clean(lastPart.join(' ')), firstName: givenPart[0] ?? null, middleName: clean(givenPart.slice(1).join(' ')), suffix };
}

/** Reads one name cell (see the module comment); null when nothing is left. */
const NICKNAME = /\s[‘'"“]([A-Za-z][A-Za-z.\- ]*)[’'"”](?=\s|,|$)/;

/**
 * `businessWithoutComma`: the list writes every person "LAST, FIRST" (Idaho), so a name
 * without a comma is a business whatever its words.
 */
export function readFreeName(value: string, order: 'last-first' | 'first-last', businessPattern: RegExp, aliasSeparator: string | null, businessWithoutComma = false): FreeName | null {
  // A nickname in quotes ("ADAMSON, KERMIT ‘MIKE’ ARTHUR") is another first name.
  const nickname = value.match(NICKNAME)?.[1].trim() ?? null;
  const [withoutAliases, akas, dbas] = takeAliases(nickname ? value.replace(NICKNAME, '') : value);
  const [main, ...others] = aliasSeparator ? withoutAliases.split(aliasSeparator).map((p) => p.trim()).filter(Boolean) : [withoutAliases];
  if (!main) return null;
  const titles: string[] = [];
  const [name, credentials] = takeCredentials(main, titles);
  const base = { akas, dbas, credentials, titles, suffix: null, lastName: null, firstName: null, middleName: null, businessName: null };
  if (name === '' || looksLikeBusiness(name, businessPattern) || (businessWithoutComma && !name.includes(','))) {
    return { ...base, kind: 'business', businessName: clean(name) ?? clean(main), dbas: [...dbas, ...akas, ...others.map((o) => takeCredentials(o)[0])], akas: [] };
  }
  const person = personWords(name, order);
  // "(aka Fruge)": one word is another last name of the same person.
  const fullAkas = akas.map((aka) => (person.firstName && !aka.includes(' ') ? `${person.firstName} ${aka}` : aka));
  if (nickname && person.lastName) fullAkas.push(`${nickname} ${person.lastName}`);
  return { ...base, ...person, kind: 'person', akas: [...fullAkas, ...others.map((o) => takeCredentials(o)[0])] };
}
