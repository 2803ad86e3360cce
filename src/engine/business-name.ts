/** Business names: legal forms, "&"/"and", "The", abbreviations, DBA splits, generic words. */
import { joinSingleLetters, tokenize } from './text-normalize';

const LEGAL_FORMS = new Set([
  'llc', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'lp', 'llp', 'lllp', 'pc',
  'pllc', 'pa', 'plc', 'psc', 'sc', 'ps', 'apc', 'amc', 'chtd', 'chartered', 'gmbh', 'sa', 'srl', 'bv', 'nv', 'ag', 'ltda',
  'sas', 'pty', 'lc', 'pllp', 'spa', 'oy', 'ab', 'as', 'kg', 'se', 'sarl', 'sl', 'cv', 'jsc', 'ooo', 'zao', 'oao', 'pjsc',
  'ojsc', 'cjsc', 'pao', 'ao', 'eood', 'ood', 'ead', 'bsc', 'fze', 'fzco', 'fzc', 'fzllc', 'pte', 'sdn', 'bhd', 'tov', 'sro',
  'doo', 'kft', 'zrt', 'sp', 'zoo', 'aktiengesellschaft', 'mbh', 'sae', 'saic', 'sal', 'wll',
]);
/** Legal forms written in full, by their canonical short form (weak evidence: the name is what counts). */
const LONG_FORMS: [string[], string][] = [
  ['open joint stock company', 'ojsc'], ['closed joint stock company', 'cjsc'], ['public joint stock company', 'pjsc'],
  ['joint stock company', 'jsc'], ['limited liability company', 'llc'], ['limited liability partnership', 'llp'],
  ['public limited company', 'plc'], ['professional corporation', 'pc'], ['private limited', 'ltd'],
  ['gesellschaft mit beschrankter haftung', 'gmbh'], ['societe anonyme', 'sa'], ['sociedad anonima', 'sa'],
  ['obshchestvo s ogranichennoy otvetstvennostyu', 'ooo'], ['otkrytoye aktsionernoye obshchestvo', 'oao'],
  ['zakrytoye aktsionernoye obshchestvo', 'zao'], ['anonim sirketi', 'as'], ['limited sirketi', 'ltd'], ['sa de cv', 'sa'], ['s de rl de cv', 'srl'], ['de cv', 'cv'],
].map(([words, form]) => [words.split(' '), form]);
/** Words left before a legal form when a name is cut inside it ("S.A. DE C", "TICARET A"). */
const CUT_TAIL = new Set(['de', 've', 'y', 'et', 'und']);
/** Forms that lists put in front of the name ("OAO Gazprom", "LLC VEB-Capital"). */
const LEADING_FORMS = new Set(['ooo', 'oao', 'zao', 'jsc', 'ojsc', 'cjsc', 'pjsc', 'pao', 'ao', 'llc', 'tov', 'pt', 'eood', 'ood']);
/** Ordinals and number words, written as digits so "1st"/"First" and "44"/"Forty-Four" agree. */
const ORDINALS: Record<string, string> = {
  first: '1st', second: '2nd', third: '3rd', fourth: '4th', fifth: '5th', sixth: '6th', seventh: '7th', eighth: '8th', ninth: '9th', tenth: '10th',
};
const UNITS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
const TEENS: Record<string, number> = { ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19 };
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
/** Width at which LEIE cuts business names: a list name that long may be a prefix of the real one. */
export const LEIE_BUSINESS_NAME_WIDTH = 30;
/** Marks the last token of a name cut at a field limit (it may be the start of a longer word). */
export const CUT_MARK = '…';
const STOPWORDS = new Set(['the', 'and', 'of', 'for', 'at', 'a', 'an']);
const ABBREVIATIONS: Record<string, string> = {
  svc: 'services', svcs: 'services', srvcs: 'services', serv: 'services', service: 'services', ctr: 'center', cntr: 'center',
  centre: 'center', assoc: 'associates', assocs: 'associates', associated: 'associates', hosp: 'hospital', med: 'medical',
  mgmt: 'management', mgt: 'management', intl: 'international', natl: 'national', bros: 'brothers', mfg: 'manufacturing',
  dept: 'department', univ: 'university', hlth: 'health', grp: 'group', st: 'saint', mt: 'mount', ft: 'fort',
  labs: 'laboratory', lab: 'laboratory', laboratories: 'laboratory', ctrs: 'centers', phcy: 'pharmacy', pharm: 'pharmacy',
  rehab: 'rehabilitation', equip: 'equipment', supp: 'supply', supplies: 'supply', trans: 'transport',
  transportation: 'transport', amb: 'ambulance', hc: 'healthcare',
};
/** Words so common in healthcare business names that agreeing on them says little. */
const GENERIC = new Set([
  'health', 'healthcare', 'care', 'home', 'homes', 'medical', 'medicine', 'services', 'center', 'centers', 'clinic',
  'clinics', 'group', 'associates', 'hospital', 'pharmacy', 'drug', 'drugs', 'supply', 'equipment', 'dental', 'nursing',
  'rehabilitation', 'therapy', 'therapies', 'physical', 'hospice', 'family', 'community', 'county', 'regional', 'general',
  'american', 'national', 'united', 'international', 'management', 'solutions', 'systems', 'network', 'partners',
  'practice', 'physicians', 'providers', 'ambulance', 'transport', 'laboratory', 'diagnostics', 'imaging',
  'wellness', 'living', 'assisted', 'senior', 'seniors', 'behavioral', 'mental', 'counseling', 'staffing', 'agency',
  'enterprises', 'holdings', 'surgical', 'surgery', 'orthopedic', 'orthopedics', 'pediatric', 'pediatrics', 'billing',
  'consulting', 'resources', 'specialty', 'institute', 'foundation', 'trust', 'new', 'first', 'best', 'quality',
  'premier', 'total', 'complete', 'advanced', 'professional', 'comprehensive', 'life', 'plus', 'saint', 'care',
  'medicaid', 'medicare', 'supplies', 'healthcare', 'primary', 'urgent', 'in', 'on', 'facility', 'residential',
  'nurse', 'nurses', 'doctors', 'associates', 'specialists', 'vision', 'eye', 'hearing', 'mobile', 'durable',
]);

