/**
 * What NPPES holds for a query's NPI that a list record can be compared with (issue 52, ADR 120): the
 * practice-location state, the licence numbers and the credential. Read once per query, never per
 * candidate: from the NPPES record the caller read by key (the server, ADR 060), else from the index.
 */
import { checkNpi } from '#shared/identifiers';
import type { ListRecord } from '#shared/list-record';
import { PartedIndex, type SearchIndex } from './index-parts';
import { licenseKeysOf } from './license-numbers';
import { normalizeState, unpackState } from './location';
import type { MatchIndex } from './match-index';
import type { ScreenQuery } from './query-types';
import { professionNames } from './profession';
import { nppesProfessions } from './record-professions';
import { lookupPairs } from './sorted-pairs';

/** The NPPES record of an NPI as evidence: plain data, so a query carrying it crosses to worker threads. */
export interface NppesFacts {
  npi: string;
  /** Practice-location state (two letters), null when NPPES gives none. */
  state: string | null;
  /** Licence numbers as NPPES lists them (Provider License Number_n). */
  licenseNumbers: string[];
  /** Provider Credential Text ("MD", "RN"), when known. */
  credential: string | null;
  /** The provider-type families of its taxonomy codes and credential (`professionsOf` bits, 0: none), ADR 121. */
  professions?: number;
  /** What they were read from, as a reviewer reads it ("taxonomy 163W00000X, credential RN"). */
  professionText?: string | null;
}

/** The words for what an NPPES record's families were read from. */
function professionTextOf(taxonomyCodes: string | null | undefined, credential: string | null | undefined): string | null {
  const parts = [taxonomyCodes ? `taxonomy ${String(taxonomyCodes).split(/[;,\s]+/).filter(Boolean).slice(0, 3).join(', ')}` : '', credential ? `credential ${credential}` : ''].filter(Boolean);
  return parts.length ? parts.join('; ') : null;
}

/** The facts of an NPPES record (the full record a caller read by key). */
export function nppesFactsOfRecord(r: ListRecord): NppesFacts | null {
  if (r.source !== 'nppes' || !r.npi) return null;
  const codes = r.extra?.taxonomyCodes ?? r.specialty;
  const credential = r.extra?.credential ?? null;
  return { npi: r.npi, state: normalizeState(r.state), licenseNumbers: [...(r.licenseNumbers ?? [])], credential, professions: nppesProfessions(codes, credential), professionText: professionTextOf(codes, credential) };
}

/** The facts of the NPPES record of a valid NPI among the index's records, or null (NPPES records sit in one part). */
export function nppesFactsInIndex(index: SearchIndex, npi: string): NppesFacts | null {
  // A batch row with an NPI runs this: no array or closure made when no part holds NPPES (the server's index, ADR 060).
  if (!(index instanceof PartedIndex)) return factsInPart(index, npi);
  for (const part of index.parts) {
    const facts = factsInPart(part.index, npi);
    if (facts) return facts;
  }
  return null;
}

function factsInPart(part: MatchIndex, npi: string): NppesFacts | null {
  if (!part.data.sources.includes('nppes')) return null;
  for (const r of lookupPairs(part.data.npi, Number(npi))) if (part.sourceOf(r) === 'nppes') return factsOf(part, r, npi);
  return null;
}

function factsOf(index: MatchIndex, r: number, npi: string): NppesFacts {
  const licenses = index.licensesOf(r);
  const professions = index.data.record.profession[r];
  // The index keeps the families, not the codes: the primary taxonomy code is the record's specialty.
  const taxonomy = professions ? (index.hitDetails(r)?.specialty ?? null) : null;
  return { npi, state: unpackState(index.data.record.state[r]), licenseNumbers: licenses ? licenses.text.split('; ') : [], credential: null, professions, professionText: professions ? (professionTextOf(taxonomy, null) ?? professionNames(professions)) : null };
}

/** The facts as a query's evidence: the state packed like the index's, the licence keys, the families. */
export interface NppesEvidence {
  npi: string;
  state: string | null;
  keys: string[];
  credential: string | null;
  professions: number;
  professionText: string | null;
}

function sameNpi(given: unknown, npi: string): boolean {
  const c = checkNpi(typeof given === 'string' ? given : '');
  return c.ok && c.value === npi;
}

/** The query's NPPES evidence: the facts it carries (null: none), else those of the index; only for a valid NPI. */
export function nppesEvidenceOf(index: SearchIndex, given: NppesFacts | null | undefined, npi: string | null): NppesEvidence | null {
  if (!npi) return null;
  // Facts the caller gives are used only for this NPI (a caller's mix-up never lends one person's licences to another).
  const facts = given === undefined ? nppesFactsInIndex(index, npi) : given && typeof given === 'object' && sameNpi(given.npi, npi) ? given : null;
  if (!facts) return null;
  const state = normalizeState(facts.state);
  const keys = licenseKeysOf(Array.isArray(facts.licenseNumbers) ? facts.licenseNumbers : []);
  const professions = typeof facts.professions === 'number' && Number.isInteger(facts.professions) ? facts.professions & 0xffff : 0;
  if (!state && !keys.length && !professions) return null;
  const professionText = professions && typeof facts.professionText === 'string' ? facts.professionText.slice(0, 120) : professions ? professionNames(professions) : null;
  return { npi, state, keys, credential: typeof facts.credential === 'string' ? facts.credential : null, professions, professionText };
}

/**
 * The queries with the NPPES facts of their NPIs attached (`factsOf` answers a valid NPI's facts, null when
 * NPPES holds none): for a caller that reads NPPES by key, before it screens the main index. Only name queries
 * carrying an NPI are copied; the others are the same objects.
 */
export function withNppesFacts(queries: readonly ScreenQuery[], factsOf: (npi: string) => NppesFacts | null): ScreenQuery[] {
  return queries.map((q) => {
    if (!q || (q.type !== 'individual' && q.type !== 'business') || q.npi == null || q.nppes !== undefined) return q;
    const c = checkNpi(String(q.npi));
    return c.ok ? { ...q, nppes: factsOf(c.value) } : q;
  });
}

/** Whether a query is a name query whose NPI's NPPES facts a by-key caller should attach. */
export const wantsNppesFacts = (q: ScreenQuery): boolean => !!q && (q.type === 'individual' || q.type === 'business') && q.npi != null && String(q.npi).trim() !== '' && q.nppes === undefined;
