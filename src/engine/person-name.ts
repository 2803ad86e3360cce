/** Person names as people write them: "Last, First", titles, suffixes, particles. */
import { normalizeText, tokenize } from './text-normalize';

/** A person's name as normalised tokens. `first` is "" when unknown. */
export interface PersonName {
  first: string;
  middle: string[];
  /** Surname tokens: "garcia lopez", "de la cruz" (particles kept, compared loosely). */
  last: string[];
  /** Generation suffix (jr, sr, ii, iii, iv), which can tell father from son. */
  generation: string | null;
}

const TITLES = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'doctor', 'prof', 'professor', 'rev', 'reverend', 'hon', 'sir', 'dame',
  'fr', 'father', 'sister', 'capt', 'col', 'lt', 'sgt', 'maj', 'gen', 'messrs', 'mme', 'mlle', 'herr', 'sra',
  'general', 'colonel', 'lieutenant', 'brigadier', 'admiral', 'eng', 'engineer', 'rabbi', 'pastor',
  // Religious and honorific titles on the sanctions lists (Haji Abdul, Mullah Omar, Sheikh Ahmed, Daw Aung).
  'haji', 'hajji', 'hadji', 'hajj', 'alhaji', 'alhaj', 'maulawi', 'mawlawi', 'maulvi', 'moulvi', 'mawlavi', 'maulana',
  'mullah', 'mulla', 'molla', 'sheikh', 'shaikh', 'sheik', 'shaykh', 'sheikha', 'mufti', 'qari', 'ustad', 'ustadh',
  'ayatollah', 'hojatoleslam', 'daw',
]);
/** What forms and government lists write for a name part nobody knows (first name unknown, no middle name). */
const UNKNOWN_NAME = new Set(['fnu', 'lnu', 'nfn', 'nln', 'nmn', 'unk']);
const GENERATIONS: Record<string, string> = { jr: 'jr', junior: 'jr', sr: 'sr', senior: 'sr', ii: 'ii', '2nd': 'ii', iii: 'iii', '3rd': 'iii', iv: 'iv', '4th': 'iv' };
// Professional credentials written after healthcare workers' names.
const CREDENTIALS = new Set([
  'md', 'dds', 'dmd', 'rn', 'lpn', 'lvn', 'np', 'pac', 'phd', 'dpm', 'pharmd', 'rph', 'cna', 'crna', 'lcsw', 'lmft',
  'msw', 'dpt', 'otr', 'facs', 'facp', 'mph', 'mba', 'aprn', 'fnp', 'cnm', 'bsn', 'msn', 'dnp', 'psyd', 'lpc', 'slp',
  'emt', 'esq', 'cpa', 'cma', 'ccc', 'arnp',
]);
// Credentials that are also real surnames or given names (Do, Ma, Pa…): only dropped after a comma.
const AMBIGUOUS_CREDENTIALS = new Set(['do', 'ma', 'pa', 'ms', 'bs', 'ba', 'rd', 'bc', 'dc', 'pt', 'ot', 'od', 'jd', 'np']);
const PARTICLES = new Set(['de', 'del', 'della', 'la', 'las', 'los', 'van', 'von', 'der', 'den', 'da', 'di', 'du', 'le', 'st', 'dos', 'das', 'ten', 'ter', 'bin', 'ibn', 'al', 'el', 'y']);

/** True for surname particles (de, van, von, al…), which weigh little when comparing surnames. */
export function isParticle(token: string): boolean {
  return PARTICLES.has(token);
}

/** True for titles and honorifics (Dr, Mrs, Haji, Mullah, Sheikh…): weak evidence, never compared as a name. */
export function isTitle(token: string): boolean {
  return TITLES.has(token);
}

/** The titles a name starts with, in words (for explanations: "title Haji on the list name only"). */
export function leadingTitles(input: string | null | undefined): string[] {
  const out: string[] = [];
  for (const part of String(input ?? '').slice(0, 400).split(',')) {
    const tokens = tokenize(part);
    for (let i = 0; i < tokens.length - 1 && TITLES.has(tokens[i]); i++) out.push(tokens[i]);
  }
  return out;
}

/** Removes titles in front and suffixes/credentials at the end, keeping at least two tokens. */
function stripDecorations(tokens: string[], minKeep: number): { tokens: string[]; generation: string | null } {
  let start = 0;
  // A title goes whenever a word is left after it ("Mullah Omar" is Omar); suffixes keep `minKeep` words.
  while (start < tokens.length - 1 && TITLES.has(tokens[start])) start++;
  let end = tokens.length;
  let generation: string | null = null;
  while (end - start > minKeep) {
    const t = tokens[end - 1];
    if (GENERATIONS[t]) generation ??= GENERATIONS[t];
    else if (!CREDENTIALS.has(t)) break;
    end--;
  }
  return { tokens: tokens.slice(start, end), generation };
}

/** True when a comma-separated part is only decorations ("MD", "Jr.", "PhD, RN"). */
function isDecorationPart(tokens: string[]): boolean {
  return tokens.length > 0 && tokens.every((t) => TITLES.has(t) || GENERATIONS[t] || CREDENTIALS.has(t) || AMBIGUOUS_CREDENTIALS.has(t));
}

