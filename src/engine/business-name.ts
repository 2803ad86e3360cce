/** Business names: legal forms, "&"/"and", "The", abbreviations, DBA splits, generic words. */
import { joinSingleLetters, tokenize } from './text-normalize';

const LEGAL_FORMS = new Set([
  'llc', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'lp', 'llp', 'lllp', 'pc',
  'pllc', 'pa', 'plc', 'psc', 'sc', 'ps', 'apc', 'amc', 'chtd', 'chartered', 'gmbh', 'sa', 'srl', 'bv', 'nv', 'ag', 'ltda',
  'sas', 'pty', 'lc', 'pllp', 'spa', 'oy', 'ab', 'as', 'kg', 'se', 'sarl', 'sl', 'cv', 'jsc', 'ooo', 'zao', 'oao', 'pjsc',
]);
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
  // A number such as the "1" of "#1 Quality Home Care" is a designator people often leave out.
  return /^\d+$/.test(token) ? 0.1 : 1;
}

/** True when the token is a generic business word (candidate search skips them when it can). */
export function isGenericBusinessToken(token: string): boolean {
  return GENERIC.has(token);
}

/** Normalises one business name to comparable tokens (legal forms and stopwords removed). */
export function businessTokens(name: string | null | undefined): string[] {
  // "and" goes before single letters are joined, so "A & B" and "A and B" both become "ab".
  const tokens = joinSingleLetters(tokenize(name).filter((t) => t !== 'and'));
  const out: string[] = [];
  for (const raw of tokens) {
    const t = ABBREVIATIONS[raw] ?? raw;
    if (STOPWORDS.has(t)) continue;
    out.push(t);
  }
  // Legal forms are dropped only at the end (and never all of them), so "Co-op Pharmacy" survives.
  while (out.length > 1 && LEGAL_FORMS.has(out[out.length - 1])) out.pop();
  return out.length ? out : tokens.filter((t) => !STOPWORDS.has(t));
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
