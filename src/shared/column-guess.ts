/**
 * The automatic column mapping of batch files: which search criterion a column header holds,
 * from its case, spacing, punctuation and common synonyms. One function for the quick batch
 * pages and the full wizard (ADR 037). Accuracy on labelled header variants: column-guess.test.ts.
 */
import type { SearchCriterion } from './search-types';

/** Headers (spaces removed) that name each criterion outright. */
const SYNONYMS: Record<SearchCriterion, readonly string[]> = {
  'First Name': ['first', 'firstname', 'fname', 'given', 'givenname', 'forename', 'firstgivenname'],
  'Middle Name': ['middle', 'middlename', 'middleinitial', 'mi', 'mname', 'minitial', 'middleinit'],
  'Last Name': ['last', 'lastname', 'surname', 'familyname', 'lname', 'lastsurname'],
  'Company Name': [
    'company', 'companyname', 'business', 'businessname', 'legalbusinessname', 'organization', 'organizationname',
    'organisation', 'organisationname', 'orgname', 'entityname', 'vendor', 'vendorname', 'facilityname', 'practicename',
  ],
  NPI: ['npi', 'npinumber', 'npiid', 'nationalprovideridentifier', 'nationalproviderid', 'nationalprovideridentifiernumber'],
  SSN: ['ssn', 'ssnnumber', 'ssnumber', 'socialsecurity', 'socialsecuritynumber', 'socsecnumber', 'socialnumber'],
  'Date of Birth': ['dob', 'dateofbirth', 'birthdate', 'birthday', 'dateborn', 'birth'],
  State: ['state', 'st', 'statecode', 'stateabbreviation'],
  City: ['city', 'town', 'cityname'],
  'Postal Code': ['zip', 'zipcode', 'zip5', 'postalcode', 'postcode', 'postal'],
  'License Number': [
    'license', 'licensenumber', 'licence', 'licencenumber', 'licenseid', 'licnumber', 'lic',
    'professionallicense', 'professionallicensenumber', 'statelicense', 'statelicensenumber', 'medicallicense', 'medicallicensenumber',
  ],
  'License State': ['licensestate', 'licencestate', 'licstate', 'licensingstate', 'stateoflicense', 'stateoflicensure', 'licenseissuingstate', 'licensejurisdiction', 'issuingstate'],
  'Provider Type': [
    'providertype', 'provtype', 'profession', 'occupation', 'credential', 'credentials',
    'licensetype', 'licencetype', 'discipline', 'specialty', 'providerspecialty', 'taxonomy',
  ],
};

/** Words that say whose value or which address a column holds, not what it is ("Employee First Name", "Mailing City"). */
const QUALIFIERS = new Set([
  'employee', 'emp', 'staff', 'provider', 'member', 'individual', 'person', 'legal', 'worker', 'contractor',
  'applicant', 'practitioner', 'physician', 'user', 'personnel', 'home', 'mailing', 'address', 'residence', 'current', 'primary',
]);

/** Abbreviations written out, so that "NPI No.", "NPI #" and "NPI Num" are one header. */
const WORDS: Record<string, string> = { no: 'number', num: 'number', nbr: 'number', nmbr: 'number', nm: 'name', dt: 'date', sec: 'security', soc: 'social' };

/** Lower-case words of a header: camelCase split, parenthesised hints and punctuation dropped, abbreviations written out. */
export function headerWords(label: string): string[] {
  const text = label
    .replace(/\([^)]*\)/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/#/g, ' number ')
    .toLowerCase();
  return text
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => WORDS[word] ?? word);
}

const BY_KEY = new Map<string, SearchCriterion>();
for (const [criterion, keys] of Object.entries(SYNONYMS) as [SearchCriterion, readonly string[]][]) for (const key of keys) BY_KEY.set(key, criterion);

/** Identifiers named last: "Rendering NPI", "Employee SSN". */
const TRAILING_IDS: Record<string, SearchCriterion> = { npi: 'NPI', ssn: 'SSN' };

interface Guess {
  criterion: SearchCriterion;
  /** 2: the header is a synonym; 1: a synonym once qualifiers are dropped, or an identifier named last. */
  strength: 1 | 2;
}

function guessOne(label: string): Guess | null {
  const words = headerWords(label);
  const exact = BY_KEY.get(words.join(''));
  if (exact) return { criterion: exact, strength: 2 };
  const kept = words.filter((word) => !QUALIFIERS.has(word));
  const qualified = kept.length && kept.length < words.length ? BY_KEY.get(kept.join('')) : undefined;
  if (qualified) return { criterion: qualified, strength: 1 };
  const idWords = words.filter((word) => word !== 'number' && word !== 'id');
  const last = TRAILING_IDS[idWords[idWords.length - 1] ?? ''];
  return last ? { criterion: last, strength: 1 } : null;
}

/** The criterion a header names, or null when it names none (or one that is not a search criterion). */
export function guessCriterion(label: string): SearchCriterion | null {
  return guessOne(label)?.criterion ?? null;
}

/**
 * A mapping of a file's headers: each criterion on one column at most (the stronger guess,
 * then the first column, wins), headers that name nothing left out.
 */
export function guessMapping(labels: readonly string[]): Record<string, SearchCriterion> {
  const best = new Map<SearchCriterion, { label: string; strength: number }>();
  for (const label of labels) {
    const guess = guessOne(label);
    if (!guess) continue;
    const held = best.get(guess.criterion);
    if (!held || guess.strength > held.strength) best.set(guess.criterion, { label, strength: guess.strength });
  }
  const out: Record<string, SearchCriterion> = {};
  for (const label of labels) for (const [criterion, held] of best) if (held.label === label) out[label] = criterion;
  return out;
}
