/**
 * A person's name fields as the list wrote them, tidied to the person's name: credentials
 * ("Sandoval, MD", "GARY S DO"), roles ("JOSEPH PRESIDENT", "(Owner)"), suffixes in a name
 * field ("Aaron, Jr"), prison register numbers ("Apple #68135-298"), stray punctuation
 * ("O'Bryon,", "Voight-", "."), "NULL" and practices in parentheses come out, each to where it
 * belongs. The words are data (`name-words.ts`). A word that is also a name ("Helena Do", "Luz Ma
 * Aguirre", "Paul Nurse") is never taken: only words after a comma, after the first given name,
 * or trailing a surname of more words go, and a name-like credential only beside another word.
 */
import { clean } from '../core/text';
import { CREDENTIALS, HONORIFICS, LEGAL_FORMS, NAME_LIKE_CREDENTIALS, NO_NAME, ROLE_WORDS, SUFFIXES, TRADE_WORDS } from './name-words';

export interface PersonFields {
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  prefix: string | null;
  suffix: string | null;
}

export interface TidiedPerson {
  fields: PersonFields;
  /** Degrees and licences taken off (MD, RN…), upper case without dots. */
  credentials: string[];
  /** Roles, professions and other titles taken off, as written ("PRESIDENT", "Personal Care Attendant"). */
  titles: string[];
  /** Other names found in parentheses or after "AKA". */
  akas: string[];
  /** A practice or business named in parentheses beside the name. */
  employer: string | null;
  /** A prison register number written with the name ("#68135-298"). */
  registerNumber: string | null;
}