/** Weight of a business token: generic healthcare words count for about a third of a distinctive word. */
export function businessTokenWeight(token: string): number {
  if (GENERIC.has(token)) return 0.35;
  // A number such as the "1" of "#1 Quality Home Care" is a designator people often leave out;
  // an ordinal ("1st" from "First") is a common word.
  return /^\d+$/.test(token) ? 0.1 : /^\d+(?:st|nd|rd|th)$/.test(token) ? 0.35 : 1;
}

/** True when the token is a generic business word (candidate search skips them when it can). */
export function isGenericBusinessToken(token: string): boolean {
  return GENERIC.has(token);
}

/** True when the name fills a source's field exactly, so its last word may have been cut. */
export function isCutName(name: string | null | undefined, width: number = LEIE_BUSINESS_NAME_WIDTH): boolean {
  const s = String(name ?? '').trim();
  return s.length === width;
}

/** A legal form glued to the name in capitals ("SiemensAG", "AcmeLLC") is written apart. */
function splitGluedForm(name: string | null | undefined): string {
  return String(name ?? '').replace(/(\p{Ll})(AG|SA|SE|NV|BV|GmbH|LLC|Inc|INC|Ltd|LTD|Corp|CORP|PLC|JSC|OAO|OOO)\b/gu, '$1 $2');
}

/** True when a business name from this source may have been cut at the source's field limit. */
export function cutAtSource(source: string, name: string | null | undefined): boolean {
  return source === 'leie' && isCutName(name);
}

/**
 * Normalises one business name to comparable tokens (legal forms, stopwords removed; numbers as digits).
 * With `cut`, the name was cut at a field limit: its last word is kept as a prefix, marked with CUT_MARK.
 */
export function businessTokens(name: string | null | undefined, cut = false): string[] {
  // "and" goes before single letters are joined, so "A & B" and "A and B" both become "ab".
  const tokens = numbersAsDigits(replaceLongForms(joinSingleLetters(tokenize(splitGluedForm(name)).filter((t) => t !== 'and'))));
  let fragment = cut && tokens.length > 1 ? tokens.pop()! : null;
  const out: string[] = [];
  for (const raw of tokens) {
    const t = ABBREVIATIONS[raw] ?? CANONICAL_FORM[raw] ?? raw;
    if (STOPWORDS.has(t)) continue;
    out.push(t);
  }
  // Legal forms are dropped at the end and, for the forms lists write first, at the start (never all
  // of them), so "Co-op Pharmacy" survives.
  const cutMark = fragment !== null;
  // A fragment that starts a legal form ("LL" of LLC) says nothing, but the name was still cut.
  if (fragment && [...LEGAL_FORMS].some((f) => f.startsWith(fragment!))) fragment = null;
  const keep = fragment ? 0 : 1;
  while (out.length > keep && (LEGAL_FORMS.has(out[out.length - 1]) || (cutMark && CUT_TAIL.has(out[out.length - 1])))) out.pop();
  while (out.length > keep && LEADING_FORMS.has(out[0])) out.shift();
  if (cutMark && (out.length || fragment)) out.push((fragment ?? '') + CUT_MARK);
  return out.length ? out : tokens.filter((t) => !STOPWORDS.has(t));
}

