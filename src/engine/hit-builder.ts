/** Turns a scored candidate record into a Hit with its explanation, and orders hits. */
import { ALGORITHM_VERSION } from './algorithm-version';
import { nameNotes } from './name-notes';
import { dateEffect, DOB_EFFECTS, oneTypoApart, packDate, parseDate, unpackDate, type PartialDate } from './dates';
import { combineEvidence, EVIDENCE_EFFECTS, type EvidenceInput } from './evidence';
import { summarize, type FieldEvidence, type ScoreAdjustment } from './explanation';
import { LIST_STATE, unpackState } from './location';
import { licenseEffect, licenseEvidence, missingLicense, nppesStateAgrees, type QueryLicense } from './license-evidence';
import { professionEffect, professionEvidence, type QueryProfession } from './profession-evidence';
import type { NppesEvidence } from './nppes-facts';
import type { MatchIndex } from './match-index';
import type { Hit } from './query-types';
import type { RecordView } from './record-view';
import { NAME_ONLY_CEILING, type ResolvedOptions } from './settings';

/** The non-name evidence of a query, normalised once. */
export interface QueryEvidence {
  dob: { date: PartialDate; packed: number; text: string } | null;
  npi: string | null;
  ssn: string | null;
  ein: string | null;
  state: string | null;
  /** The query's name as typed (for the words on titles, legal forms and scripts), "" when none. */
  nameText: string;
  /** Person or business query (which notes apply to the name). */
  nameType: 'person' | 'business';
  /** The state packed like the index stores it (0 = none), for integer comparison. */
  packedState: number;
  city: string;
  postal: string | null;
  /** The query's licence number (ADR 120), null when none (optional for callers that build evidence by hand). */
  license?: QueryLicense | null;
  /** NPPES's record of the query's NPI as evidence (ADR 120), null when none. */
  nppes?: NppesEvidence | null;
  /** NPPES's practice state packed like the index's (0 = none). */
  nppesPackedState?: number;
  /** The provider type the query says (its own, else NPPES's for its NPI), ADR 121; null when none. */
  profession?: QueryProfession | null;
}

/** Whether licence numbers take part (the query's, or NPPES's for its NPI). */
const hasLicenseEvidence = (q: QueryEvidence): boolean => !!q.license || !!q.nppes?.keys.length;

/** A record's name comparison result, ready to combine with other evidence. */
export interface NamedCandidate {
  record: number;
  similarity: number | null;
  listField: string | null;
  fields: FieldEvidence[];
  adjustments: ScoreAdjustment[];
  /**
   * The name's evidence, when it is worked out only for a hit (ADR 071): tracing the comparison
   * costs as much as the comparison, and most candidates of a batch row end below the minimum.
   * When given, it stands for `fields` and `adjustments` (left empty).
   */
  nameEvidence?: () => { fields: FieldEvidence[]; adjustments: ScoreAdjustment[] };
}

/** Most a record's other evidence can add to its name score (used to skip hopeless candidates). */
export function maxEvidenceBonus(q: QueryEvidence): number {
  return (q.dob ? 0.08 : 0) + (q.state || q.city || q.postal || q.nppesPackedState ? 0.03 : 0) + (hasLicenseEvidence(q) ? EVIDENCE_EFFECTS.licenseAgrees : 0) + (q.profession ? EVIDENCE_EFFECTS.professionAgrees : 0);
}

/**
 * The most a record's non-name evidence adds to (or takes from) the score, computed from
 * typed arrays only: a clean row with a different date of birth is dropped before any
 * name comparison. Mirrors combineEvidence (checked by tests).
 */
/** Years that differ by more than one typo (1956 vs 1958 or 1965 is one typo, 1956 vs 1971 is not), on their digits. */
export function yearsFarApartByDigits(a: number, b: number): boolean {
  return Math.abs(a - b) > 1 && !oneTypoApart(a, b, 4);
}

/**
 * The years a date of birth holds (`parseDate` admits 1800–2200): `yearsFarApartByDigits` of two of them is
 * read from a row of answers made once per query year (401 comparisons), not worked out digit by digit for
 * every candidate of a dated row (ADR 096). Other years are compared on their digits.
 */
const TABLE_FIRST_YEAR = 1800;
const TABLE_YEARS = 401;
const farApartRows: Uint8Array[] = [];

function farApartRowOf(year: number): Uint8Array {
  const row = new Uint8Array(TABLE_YEARS);
  for (let j = 0; j < TABLE_YEARS; j++) row[j] = yearsFarApartByDigits(year, TABLE_FIRST_YEAR + j) ? 1 : 0;
  return row;
}

/** yearsFarApartByDigits, from the table for years 1800–2200 (integers, as the packed dates give them). */
export function yearsFarApart(a: number, b: number): boolean {
  const i = a - TABLE_FIRST_YEAR;
  const j = b - TABLE_FIRST_YEAR;
  if (i >= 0 && i < TABLE_YEARS && j >= 0 && j < TABLE_YEARS && Number.isInteger(i) && Number.isInteger(j)) return (farApartRows[i] ??= farApartRowOf(a))[j] === 1;
  return yearsFarApartByDigits(a, b);
}

