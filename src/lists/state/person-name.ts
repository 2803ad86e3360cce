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
import { ALIAS_MARK, ALIAS_MARK_AT_END, ALIAS_SPLIT, credentialsOf, DBA_MARK, isAbbreviation, isCredential, isHonorific, isNameLike, isRole, isSuffix, isTitleNote, isTitleOnly, key, stripPunctuation, takeRegisterNumber } from './name-parts';

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

type Field = 'lastName' | 'firstName' | 'middleName';
/** Another name found beside the name: another first name, or another surname (a whole name when it has several words outside the surname). */
interface Alternate {
  name: string;
  is: 'given' | 'surname';
  field: Field;
}

/** Tidies the name fields of a person (see the module comment); `business` tells a practice in parentheses. */
export function tidyPersonName(input: PersonFields, business: RegExp): TidiedPerson {
  return new NameTidy(input, business).run();
}

/** One person's tidy-up: each field in turn, then what concerns the fields together. */
class NameTidy {
  private readonly out: TidiedPerson;
  private readonly alternates: Alternate[] = [];

  constructor(
    private readonly input: PersonFields,
    private readonly business: RegExp,
  ) {
    this.out = { fields: { ...input }, credentials: [], titles: [], akas: [], employer: null, registerNumber: null };
  }

  run(): TidiedPerson {
    for (const field of ['lastName', 'firstName', 'middleName'] as const) this.tidyField(field);
    this.tidyFirstName();
    const f = this.out.fields;
    // A suffix column holding a credential ("MD" in NAM_SUFFIX_PROVR).
    const suffix = this.input.suffix;
    if (suffix !== null && f.suffix === suffix && !isSuffix(suffix) && isTitleOnly(suffix)) {
      this.takeTitle(suffix);
      f.suffix = null;
    }
    this.out.akas.push(...this.alternates.flatMap((a) => this.akasOf(a)));
    // Never leave a person without the name they had: the list's own text stays if nothing would.
    if (f.lastName === null && f.firstName === null) Object.assign(f, { lastName: this.input.lastName, firstName: this.input.firstName });
    return this.out;
  }

  private tidyField(field: Field): void {
    const text = this.out.fields[field];
    if (text === null) return;
    const [withoutNumber, number] = takeRegisterNumber(text);
    this.out.registerNumber ??= number;
    // Hyphenated names written with spaces beside the hyphen ("ADISSON- MARTINEAU", "Tatum - McWilliams").
    const joined = withoutNumber.replace(/(\p{L})\s*-\s+(?=\p{L})|(\p{L})\s+-(?=\p{L})/gu, '$1$2-');
    const words = this.takeCommaParts(field, this.takeParentheses(field, joined).replace(ALIAS_MARK_AT_END, ''));
    // Trailing credentials and suffixes; a name-like credential only in the middle name, beside another word ("GARY S DO", not "Helena Do").
    while (words.length > 1) {
      const last = words[words.length - 1];
      if (isSuffix(last)) this.takeSuffix(words.pop() as string);
      else if (isCredential(last) && (field === 'middleName' || !isNameLike(last))) this.takeCredential(words.pop() as string);
      else break;
    }
    if (field !== 'lastName') this.takeRoles(field, words);
    // "Dr. John": the title of address is the prefix.
    if (field === 'firstName' && words.length > 1 && isHonorific(words[0])) this.out.fields.prefix ??= (words.shift() as string).replace(/\.$/, '');
    this.out.fields[field] = stripPunctuation(words.join(' '));
  }

