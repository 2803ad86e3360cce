/** Turns name similarity plus other evidence into one calibrated score with its reasons. */
import { compareDates, type PartialDate } from './dates';
import type { FieldEvidence, ScoreAdjustment } from './explanation';
import { IDENTIFIER_MATCH_SCORE, MAX_WITHOUT_IDENTIFIER, NAME_ONLY_CEILING } from './settings';

/** Everything known about a query/list pair beyond the name. */
export interface EvidenceInput {
  /** Name similarity in [0,1], or null when no name was compared (identifier-only query). */
  nameSimilarity: number | null;
  /** The identifier that matched exactly, if any. */
  identifier: { field: 'npi' | 'ssn' | 'ein'; value: string } | null;
  /** Identifiers present on both sides but different (strong evidence of two people). */
  conflicts: { field: 'npi' | 'ssn' | 'ein'; query: string; list: string }[];
  dob: { query: PartialDate; list: PartialDate; queryText: string; listText: string } | null;
  /** `ofList`: the list's own state, the record carrying none (a state list's record without an address). */
  state: { query: string; list: string; ofList?: boolean } | null;
  city: { query: string; list: string } | null;
  postal: { query: string; list: string } | null;
  /**
   * Licence numbers (ADR 120): the one that agreed (the query's own, or one NPPES lists for the query's NPI),
   * else the query's against the record's when they differ; absent or null when either side has none.
   */
  license?: { query: string; list: string; agrees: boolean; through: 'query' | 'nppes'; npi: string | null } | null;
  /** The provider types compared (ADR 121): absent or null when either side names none. */
  profession?: { query: string; list: string; relation: 'agrees' | 'related' | 'differs'; through: 'query' | 'nppes'; npi: string | null } | null;
  /** NPPES's practice state for the query's NPI, when it is the list record's and the query's own state did not already agree. */
  nppesState?: { state: string; npi: string; ofList?: boolean } | null;
}

/** Score effects of identifiers and location (documented in README). */
export const EVIDENCE_EFFECTS = {
  npiConflict: -0.15,
  ssnConflict: -0.3,
  einConflict: -0.15,
  stateAgrees: 0.02,
  stateDiffers: -0.05,
  cityAgrees: 0.01,
  postalAgrees: 0.02,
  locationBonusCap: 0.03,
  /** The same licence number: stronger than a state, never an identifier's certainty (ADR 120). */
  licenseAgrees: 0.05,
  /** Another licence number: people hold several, so a little only. */
  licenseDiffers: -0.03,
  /** The same kind of provider (a nurse and "RN"): as much as a state, outside the location cap (ADR 121). */
  professionAgrees: 0.02,
} as const;

/** The score as the place fields are weighed, and the bonus they gave so far (capped). */
interface PlaceTally {
  score: number;
  locationBonus: number;
}

// A module function, not a closure per call of combineEvidence: tsx's keepNames would name it each time (ADR 089).
function placeEvidence(t: PlaceTally, fields: FieldEvidence[], adjustments: ScoreAdjustment[], field: 'state' | 'city' | 'postalCode', pair: { query: string; list: string; ofList?: boolean } | null, agree: number, differ: number): void {
  if (!pair) return;
  const same = pair.query === pair.list;
  // The list's own state meets the query as `listState` (the words say whose it is).
  fields.push({ queryField: field, listField: pair.ofList ? 'listState' : field, queryValue: pair.query, listValue: pair.list, score: same ? 1 : 0, method: same ? 'exact' : 'different' });
  // The list's own state is said as such: the record itself gives no address (ADR 118).
  const whose = pair.ofList ? ` (${pair.query} given; the record has no address, the list is ${pair.list}'s own)` : '';
  if (same && agree) {
    const effect = Math.min(agree, EVIDENCE_EFFECTS.locationBonusCap - t.locationBonus);
    t.locationBonus += effect;
    if (effect > 0) adjustments.push({ reason: `${field} agrees${whose}`, effect: round(effect) });
    t.score += effect;
  } else if (!same && differ) {
    adjustments.push({ reason: `${field} differs${whose}`, effect: differ });
    t.score += differ;
  }
}

/** A licence number compared, in words a reviewer reads (ADR 120). */
function licenseWords(l: NonNullable<EvidenceInput['license']>): string {
  if (l.through === 'nppes') return `NPPES lists license ${l.query} for NPI ${l.npi}, as the list record does (${l.list})`;
  return l.agrees ? `List record's license ${l.list} is the employee's license ${l.query}` : `List record's license ${l.list} differs from the employee's license ${l.query}`;
}

/** Provider types compared, in words a reviewer reads (ADR 121). A different one counts for nothing: an exclusion bars every role. */
function professionWords(p: NonNullable<EvidenceInput['profession']>): string {
  const whose = p.through === 'nppes' ? `NPPES's record of NPI ${p.npi} (${p.query})` : `the employee's (${p.query})`;
  return p.relation === 'agrees'
    ? `List record's provider type ${p.list} is the same kind of provider as ${whose}`
    : `List record's provider type ${p.list} differs from ${whose}; not counted against, as an excluded person may not work in any role`;
}