const key = (word: string): string => word.replace(/[.,()'’-]/g, '').toUpperCase();
const HONORIFIC = new Set(HONORIFICS);
const CREDENTIAL = new Set(CREDENTIALS);
const NAME_LIKE = new Set(NAME_LIKE_CREDENTIALS);
const ROLE = new Set(ROLE_WORDS);
const SUFFIX = new Set(SUFFIXES);
const NOTHING = new Set(NO_NAME);
const LEGAL_FORM = new Set(LEGAL_FORMS);
const TRADE = new Set(TRADE_WORDS);
const ALIAS_MARK = /^(?:AKA|A\/K\/A|A\.K\.A\.?|FKA|F\/K\/A|NKA|MAIDEN|FORMERLY|NEE)\b\.?:?\s*/i;
const ALIAS_MARK_AT_END = /\s+(?:AKA|A\/?K\/?A\/?|A\.K\.A\.?|FKA)$/i;
const ALIAS_SPLIT = /\s+(?:AKA|A\/K\/A|A\.K\.A\.?|FKA)\.?:?\s+/i;
const DBA_MARK = /^(?:DBA|D\/B\/A|D\.B\.A\.?|D\/BA)\b\.?:?\s*/i;
// "#97496-298", "#BN3928", "- Inmate #I21180", "#79773- 054": four digits at least, so a store's "#2" stays.
const REGISTER_NUMBER = /\s*(?:-\s*)?(?:inmate\s*)?#\s*([A-Z]{0,2}\d{4,}(?:\s*-\s*\d*)?)\s*$/i;
const wordsOf = (text: string): string[] => text.split(/[\s/,]+/).filter(Boolean);

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
const isAbbreviation = (word: string): boolean => /^\p{L}{2,}\.$/u.test(word);

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
const isTitleNote = (text: string): boolean => isTitleOnly(text) || wordsOf(text).some(isRole);

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

type Field = 'lastName' | 'firstName' | 'middleName';

/** Tidies the name fields of a person (see the module comment); `business` tells a practice in parentheses. */
export function tidyPersonName(input: PersonFields, business: RegExp): TidiedPerson {
  const out: TidiedPerson = { fields: { ...input }, credentials: [], titles: [], akas: [], employer: null, registerNumber: null };
  const f = out.fields;
  // Other names found, with what they stand for: another first name, another surname, or a whole name.
  const alternates: { name: string; is: 'given' | 'surname'; field: Field }[] = [];
  const takeTitle = (text: string): void => {
    const credentials = credentialsOf(text);
    if (credentials) out.credentials.push(...credentials);
    else out.titles.push(text);
  };
  const takeSuffix = (word: string): void => {
    f.suffix ??= key(word);
  };
  const takeCredential = (word: string): void => {
    out.credentials.push(...(credentialsOf(word) ?? [key(word)]));
  };

  for (const field of ['lastName', 'firstName', 'middleName'] as const) {
    let text = f[field];
    if (text === null) continue;
    const [withoutNumber, number] = takeRegisterNumber(text);
    out.registerNumber ??= number;
    // Hyphenated names written with spaces beside the hyphen ("ADISSON- MARTINEAU", "Tatum - McWilliams").
    const joined = withoutNumber.replace(/(\p{L})\s*-\s+(?=\p{L})|(\p{L})\s+-(?=\p{L})/gu, '$1$2-');
    // Parentheses (a closing one may be missing at the end of a cut field).
    text = joined.replace(/\(([^)]*)(?:\)|$)/g, (_: string, inner: string, at: number) => {
      const content = clean(inner.replace(/[,;]+$/, ''));
      if (content === null) return ' ';
      const before = joined.slice(0, at).trim().split(/\s+/).filter(Boolean).length;
      if (DBA_MARK.test(content)) out.employer ??= clean(content.replace(DBA_MARK, ''));
      else if (!ALIAS_MARK.test(content) && isTitleNote(content)) takeTitle(content);
      else if (!ALIAS_MARK.test(content) && business.test(content)) out.employer ??= content;
      // "Norma (Jean)", "(Rick) Lee": a nickname; "Willie M. (Starks)", "Smith (Moore)", "Smith (Van Sycle)": another surname.
      else alternates.push({ name: content.replace(ALIAS_MARK, ''), is: (field === 'firstName' && before <= 1) || (field === 'middleName' && before === 0) ? 'given' : 'surname', field });
      return ' ';
    });
    text = text.replace(ALIAS_MARK_AT_END, '');
    // Comma parts after the name: credentials, roles, suffixes, aliases ("Sandoval, MD", "Aaron, Jr", "Lionel Jr, AKA Terry").
    const [head, ...rest] = text.split(',');
    const kept = [head];
    for (const part of rest.map((p) => p.trim()).filter(Boolean)) {
      if (ALIAS_MARK.test(part)) alternates.push({ name: part.replace(ALIAS_MARK, ''), is: field === 'lastName' ? 'surname' : 'given', field });
      else if (part.split(/\s+/).every(isSuffix)) takeSuffix(part);
      else if (isTitleOnly(part)) takeTitle(part);
      else kept.push(part);
    }
    const words = kept.join(', ').split(/\s+/).filter(Boolean);
    // Trailing credentials and suffixes; a name-like credential only in the middle name, beside another word ("GARY S DO", not "Helena Do").
    while (words.length > 1) {
      const last = words[words.length - 1];
      if (isSuffix(last)) takeSuffix(words.pop() as string);
      else if (isCredential(last) && (field === 'middleName' || !isNameLike(last))) takeCredential(words.pop() as string);
      else break;
    }
    if (field !== 'lastName') {
      // A role in the given names starts the role's text ("JOSEPH PRESIDENT", "L PRESIDENT", "PRES. ALLUVI"), with abbreviations before it ("BUS. MGR.").
      let at = words.findIndex((w, i) => i >= (field === 'firstName' ? 1 : 0) && isRole(w));
      while (at > (field === 'firstName' ? 1 : 0) && (isAbbreviation(words[at - 1]) || isRole(words[at - 1]))) at -= 1;
      if (at >= 0) out.titles.push(words.splice(at).join(' '));
      // A middle name of credentials only ("C.N.A.", "RN", "D.O."); a lone name-like one stays ("Luz Ma Aguirre").
      const isLoneNameLike = words.length === 1 && isNameLike(words[0]);
      if (field === 'middleName' && words.length > 0 && !isLoneNameLike && words.every((w) => isCredential(w) || isSuffix(w))) {
        for (const w of words.splice(0)) {
          if (isSuffix(w)) takeSuffix(w);
          else takeCredential(w);
        }
      }
    }
    // "Dr. John": the title of address is the prefix.
    if (field === 'firstName' && words.length > 1 && isHonorific(words[0])) f.prefix ??= (words.shift() as string).replace(/\.$/, '');
    f[field] = stripPunctuation(words.join(' '));
  }
  // A first name that is only a credential or a role ("KHAN MD", "George Heigel, Vice-President" read the other way).
  const first = f.firstName;
  if (first !== null && f.lastName !== null && !first.includes(' ')) {
    const isCredentialOnly = isCredential(first) && !isNameLike(first);
    if (isCredentialOnly) takeCredential(first);
    else if (isRole(first)) out.titles.push(first);
    if (isCredentialOnly || isRole(first)) f.firstName = null;
  }
  // A first name that is only a suffix ("Jr," before the given name), or none: the middle name is the first.
  if (f.firstName !== null && isSuffix(f.firstName) && f.middleName !== null) {
    takeSuffix(f.firstName);
    f.firstName = null;
  }
  if (f.firstName === null && f.middleName !== null) {
    const [first, ...more] = f.middleName.split(' ');
    Object.assign(f, { firstName: first, middleName: clean(more.join(' ')) });
  }
  // A suffix column holding a credential ("MD" in NAM_SUFFIX_PROVR).
  if (input.suffix !== null && f.suffix === input.suffix && !isSuffix(input.suffix) && isTitleOnly(input.suffix)) {
    takeTitle(input.suffix);
    f.suffix = null;
  }
  for (const { name: alternate, is, field } of alternates) {
    for (const part of alternate.split(ALIAS_SPLIT)) {
      const name = stripPunctuation(part);
      if (name === null) continue;
      // A one-word nickname takes the surname; another surname (one word, or in the surname field) takes the first name.
      const isWhole = name.includes(',') || (name.includes(' ') && field !== 'lastName');
      if (isWhole) out.akas.push(name);
      else if (is === 'given' && f.lastName) out.akas.push(`${name} ${f.lastName}`);
      else if (is === 'surname' && f.firstName) out.akas.push(`${f.firstName} ${name}`);
      else out.akas.push(name);
    }
  }
  // Never leave a person without the name they had: the list's own text stays if nothing would.
  if (f.lastName === null && f.firstName === null) Object.assign(f, { lastName: input.lastName, firstName: input.firstName });
  return out;
}

/** True when the tidy-up changed a name field. */
export function isNameChanged(before: PersonFields, after: PersonFields): boolean {
  return (['lastName', 'firstName', 'middleName', 'prefix', 'suffix'] as const).some((k) => before[k] !== after[k]);
}

/**
 * True when split name fields hold a business's name: a legal form in any of them, a trade
 * word as a given name, or a surname alone that reads as a business ("FAMILES UNITED SERVICES").
 */
export function isSplitBusiness(fields: Pick<PersonFields, 'lastName' | 'firstName' | 'middleName'>, business: RegExp): boolean {
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