  /** Parentheses out of a field (a closing one may be missing at the end of a cut field): a DBA, a role, a practice, another name. */
  private takeParentheses(field: Field, text: string): string {
    return text.replace(/\(([^)]*)(?:\)|$)/g, (_: string, inner: string, at: number) => {
      const content = clean(inner.replace(/[,;]+$/, ''));
      if (content === null) return ' ';
      const before = text.slice(0, at).trim().split(/\s+/).filter(Boolean).length;
      if (DBA_MARK.test(content)) this.out.employer ??= clean(content.replace(DBA_MARK, ''));
      else if (!ALIAS_MARK.test(content) && isTitleNote(content)) this.takeTitle(content);
      else if (!ALIAS_MARK.test(content) && this.business.test(content)) this.out.employer ??= content;
      // "Norma (Jean)", "(Rick) Lee": a nickname; "Willie M. (Starks)", "Smith (Moore)", "Smith (Van Sycle)": another surname.
      else this.alternates.push({ name: content.replace(ALIAS_MARK, ''), is: (field === 'firstName' && before <= 1) || (field === 'middleName' && before === 0) ? 'given' : 'surname', field });
      return ' ';
    });
  }

  /** Comma parts after the name: credentials, roles, suffixes, aliases ("Sandoval, MD", "Aaron, Jr", "Lionel Jr, AKA Terry"); the words left. */
  private takeCommaParts(field: Field, text: string): string[] {
    const [head, ...rest] = text.split(',');
    const kept = [head];
    for (const part of rest.map((p) => p.trim()).filter(Boolean)) {
      if (ALIAS_MARK.test(part)) this.alternates.push({ name: part.replace(ALIAS_MARK, ''), is: field === 'lastName' ? 'surname' : 'given', field });
      else if (part.split(/\s+/).every(isSuffix)) this.takeSuffix(part);
      else if (isTitleOnly(part)) this.takeTitle(part);
      else kept.push(part);
    }
    return kept.join(', ').split(/\s+/).filter(Boolean);
  }

  /** A role in the given names starts the role's text ("JOSEPH PRESIDENT", "L PRESIDENT", "PRES. ALLUVI"), with abbreviations before it ("BUS. MGR."). */
  private takeRoles(field: 'firstName' | 'middleName', words: string[]): void {
    const from = field === 'firstName' ? 1 : 0;
    let at = words.findIndex((w, i) => i >= from && isRole(w));
    while (at > from && (isAbbreviation(words[at - 1]) || isRole(words[at - 1]))) at -= 1;
    if (at >= 0) this.out.titles.push(words.splice(at).join(' '));
    // A middle name of credentials only ("C.N.A.", "RN", "D.O."); a lone name-like one stays ("Luz Ma Aguirre").
    const isLoneNameLike = words.length === 1 && isNameLike(words[0]);
    if (field === 'middleName' && words.length > 0 && !isLoneNameLike && words.every((w) => isCredential(w) || isSuffix(w))) {
      for (const w of words.splice(0)) {
        if (isSuffix(w)) this.takeSuffix(w);
        else this.takeCredential(w);
      }
    }
  }

  /** A first name that is a credential, a role or a suffix alone ("KHAN MD", "Jr, James"); with none left, the middle name is the first. */
  private tidyFirstName(): void {
    const f = this.out.fields;
    const first = f.firstName;
    if (first !== null && f.lastName !== null && !first.includes(' ')) {
      const isCredentialOnly = isCredential(first) && !isNameLike(first);
      if (isCredentialOnly) this.takeCredential(first);
      else if (isRole(first)) this.out.titles.push(first);
      if (isCredentialOnly || isRole(first)) f.firstName = null;
    }
    if (f.firstName !== null && isSuffix(f.firstName) && f.middleName !== null) {
      this.takeSuffix(f.firstName);
      f.firstName = null;
    }
    if (f.firstName === null && f.middleName !== null) {
      const [given, ...more] = f.middleName.split(' ');
      Object.assign(f, { firstName: given, middleName: clean(more.join(' ')) });
    }
  }

  /** The other names an alternate gives: a one-word nickname takes the surname, another surname the first name. */
  private akasOf({ name: alternate, is, field }: Alternate): string[] {
    const f = this.out.fields;
    return alternate.split(ALIAS_SPLIT).flatMap((part) => {
      const name = stripPunctuation(part);
      if (name === null) return [];
      const isWhole = name.includes(',') || (name.includes(' ') && field !== 'lastName');
      if (isWhole) return [name];
      if (is === 'given' && f.lastName) return [`${name} ${f.lastName}`];
      if (is === 'surname' && f.firstName) return [`${f.firstName} ${name}`];
      return [name];
    });
  }

  private takeTitle(text: string): void {
    const credentials = credentialsOf(text);
    if (credentials) this.out.credentials.push(...credentials);
    else this.out.titles.push(text);
  }

  private takeSuffix(word: string): void {
    this.out.fields.suffix ??= key(word);
  }

  private takeCredential(word: string): void {
    this.out.credentials.push(...(credentialsOf(word) ?? [key(word)]));
  }
}

/** True when the tidy-up changed a name field. */
export function isNameChanged(before: PersonFields, after: PersonFields): boolean {
  return (['lastName', 'firstName', 'middleName', 'prefix', 'suffix'] as const).some((k) => before[k] !== after[k]);
}