/** The date of birth's share of evidenceEffect (0 when either side has none). */
export function dobEffect(index: MatchIndex, r: number, q: QueryEvidence): number {
  const listDob = index.data.record.dob[r];
  if (!q.dob || !listDob) return 0;
  // Full dates that are equal or years apart are decided on the packed integers.
  const qd = q.dob.packed;
  if (qd === listDob && q.dob.date.day) return DOB_EFFECTS.exact;
  if (q.dob.date.day && listDob % 100 && yearsFarApart(Math.floor(qd / 10000), Math.floor(listDob / 10000))) return DOB_EFFECTS.different;
  return dateEffect(q.dob.date, unpackDate(listDob)!);
}

/**
 * The most evidenceEffect can be given the date of birth's share: the other terms add at most the location
 * bonus and, when licence numbers take part, a licence agreement (the state differing and an NPI conflict only take away).
 */
export const mostEffectWith = (dob: number, q?: QueryEvidence): number =>
  dob + EVIDENCE_EFFECTS.locationBonusCap + (q && hasLicenseEvidence(q) ? EVIDENCE_EFFECTS.licenseAgrees : 0) + (q?.profession ? EVIDENCE_EFFECTS.professionAgrees : 0);

export function evidenceEffect(index: MatchIndex, r: number, q: QueryEvidence, dob?: number): number {
  hitWork.evidenceRead++;
  const data = index.data.record;
  let effect = 0;
  // `dob`: dobEffect(index, r, q) when the caller has it already (the collection filter, ADR 087).
  if (q.dob && data.dob[r]) effect += dob ?? dobEffect(index, r, q);
  let bonus = 0;
  const state = data.state[r] & (LIST_STATE - 1);
  if (q.packedState && state) {
    if (state === q.packedState) bonus += EVIDENCE_EFFECTS.stateAgrees;
    else effect += EVIDENCE_EFFECTS.stateDiffers;
  }
  if (q.city && data.city[r] && index.cityOf(r) === q.city) bonus += EVIDENCE_EFFECTS.cityAgrees;
  if (q.postal && data.postal[r] && data.postal[r] - 1 === Number(q.postal)) bonus += EVIDENCE_EFFECTS.postalAgrees;
  if (q.nppesPackedState !== undefined && q.nppesPackedState !== 0 && nppesStateAgrees(state, q)) bonus += EVIDENCE_EFFECTS.stateAgrees;
  effect += Math.min(bonus, EVIDENCE_EFFECTS.locationBonusCap);
  if (data.license[r] !== 0 && hasLicenseEvidence(q)) effect += licenseEffect(index, r, q);
  if (q.profession && data.profession[r] !== 0) effect += professionEffect(data.profession[r], q.profession);
  if (q.npi && data.npi[r] && data.npi[r] !== Number(q.npi)) effect += EVIDENCE_EFFECTS.npiConflict;
  return effect;
}

/**
 * Room left by `combineEvidence`'s rounding (to 4 decimals, half a unit up) and by the order of its sums: a
 * candidate is called under the minimum only when its score is below it by more than this.
 */
const UNDER_MARGIN = 1e-4;

/**
 * Whether a candidate with this name similarity and this record's evidence effect (`evidenceEffect`, which
 * mirrors `combineEvidence` without an identifier) surely scores under the minimum (ADR 079): its hit would be
 * built and come out null, so it is not built. A score within the margin is built as before.
 */
export function underMinimum(similarity: number, effect: number, minScore: number): boolean {
  const under = minScore > UNDER_MARGIN && similarity * NAME_ONLY_CEILING + effect < minScore - UNDER_MARGIN;
  if (under) hitWork.skipped++;
  return under;
}

