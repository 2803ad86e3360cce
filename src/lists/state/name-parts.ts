/**
 * What a word or a part of a person's name field is: a credential, a role, a suffix, a title of
 * address, a register number, an alias marker (the words themselves are data in `name-words.ts`).
 * Read by `person-name.ts`, `names.ts` and `free-name.ts`.
 */
import { clean } from '../core/text';
import { CREDENTIALS, HONORIFICS, LEGAL_FORMS, NAME_LIKE_CREDENTIALS, NO_NAME, ROLE_WORDS, SUFFIXES, TRADE_WORDS } from './name-words';

/** A word compared with the tables: upper case, without dots, commas, parentheses, apostrophes or hyphens ("M.D." is MD). */
export const key = (word: string): string => word.replace(/[.,()'’-]/g, '').toUpperCase();
const HONORIFIC = new Set(HONORIFICS);
const CREDENTIAL = new Set(CREDENTIALS);
const NAME_LIKE = new Set(NAME_LIKE_CREDENTIALS);
const ROLE = new Set(ROLE_WORDS);
const SUFFIX = new Set(SUFFIXES);
const NOTHING = new Set(NO_NAME);
const LEGAL_FORM = new Set(LEGAL_FORMS);
const TRADE = new Set(TRADE_WORDS);
export const ALIAS_MARK = /^(?:AKA|A\/K\/A|A\.K\.A\.?|FKA|F\/K\/A|NKA|MAIDEN|FORMERLY|NEE)\b\.?:?\s*/i;
export const ALIAS_MARK_AT_END = /\s+(?:AKA|A\/?K\/?A\/?|A\.K\.A\.?|FKA)$/i;
export const ALIAS_SPLIT = /\s+(?:AKA|A\/K\/A|A\.K\.A\.?|FKA)\.?:?\s+/i;
export const DBA_MARK = /^(?:DBA|D\/B\/A|D\.B\.A\.?|D\/BA)\b\.?:?\s*/i;
// "#97496-298", "#BN3928", "- Inmate #I21180", "#79773- 054": four digits at least, so a store's "#2" stays.
const REGISTER_NUMBER = /\s*(?:-\s*)?(?:inmate\s*)?#\s*([A-Z]{0,2}\d{4,}(?:\s*-\s*\d*)?)\s*$/i;
export const wordsOf = (text: string): string[] => text.split(/[\s/,]+/).filter(Boolean);

/** True for a credential word, or credentials joined by "/" ("LPN/RN", "O.T.R./L"). */
export function isCredential(word: string): boolean {
  const whole = key(word.replace(/\//g, ''));
  if (whole !== '' && CREDENTIAL.has(whole)) return true;
  const parts = word.split('/').map(key).filter(Boolean);
  return parts.length > 1 && parts.every((p) => CREDENTIAL.has(p));
}

/** True for a credential that is also a name or initials (Do, Ma, "L.D."). */
export const isNameLike = (word: string): boolean => NAME_LIKE.has(key(word));
export const isSuffix = (word: string): boolean => SUFFIX.has(key(word));
export const isHonorific = (word: string): boolean => HONORIFIC.has(key(word));
/** True for a role or profession word ("PRESIDENT", "Owner/Exec", "Vice-President", "Co-Owner", "MGR."). */
export const isRole = (word: string): boolean => ROLE.has(key(word)) || ROLE.has(key(word.split(/[/-]/)[0] ?? ''));
// An abbreviation in a role ("BUS. MGR.", "OFF. ASST."): two letters at least and a dot, so an initial is not one.
export const isAbbreviation = (word: string): boolean => /^\p{L}{2,}\.$/u.test(word);

/** The credentials a text is made of ("RN", "CRNP, RN", "LPN/ RN", "Psy. D."), upper case without dots; null when it holds anything else. */
export function credentialsOf(text: string): string[] | null {
  const whole = key(text.replace(/[\s/]/g, ''));
  if (CREDENTIAL.has(whole)) return [whole];
  const words = wordsOf(text).map((w) => w.replace(/^\(|\)$/g, ''));
  return words.length > 0 && words.every((w) => isCredential(w)) ? words.map((w) => key(w)) : null;
}

/** True for a comma part that holds no name: credentials and suffixes only, or a role ("MD", "RN, ARNP", "Podiatrist", "Owner / Officer"). */
export function isTitleOnly(text: string): boolean {
  const words = wordsOf(text);
  return words.length > 0 && (words.every((w) => isCredential(w) || isSuffix(w)) || isRole(words[0]));
}

/** True for a parenthesis that names a role rather than a person: "(Owner)", "(Personal Care Attendant)", "(BSC, MT)". */
export const isTitleNote = (text: string): boolean => isTitleOnly(text) || wordsOf(text).some(isRole);

/** A name field without the punctuation around it; null when nothing but punctuation or "NULL" is left. */
export function stripPunctuation(text: string): string | null {
  const out = clean(text.replace(/^[\s,;:/&\-–]+/, '').replace(/[\s,;:/&\-–(]+$/, ''));
  return out === null || /^[^\p{L}\p{N}]+$/u.test(out) || NOTHING.has(out.toUpperCase().replace(/\/+/g, '/')) ? null : out;
}

/** A prison register number at the end of a name ("Apple #68135-298"): the name without it, and the number. */
export function takeRegisterNumber(text: string): [string, string | null] {
  const match = text.match(REGISTER_NUMBER);
  return match ? [text.slice(0, match.index), match[1].replace(/\s+/g, '')] : [text, null];
}

/**
 * True when split name fields hold a business's name: a legal form in any of them, a trade
 * word as a given name, or a surname alone that reads as a business ("FAMILES UNITED SERVICES").
 */
export function isSplitBusiness(fields: { lastName: string | null; firstName: string | null; middleName: string | null }, business: RegExp): boolean {
  const all = [fields.lastName, fields.firstName, fields.middleName].flatMap((p) => (p ? wordsOf(p) : []));
  if (all.some((w) => LEGAL_FORM.has(key(w)))) return true;
  if ([fields.firstName, fields.middleName].some((p) => p !== null && wordsOf(p).some((w) => TRADE.has(key(w))))) return true;
  return fields.firstName === null && fields.middleName === null && fields.lastName !== null && fields.lastName.includes(' ') && business.test(fields.lastName);
}

/** Other names of a person, without their markers, credentials or stray punctuation ("a.k.a. Stacy Lee Dickenson", "Terra C. Schuster, RN"). */
export function tidyAliases(value: string): string[] {
  return value.replace(ALIAS_MARK, '').split(ALIAS_SPLIT).flatMap((alias) => {
    // "Last, First" aliases keep a given name that looks like a credential ("Geeter, Lac").
    const parts = alias.split(',').map((p) => p.trim());
    const kept = parts.filter((p, i) => i === 0 || !(isTitleOnly(p) && !wordsOf(p).every(isNameLike)));
    const words = kept.join(', ').split(/\s+/).filter(Boolean);
    while (words.length > 2 && isCredential(words[words.length - 1]) && !isNameLike(words[words.length - 1])) words.pop();
    const name = stripPunctuation(takeRegisterNumber(words.join(' '))[0]);
    return name === null ? [] : [name];
  });
}