/** The legal forms a business name carries, in canonical short form ("Aktiengesellschaft" → "ag"). */
export function businessLegalForms(name: string | null | undefined): string[] {
  const tokens = replaceLongForms(joinSingleLetters(tokenize(name)));
  const forms: string[] = [];
  let end = tokens.length;
  while (end > 1 && LEGAL_FORMS.has(tokens[end - 1])) forms.unshift(tokens[--end]);
  for (let i = 0; i < end - 1 && LEADING_FORMS.has(tokens[i]); i++) forms.unshift(tokens[i]);
  return forms.map((f) => CANONICAL_FORM[f] ?? f);
}

const CANONICAL_FORM: Record<string, string> = {
  incorporated: 'inc', corporation: 'corp', company: 'co', limited: 'ltd', aktiengesellschaft: 'ag', chartered: 'chtd', lc: 'llc',
};

function replaceLongForms(tokens: string[]): string[] {
  if (tokens.length < 3) return tokens;
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const hit = LONG_FORMS.find(([words]) => words.every((w, k) => tokens[i + k] === w));
    if (hit && i > 0) {
      out.push(hit[1]);
      i += hit[0].length;
    } else if (hit && i === 0 && tokens.length > hit[0].length) {
      out.push(hit[1]);
      i += hit[0].length;
    } else out.push(tokens[i++]);
  }
  return out;
}

function numbersAsDigits(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (ORDINALS[t]) out.push(ORDINALS[t]);
    else if (TENS[t] !== undefined) {
      const unit = UNITS[tokens[i + 1]];
      if (unit !== undefined) i++;
      out.push(String(TENS[t] + (unit ?? 0)));
    } else if (TEENS[t] !== undefined) out.push(String(TEENS[t]));
    else out.push(t);
  }
  return out;
}

// "Acme Inc DBA Acme Pharmacy", "Acme a/k/a Acme Rx": one string, several names.
const ALIAS_SPLIT = /\b(?:d\s*\/?\s*b\s*\/?\s*a|a\s*\/\s*k\s*\/\s*a|aka|f\s*\/\s*k\s*\/\s*a|fka|t\s*\/\s*a)\b\.?/i;

/** Splits a business name written with "DBA"/"AKA"/"FKA" into its names. */
export function splitBusinessAliases(name: string | null | undefined): string[] {
  const raw = String(name ?? '').slice(0, 400);
  return raw
    .split(ALIAS_SPLIT)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

const FORM_NAMES: Record<string, string> = {
  ag: 'Aktiengesellschaft', gmbh: 'Gesellschaft mit beschränkter Haftung', llc: 'Limited Liability Company', inc: 'Incorporated',
  corp: 'Corporation', co: 'Company', ltd: 'Limited', plc: 'Public Limited Company', jsc: 'Joint Stock Company',
  ojsc: 'Open Joint Stock Company', cjsc: 'Closed Joint Stock Company', pjsc: 'Public Joint Stock Company', oao: 'Open Joint Stock Company',
  zao: 'Closed Joint Stock Company', ooo: 'Limited Liability Company', sa: 'Société Anonyme', pc: 'Professional Corporation',
};
const SAME_FORM: Record<string, string> = { oao: 'ojsc', zao: 'cjsc', ooo: 'llc', pao: 'pjsc' };

/**
 * The legal forms of two business names in words, when either carries one: weak evidence, shown to the
 * reviewer but not scored ("legal form differs: AG = Aktiengesellschaft vs GmbH").
 */
export function legalFormNote(query: string, list: string): string | null {
  const q = businessLegalForms(query);
  const l = businessLegalForms(list);
  if (!q.length && !l.length) return null;
  const words = (forms: string[]): string => forms.map((f) => (FORM_NAMES[f] ? `${f.toUpperCase()} = ${FORM_NAMES[f]}` : f.toUpperCase())).join(', ');
  const same = (f: string): string => SAME_FORM[f] ?? f;
  if (!q.length || !l.length) return `legal form on one side only: ${words(q.length ? q : l)}`;
  if (q.map(same).join(' ') === l.map(same).join(' ')) return `legal form agrees: ${words(l)}`;
  return `legal form differs: ${words(q)} vs ${words(l)}`;
}