function splitGivenAndSurname(tokens: string[], lastWordTokens: number): { given: string[]; last: string[] } {
  if (tokens.length <= 1) return { given: [], last: tokens };
  // A hyphenated last word is one surname ("Garcia-Lopez"); particles glue to it ("de la Cruz").
  let lastStart = Math.max(1, tokens.length - lastWordTokens);
  while (lastStart > 1 && PARTICLES.has(tokens[lastStart - 1])) lastStart--;
  return { given: tokens.slice(0, lastStart), last: tokens.slice(lastStart) };
}

/** How many tokens the last real word (not a suffix or credential) of a name makes. */
function lastWordTokenCount(raw: string): number {
  const words = raw.trim().split(/\s+/);
  for (let i = words.length - 1; i >= 0; i--) {
    const t = tokenize(words[i]);
    if (t.length && !isDecorationPart(t)) return t.length;
  }
  return 1;
}

/** Parses a free-text person name ("Smith, John A. Jr", "Dr. John A Smith MD"). */
export function parsePersonName(input: string | null | undefined): PersonName {
  const raw = String(input ?? '').slice(0, 400);
  const parts = raw.split(',').map((p) => tokenize(p)).filter((p) => p.length > 0);
  let generation: string | null = null;
  const named = parts.filter((p, i) => {
    if (i === 0 || !isDecorationPart(p)) return true;
    for (const t of p) if (GENERATIONS[t]) generation ??= GENERATIONS[t];
    return false;
  });
  if (named.length >= 2) {
    const last = stripDecorations(named[0], 1);
    const given = stripDecorations(named.slice(1).flat(), 1);
    const g = given.tokens;
    return { first: g[0] ?? '', middle: g.slice(1), last: last.tokens, generation: generation ?? last.generation ?? given.generation };
  }
  const stripped = stripDecorations(named[0] ?? [], 2);
  const { given, last } = splitGivenAndSurname(stripped.tokens, lastWordTokenCount(raw.split(',')[0]));
  return { first: given[0] ?? '', middle: given.slice(1), last, generation: generation ?? stripped.generation };
}

/** Builds a PersonName from separate first/middle/last fields (list records, query forms). */
export function personNameFromFields(first: string | null | undefined, middle: string | null | undefined, last: string | null | undefined, suffix?: string | null): PersonName {
  let firstTokens = stripDecorations(tokenize(first), 1).tokens.filter((t) => !UNKNOWN_NAME.has(t));
  const lastStripped = stripDecorations(tokenize(last), 1);
  lastStripped.tokens = lastStripped.tokens.filter((t) => !UNKNOWN_NAME.has(t));
  // Forms that want both fields get a one-word name twice ("Madonna", "Madonna"): it is one word.
  if (!middle && firstTokens.join(' ') === lastStripped.tokens.join(' ')) firstTokens = [];
  const suffixTokens = tokenize(suffix);
  const generation = suffixTokens.map((t) => GENERATIONS[t]).find(Boolean) ?? lastStripped.generation;
  // A first-name field holding "Mary Ann" keeps "ann" as a middle name.
  const given = [...firstTokens, ...tokenize(middle)];
  // A name given in one field only ("Madonna" as a first name) is the whole name: filed as the surname,
  // like a one-word name written in free text, so it meets a list's one-word name (a mononym).
  const surname = lastStripped.tokens.length ? lastStripped.tokens : given.splice(-1);
  return { first: given[0] ?? '', middle: given.slice(1), last: surname, generation: generation ?? null };
}

/** True when the name carries nothing to compare. */
export function isEmptyPersonName(name: PersonName): boolean {
  return !name.first && name.middle.length === 0 && name.last.length === 0;
}

/** Display form of a parsed name, for explanations. */
export function formatPersonName(name: PersonName): string {
  return [name.first, ...name.middle, ...name.last].filter(Boolean).join(' ') + (name.generation ? ` ${name.generation}` : '');
}

/** Normalised single string (used by the Exact algorithm). */
export function normalizedPersonKey(name: PersonName): string {
  return normalizeText([name.first, name.last.join('')].join(' '));
}

/**
 * What a name word is besides a name, for readers of a whole name in one field (`full-name.ts`):
 * a title (Dr, Mrs), a generation suffix (Jr, III: the normalised one), a credential (MD, RN), or null.
 * `isAfterComma`: credentials that are also names (Do, Ma, Pa) count only there.
 */
export function decorationOf(token: string, isAfterComma = false): { kind: 'title' | 'credential' } | { kind: 'generation'; generation: string } | null {
  if (GENERATIONS[token]) return { kind: 'generation', generation: GENERATIONS[token] };
  if (TITLES.has(token)) return { kind: 'title' };
  if (CREDENTIALS.has(token) || (isAfterComma && AMBIGUOUS_CREDENTIALS.has(token))) return { kind: 'credential' };
  return null;
}