/** Builds the hit for a record, or null when it scores below the options' minimum. */
export function buildHit(index: MatchIndex, c: NamedCandidate, q: QueryEvidence, identifier: EvidenceInput['identifier'], options: ResolvedOptions): Hit | null {
  hitWork.built++;
  const r = c.record;
  const data = index.data.record;
  const listDob = unpackDate(data.dob[r]);
  const listState = unpackState(data.state[r]);
  const listCity = q.city ? index.cityOf(r) : '';
  const listNpi = data.npi[r] ? String(data.npi[r]).padStart(10, '0') : null;
  const conflicts: EvidenceInput['conflicts'] = [];
  if (q.npi && listNpi && q.npi !== listNpi && identifier?.field !== 'npi') conflicts.push({ field: 'npi', query: q.npi, list: listNpi });
  const listPostal = postalOf(data.postal[r]);
  const input: EvidenceInput = {
    nameSimilarity: c.similarity,
    identifier,
    conflicts,
    dob: q.dob && listDob ? { query: q.dob.date, list: listDob, queryText: q.dob.text, listText: formatDate(listDob) } : null,
    state: q.state && listState ? { query: q.state, list: listState, ofList: (data.state[r] & LIST_STATE) !== 0 } : null,
    city: q.city && listCity ? { query: q.city, list: listCity } : null,
    postal: q.postal && listPostal ? { query: q.postal, list: listPostal } : null,
    license: data.license[r] !== 0 && hasLicenseEvidence(q) ? licenseEvidence(index, r, q) : null,
    profession: q.profession && data.profession[r] !== 0 ? professionEvidence(index, r, q.profession) : null,
    nppesState: q.nppes?.state && nppesStateAgrees(data.state[r] & (LIST_STATE - 1), q) ? { state: q.nppes.state, npi: q.nppes.npi, ofList: (data.state[r] & LIST_STATE) !== 0 } : null,
  };
  const other: FieldEvidence[] = [];
  const { score, adjustments } = combineEvidence(input, other);
  if (score < options.minScore) return null;
  // A near miss of a batch is counted by its score only: its key, not its record view or explanation (ADR 075).
  if (score < options.threshold && options.explain === 'matches') return { score, isMatch: false, record: index.recordKey(r), explanation: unexplained(c, score, options) };
  hitWork.explained++;
  const name = c.nameEvidence ? c.nameEvidence() : c;
  const fields = [...name.fields, ...other];
  // What the list lacks is said too (issue 52): a reviewer closing a namesake needs to know the name alone decided.
  if (q.dob && !listDob) fields.push({ queryField: 'dateOfBirth', listField: 'dateOfBirth', queryValue: q.dob.text, listValue: '', score: 0, method: 'missing' });
  if (q.license && !data.license[r]) fields.push(missingLicense(q.license));
  // The record view is decoded only for hits that survive: decoding is the costly part.
  hitWork.viewsDecoded++;
  const record = index.recordView(r);
  return {
    score,
    isMatch: score >= options.threshold,
    record,
    explanation: {
      algorithm: options.algorithm,
      algorithmVersion: ALGORITHM_VERSION,
      matchedName: c.listField ? { listField: c.listField, value: listNameValue(record, c.listField) } : null,
      nameScore: c.similarity === null ? null : Math.round(c.similarity * 1000) / 1000,
      fields,
      adjustments: [...adjustments, ...name.adjustments, ...(c.listField && options.algorithm !== 'Exact' ? nameNotes(q.nameType, q.nameText, listNameValue(record, c.listField), name.fields.some((f) => f.method === 'kanji')) : [])],
      score,
      threshold: options.threshold,
      summary: summarize(score, options.threshold, fields),
    },
  };
}

/**
 * Hits built (buildHit called), candidates not built because they surely score under the minimum, hits
 * explained in full, records whose whole evidence was read, hits whose record view was decoded (tests read
 * them; nothing else depends on them).
 */
export const hitWork = { built: 0, skipped: 0, explained: 0, evidenceRead: 0, viewsDecoded: 0 };

/** The explanation of a hit under the threshold when only matches are explained: the scores, no fields. */
function unexplained(c: NamedCandidate, score: number, options: ResolvedOptions): Hit['explanation'] {
  return {
    algorithm: options.algorithm,
    algorithmVersion: ALGORITHM_VERSION,
    matchedName: null,
    nameScore: c.similarity === null ? null : Math.round(c.similarity * 1000) / 1000,
    fields: [],
    adjustments: [],
    score,
    threshold: options.threshold,
    summary: 'Under the review threshold; not explained (only matches were asked to be).',
  };
}

// Module functions, not closures per hit: tsx's keepNames would name each as it is made (ADR 089).
const postalOf = (p: number): string | null => (p ? String(p - 1).padStart(5, '0') : null);
const pad = (n: number): string => String(n).padStart(2, '0');

function formatDate(d: PartialDate): string {
  return d.day ? `${d.year}-${pad(d.month)}-${pad(d.day)}` : d.month ? `${d.year}-${pad(d.month)}` : String(d.year);
}

function listNameValue(v: RecordView, listField: string): string {
  const m = /^(akas|dbas)\[(\d+)\]$/.exec(listField);
  if (m) return (m[1] === 'akas' ? v.akas : v.dbas)[Number(m[2])] ?? '';
  if (listField.startsWith('businessName')) return v.businessName ?? '';
  return [v.firstName, v.middleName, v.lastName, v.suffix].filter(Boolean).join(' ');
}

/** Deterministic order: score, then source, then source record id, then position. */
export function compareHits(a: Hit, b: Hit): number {
  return (
    b.score - a.score ||
    (a.record.source < b.record.source ? -1 : a.record.source > b.record.source ? 1 : 0) ||
    (a.record.sourceRecordId < b.record.sourceRecordId ? -1 : a.record.sourceRecordId > b.record.sourceRecordId ? 1 : 0) ||
    a.record.ordinal - b.record.ordinal
  );
}

/** Parses a query date of birth (null when absent; "invalid" when present but unreadable). */
export function queryDate(input: string | null | undefined): { date: PartialDate; packed: number; text: string } | null | 'invalid' {
  if (input == null || String(input).trim() === '') return null;
  const date = parseDate(input);
  return date ? { date, packed: packDate(date), text: String(input).trim().slice(0, 40) } : 'invalid';
}