/** A strong identifier in conflict, said so a reviewer sees it first (issue 52); an SSN is never written out. */
function conflictWords(c: EvidenceInput['conflicts'][number]): string {
  if (c.field === 'ssn') return "List record's SSN differs from the employee's SSN";
  if (c.field === 'ein') return `List record's EIN ${c.list} differs from the vendor's EIN ${c.query}`;
  return `List record's NPI ${c.list} differs from the employee's NPI ${c.query}`;
}

/** Combines the evidence; pushes field comparisons into `fields` and returns score and adjustments. */
export function combineEvidence(input: EvidenceInput, fields: FieldEvidence[]): { score: number; adjustments: ScoreAdjustment[] } {
  const adjustments: ScoreAdjustment[] = [];
  const s = input.nameSimilarity;
  let score = s === null ? 0 : s * NAME_ONLY_CEILING;
  if (s !== null) adjustments.push({ reason: `name similarity ${s.toFixed(3)} × ${NAME_ONLY_CEILING} (a name alone is never certain)`, effect: round(score) });

  if (input.dob) {
    const d = compareDates(input.dob.query, input.dob.list);
    fields.push({ queryField: 'dateOfBirth', listField: 'dateOfBirth', queryValue: input.dob.queryText, listValue: input.dob.listText, score: d.score, method: d.method });
    score += d.effect;
    adjustments.push({ reason: d.note, effect: d.effect });
  }
  const place: PlaceTally = { score, locationBonus: 0 };
  placeEvidence(place, fields, adjustments, 'state', input.state, EVIDENCE_EFFECTS.stateAgrees, EVIDENCE_EFFECTS.stateDiffers);
  placeEvidence(place, fields, adjustments, 'city', input.city, EVIDENCE_EFFECTS.cityAgrees, 0);
  placeEvidence(place, fields, adjustments, 'postalCode', input.postal, EVIDENCE_EFFECTS.postalAgrees, 0);
  if (input.nppesState) {
    // NPPES's practice state is a state agreement the query did not have (within the location cap); a different one lowers nothing.
    const { state, npi, ofList } = input.nppesState;
    fields.push({ queryField: 'nppesState', listField: ofList ? 'listState' : 'state', queryValue: state, listValue: state, score: 1, method: 'exact' });
    const effect = Math.min(EVIDENCE_EFFECTS.stateAgrees, EVIDENCE_EFFECTS.locationBonusCap - place.locationBonus);
    place.locationBonus += effect;
    const whose = ofList ? "is the state of the list the record is on (the record has no address)" : 'agrees with the list record';
    adjustments.push({ reason: `NPPES practice state ${state} (NPI ${npi}) ${whose}`, effect: round(effect) });
    place.score += effect;
  }
  score = place.score;
  if (input.license) {
    const l = input.license;
    const effect = l.agrees ? EVIDENCE_EFFECTS.licenseAgrees : EVIDENCE_EFFECTS.licenseDiffers;
    fields.push({ queryField: l.through === 'nppes' ? 'nppesLicense' : 'licenseNumber', listField: 'licenseNumbers', queryValue: l.query, listValue: l.list, score: l.agrees ? 1 : 0, method: l.agrees ? 'exact' : 'different' });
    adjustments.push({ reason: licenseWords(l), effect });
    score += effect;
  }
  if (input.profession) {
    const p = input.profession;
    const effect = p.relation === 'agrees' ? EVIDENCE_EFFECTS.professionAgrees : 0;
    fields.push({ queryField: p.through === 'nppes' ? 'nppesProfession' : 'providerType', listField: 'providerType', queryValue: p.query, listValue: p.list, score: p.relation === 'agrees' ? 1 : 0, method: p.relation === 'agrees' ? 'same-kind' : p.relation });
    if (p.relation !== 'related') adjustments.push({ reason: professionWords(p), effect });
    score += effect;
  }
  for (const c of input.conflicts) {
    const effect = EVIDENCE_EFFECTS[`${c.field}Conflict`];
    fields.push({ queryField: c.field, listField: c.field, queryValue: c.query, listValue: c.list, score: 0, method: 'different' });
    adjustments.push({ reason: conflictWords(c), effect });
    score += effect;
  }
  score = Math.min(MAX_WITHOUT_IDENTIFIER, Math.max(0, score));

  if (input.identifier) {
    const { field, value } = input.identifier;
    fields.push({ queryField: field, listField: field, queryValue: value, listValue: value, score: 1, method: 'exact' });
    // Exact identifier: at least 0.99, the last hundredth earned by an agreeing name.
    const nameBonus = s === null ? 0 : 0.01 * Math.max(0, (s - 0.5) / 0.5);
    const idScore = IDENTIFIER_MATCH_SCORE + Math.min(0.01, nameBonus);
    adjustments.push({ reason: `${field.toUpperCase()} matches exactly`, effect: round(idScore - score) });
    score = idScore;
  }
  return { score: round(Math.min(1, score), 4), adjustments };
}

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
