/**
 * Licence numbers and NPPES's record as evidence for one candidate record (issue 52, ADR 120). A licence
 * that agrees, the query's own or one NPPES lists for the query's NPI, raises the score. A different licence
 * lowers it only when the query gave it, and only when it could be from the record's state. NPPES's
 * practice state counts when it is the record's state and the query's own state did not already agree.
 */
import type { EvidenceInput } from './evidence';
import { EVIDENCE_EFFECTS } from './evidence';
import type { FieldEvidence } from './explanation';
import type { QueryEvidence } from './hit-builder';
import { licenseAgreement } from './license-numbers';
import { jurisdictionOf, unpackState } from './location';
import type { MatchIndex } from './match-index';

/** The query's licence number: its comparison keys, as entered, and the state that issued it. */
export interface QueryLicense {
  keys: string[];
  text: string;
  state: string | null;
}

/** The state a record's licences belong to: its list's state ("state-ca": CA), else its address's. */
function recordStateOf(index: MatchIndex, r: number): string | null {
  return jurisdictionOf(index.sourceOf(r)) ?? unpackState(index.data.record.state[r]);
}

/**
 * The query key that is one of the record's licences, or null. Equal keys are found first; the states a prefix
 * may name are worked out only when two keys are a state prefix apart in length (a candidate of a licence row
 * runs this: most keys differ at once).
 */
function agreeingKey(keys: readonly string[], listed: readonly string[], index: MatchIndex, r: number, licenseState: string | null): string | null {
  let near = false;
  for (const a of keys) {
    for (const b of listed) {
      if (a === b) return a;
      if (a.length - b.length === 2 || b.length - a.length === 2) near = true;
    }
  }
  if (!near) return null;
  return licenseAgreement(keys, listed, [recordStateOf(index, r), unpackState(index.data.record.state[r]), licenseState])?.query ?? null;
}

/** The licence comparison of record `r` (it carries a licence) with the query's evidence, or null when none applies. */
export function licenseEvidence(index: MatchIndex, r: number, q: QueryEvidence): EvidenceInput['license'] {
  const listed = index.licensesOf(r);
  if (!listed) return null;
  const license = q.license ?? null;
  if (license && agreeingKey(license.keys, listed.keys, index, r, license.state) !== null) return { query: license.text, list: listed.text, agrees: true, through: 'query', npi: null };
  const nppes = q.nppes;
  if (nppes && nppes.keys.length) {
    const met = agreeingKey(nppes.keys, listed.keys, index, r, null);
    if (met !== null) return { query: met, list: listed.text, agrees: true, through: 'nppes', npi: nppes.npi };
  }
  if (!license) return null;
  // A number issued by another state than the record's is another registry's: no evidence against.
  const recordState = license.state ? recordStateOf(index, r) : null;
  return license.state && recordState && license.state !== recordState ? null : { query: license.text, list: listed.text, agrees: false, through: 'query', npi: null };
}

/** The licence's share of evidenceEffect (0 when none applies). */
export function licenseEffect(index: MatchIndex, r: number, q: QueryEvidence): number {
  const l = licenseEvidence(index, r, q);
  return l ? (l.agrees ? EVIDENCE_EFFECTS.licenseAgrees : EVIDENCE_EFFECTS.licenseDiffers) : 0;
}

/** NPPES's practice state is the record's (packed, the list-state flag masked off) and the query's own state is not. */
export function nppesStateAgrees(packedListState: number, q: QueryEvidence): boolean {
  return packedListState !== 0 && packedListState === q.nppesPackedState && packedListState !== q.packedState;
}

/** The field a hit shows when the query gave a licence and the list record carries none. */
export function missingLicense(l: QueryLicense): FieldEvidence {
  return { queryField: 'licenseNumber', listField: 'licenseNumbers', queryValue: l.text, listValue: '', score: 0, method: 'missing' };
}
