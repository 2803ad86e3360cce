/** Screening queries against the index: individuals, businesses, NPI alone, SSN alone. */
import { checkEin, checkNpi, checkSsn, IDENTIFIER_MESSAGES } from '#shared/identifiers';
import { businessTokens, cutAtSource, splitBusinessAliases } from './business-name';
import { BusinessMatcher } from './business-score';
import { businessCandidates, gluedPersonCandidates, kanjiPersonCandidates, personCandidates } from './candidates';
import { spaceOf, type SearchSpace } from './search-space';
import { hasKanji } from './kanji-names';
import type { EvidenceInput } from './evidence';
import { exactPersonKey } from './exact-keys';
import { buildHit, compareHits, maxEvidenceBonus, queryDate, type NamedCandidate, type QueryEvidence } from './hit-builder';
import { normalizeCity, normalizeState, packState } from './location';
import { licenseKeysOf } from './license-numbers';
import type { QueryLicense } from './license-evidence';
import { nppesEvidenceOf, type NppesEvidence } from './nppes-facts';
import { queryProfession } from './profession-evidence';
import { PartedIndex, type SearchIndex } from './index-parts';
import type { MatchIndex } from './match-index';
import { checkNpiInIndex, type NpiCheck, type NpiCheckName } from './npi-check';
import { isEmptyPersonName, personNameFromFields } from './person-name';
import { personFilter } from './collection-filter';
import { allowSource, considerBusiness, considerPerson, type BusinessWeighing, type PersonWeighing } from './candidate-weighing';
import { lexiconOf, sharedWork } from './parts-lexicon';
import { PersonMatcher } from './person-score';
import type { BusinessQuery, Hit, IndividualQuery, QueryIssue, ScreenQuery, ScreenResult } from './query-types';
import { resolveOptions, type ResolvedOptions, type ScreenOptions } from './settings';
import { lookupPairs } from './sorted-pairs';
import { looseSpellingOf } from './loose-spelling';
import { MAX_NAME_CHARS } from './text-normalize';
import { nameFromRecordView } from './view-names';

/** The collection filter's switches (ADR 075, 079), kept importable from here. */
export { collectionFilter } from './collection-filter';

/** Screens one query; never throws on bad input (problems come back as issues). */
export function screen(index: SearchIndex, query: ScreenQuery, options: ScreenOptions = {}): ScreenResult {
  return screenResolved(index, query, resolveOptions(options));
}

/** Screens many queries in order (the worker pool splits batches across threads with this); the options are read once (ADR 079). */
export function screenMany(index: SearchIndex, queries: readonly ScreenQuery[], options: ScreenOptions = {}): ScreenResult[] {
  const opts = resolveOptions(options);
  return queries.map((q) => screenResolved(index, q, opts));
}

function screenResolved(index: SearchIndex, query: ScreenQuery, opts: ResolvedOptions): ScreenResult {
  if (index instanceof PartedIndex && index.parts.length === 1) {
    // One part (the default): its answer as it is, named by the index's version.
    // The answer is made by this call (nobody else holds it): named in place, not copied (ADR 079).
    const r = screenResolved(index.parts[0].index, query, opts);
    r.indexVersion = index.version;
    return r;
  }
  const base = { indexVersion: index.version, npiCheck: null };
  if (!query || typeof query !== 'object') return { ...base, status: 'invalid', issues: [{ field: 'query', code: 'query-invalid', message: 'Query must be an object.' }], hits: [] };
  const scope = scopeOf(index, opts);
  switch (query.type) {
    case 'individual':
      return screenIndividual(scope, query, opts);
    case 'business':
      return screenBusiness(scope, query, opts);
    case 'npi':
      return screenIdentifiersOnly(scope, { npi: query.npi }, opts, query.name);
    case 'ssn':
      return screenIdentifiersOnly(scope, { ssn: query.ssn }, opts);
    default:
      return { ...base, status: 'invalid', issues: [{ field: 'type', code: 'query-invalid', message: 'Query type must be individual, business, npi or ssn.' }], hits: [] };
  }
}

/**
 * What a query is screened against (ADR 070): one index, or the parts of a PartedIndex. The query is read
 * once (identifiers, evidence, name, matchers, the name bound) and its tokens expanded once against the
 * parts' dictionary; each part then walks its postings and scores its candidates, and the hits are merged in
 * score order within the limit: a record's score depends only on the query and the record, so each part's
 * best `limit` hits hold the best `limit` of all (ADR 068). Parts holding none of the asked sources are not
 * walked; the NPI check looks in every part.
 */
interface Scope {
  index: SearchIndex;
  space: SearchSpace;
  /** Ordinal of each part's first record in `index`. */
  starts: number[];
  /** Each part's token ids as ids of the space's dictionary (null: the same ids). */
  toUnion: (Int32Array | null)[];
  /** Parts worth walking for the asked sources (null: all). */
  want: boolean[] | null;
}

function scopeOf(index: SearchIndex, opts: ResolvedOptions): Scope {
  if (!(index instanceof PartedIndex)) return { index, space: spaceOf(index), starts: [0], toUnion: [null], want: null };
  const lex = lexiconOf(index);
  const sources = opts.sources;
  return {
    index,
    space: { lex, parts: index.parts.map((p, i) => ({ index: p.index, toLocal: lex.toLocal[i] })) },
    starts: index.parts.map((_, i) => index.startOf(i)),
    toUnion: lex.toUnion,
    want: sources ? index.parts.map((p) => p.index.data.sources.some((s) => sources.has(s))) : null,
  };
}

/** Each wanted part's hits (from `hitsOf`, in part ordinals) as ordinals of the scope's index, merged within the limit. */
function mergeParts(scope: Scope, opts: ResolvedOptions, hitsOf: (index: MatchIndex, part: number) => Hit[]): Hit[] {
  const hits: Hit[] = [];
  scope.space.parts.forEach(({ index }, p) => {
    if (scope.want && !scope.want[p]) return;
    const start = scope.starts[p];
    for (const h of hitsOf(index, p)) hits.push(start ? { ...h, record: { ...h.record, ordinal: h.record.ordinal + start } } : h);
  });
  return scope.space.parts.length > 1 && hits.length > 1 ? hits.sort(compareHits).slice(0, opts.limit) : hits;
}

interface Identifiers {
  /** A valid NPI: looked up, and compared with a record's for a conflict. */
  npi: string | null;
  /**
   * Ten digits failing the check digit, as entered: looked up among the records carrying the same
   * digits (lists publish such NPIs, kept as published), never taken for a conflict (a typo's).
   */
  npiAsEntered: string | null;
  ssn: string | null;
  ein: string | null;
  issues: QueryIssue[];
}

function readIdentifiers(input: { npi?: string | null; ssn?: string | null; ein?: string | null }): Identifiers {
  const out: Identifiers = { npi: null, npiAsEntered: null, ssn: null, ein: null, issues: [] };
  readIdentifier(input, out, 'npi', checkNpi);
  readIdentifier(input, out, 'ssn', checkSsn);
  readIdentifier(input, out, 'ein', checkEin);
  return out;
}

// A module function rather than a closure per query: tsx compiles with keepNames, which names each closure as it is made.
function readIdentifier(input: { npi?: string | null; ssn?: string | null; ein?: string | null }, out: Identifiers, field: 'npi' | 'ssn' | 'ein', check: typeof checkNpi): void {
  const raw = input[field];
  if (raw == null || String(raw).trim() === '') return;
  const c = check(String(raw));
  if (c.ok) out[field] = c.value;
  else out.issues.push({ field, code: c.code, message: c.message });
  if (!c.ok && c.code === 'npi-check-digit') out.npiAsEntered = npiDigits(String(raw));
}

/** The ten digits of an NPI as entered, without the separators people type. */
const npiDigits = (raw: string): string => raw.slice(0, 64).replace(/[\s\-.\u00a0]/g, '');

/** The NPI the lists' records are looked up by: a valid one, else ten digits failing the check digit. */
const lookupNpi = (ids: Identifiers): string | null => ids.npi ?? ids.npiAsEntered;

type EvidenceFields = Pick<IndividualQuery, 'dateOfBirth' | 'state' | 'city' | 'postalCode' | 'licenseNumber' | 'licenseState' | 'providerType'>;

/** The query's licence number, null when it gives none that reads as one. */
function queryLicense(q: EvidenceFields): QueryLicense | null {
  const raw = q.licenseNumber;
  if (raw == null || raw === '' || typeof raw !== 'string') return null;
  const keys = licenseKeysOf([raw]);
  return keys.length ? { keys, text: raw.trim().slice(0, 40), state: normalizeState(typeof q.licenseState === 'string' ? q.licenseState : null) } : null;
}

function queryEvidence(q: EvidenceFields, ids: Identifiers, issues: QueryIssue[], name: Pick<QueryEvidence, 'nameText' | 'nameType'>, nppes: NppesEvidence | null): QueryEvidence {
  sharedWork.preparations++;
  const dob = queryDate(q.dateOfBirth);
  if (dob === 'invalid') issues.push({ field: 'dateOfBirth', code: 'date-invalid', message: 'Date of birth is not a date (use YYYY-MM-DD or MM/DD/YYYY).' });
  const postal = /^\s*(\d{5})/.exec(String(q.postalCode ?? ''))?.[1] ?? null;
  const state = normalizeState(q.state);
  // Written out, not `{ ...name, dob, … }`: on Node 20 each key added after a spread costs ~1 µs (ADR 092).
  const license = q.licenseNumber == null ? null : queryLicense(q);
  return { nameText: name.nameText, nameType: name.nameType, dob: dob === 'invalid' ? null : dob, npi: ids.npi, ssn: ids.ssn, ein: ids.ein, state, packedState: packState(state), city: normalizeCity(q.city), postal, license, nppes, nppesPackedState: packState(nppes?.state ?? null), profession: q.providerType == null && !nppes?.professions ? null : queryProfession(q.providerType, nppes) };
}

/** Records carrying the query's identifiers, with which identifier matched. */
function identifierRecords(index: MatchIndex, ids: Identifiers): Map<number, EvidenceInput['identifier']> {
  const out = new Map<number, EvidenceInput['identifier']>();
  const npi = lookupNpi(ids);
  if (npi) for (const r of lookupPairs(index.data.npi, Number(npi))) out.set(r, { field: 'npi', value: npi });
  if (ids.ssn) for (const r of lookupPairs(index.data.ssn, Number(ids.ssn))) if (!out.has(r)) out.set(r, { field: 'ssn', value: ids.ssn });
  if (ids.ein) for (const r of lookupPairs(index.data.ein, Number(ids.ein))) if (!out.has(r)) out.set(r, { field: 'ein', value: ids.ein });
  return out;
}

function finish(index: MatchIndex, named: Map<number, NamedCandidate>, idRecords: Map<number, EvidenceInput['identifier']>, q: QueryEvidence, opts: ResolvedOptions): Hit[] {
  const hits: Hit[] = [];
  for (const c of named.values()) {
    const hit = buildHit(index, c, q, idRecords.get(c.record) ?? null, opts);
    if (hit) hits.push(hit);
  }
  return hits.sort(compareHits).slice(0, opts.limit);
}

function nameIssues(values: (string | null | undefined)[], issues: QueryIssue[], field: string): void {
  if (values.some((v) => typeof v === 'string' && v.length > MAX_NAME_CHARS)) {
    issues.push({ field, code: 'name-too-long', message: `Name is longer than ${MAX_NAME_CHARS} characters; only the first ${MAX_NAME_CHARS} were used.` });
  }
}

function screenIndividual(scope: Scope, query: IndividualQuery, opts: ResolvedOptions): ScreenResult {
  const ids = readIdentifiers(query);
  const issues = [...ids.issues];
  nameIssues([query.firstName, query.middleName, query.lastName], issues, 'name');
  const name = personNameFromFields(str(query.firstName), str(query.middleName), str(query.lastName));
  const hasName = !isEmptyPersonName(name);
  if (!hasName) issues.push({ field: 'name', code: 'name-empty', message: 'Name has no letters or digits to search for.' });
  const nameText = [query.firstName, query.middleName, query.lastName].map(str).filter(Boolean).join(' ');
  // NPPES's record of the query's NPI, read once for the query, never per candidate (ADR 120).
  const q = queryEvidence(query, ids, issues, { nameText, nameType: 'person' }, ids.npi ? nppesEvidenceOf(scope.index, query.nppes, ids.npi) : null);
  const floor = opts.minScore - maxEvidenceBonus(q);
  const loose = looseSpellingOf(nameText);
  const matcher = new PersonMatcher(name, loose, nameText);
  const exactKey = exactPersonKey(name);
  const searchable = hasName || lookupNpi(ids) !== null || ids.ssn !== null;
  // Each part's records carrying the query's identifiers (made once, when the part is first looked at).
  const idRecordsIn = identifierRecordsByPart(ids);
  // A record the name cannot lift to the minimum, given its other evidence, is dropped as the candidates are
  // collected (ADR 075); candidates of every part at once (the tokens expanded once, the budgets over all parts).
  const filter = personFilter(scope, name, loose, hasName, q, opts, idRecordsIn);
  const keep = filter.keep;
  const candidates = hasName ? personCandidates(scope.space, name, opts.algorithm, loose, scope.want, keep) : null;
  // The whole name written as one word on one side, or read from kanji: the token bound does not apply to these.
  const glued = hasName ? gluedPersonCandidates(scope.space, name, opts.algorithm, scope.want) : null;
  const kanji = hasName && hasKanji(nameText) ? kanjiPersonCandidates(scope.space, nameText, opts.algorithm, scope.want) : null;
  const hits = mergeParts(scope, opts, (index, part) => {
    const idRecords = idRecordsIn(part, index);
    const named = new Map<number, NamedCandidate>();
    const w: PersonWeighing = { index, part, opts, exactKey, idRecords, named, matcher, floor, filter };
    if (candidates) {
      for (const e of candidates[part]) {
        const record = index.data.entry.record[e];
        // Without the filter (the differential check): the same test, after collection.
        if (!keep && !idRecords.has(record) && !filter.afterCollection(part, index, e, record)) continue;
        considerPerson(w, record, index.personName(e), index.listField(e));
      }
      for (const e of [...glued![part], ...(kanji?.[part] ?? [])]) {
        const record = index.data.entry.record[e];
        if (!idRecords.has(record) && !filter.admitUnbounded(part, index, record)) continue;
        considerPerson(w, record, index.personName(e), index.listField(e));
      }
    }
    for (const [record] of idRecords) {
      if (named.has(record) || !allowSource(opts, index.sourceOf(record))) continue;
      const names = hasName ? nameFromRecordView(index.recordView(record)) : [];
      for (const n of names) considerPerson(w, record, n.name, n.listField);
      if (!named.has(record)) named.set(record, { record, similarity: null, listField: null, fields: [], adjustments: [] });
    }
    return searchable ? finish(index, named, idRecords, q, opts) : [];
  });
  const npiCheck = ids.npi && opts.npiCheck ? checkNpiInIndex(scope.index, ids.npi, hasName ? { type: 'person', firstName: str(query.firstName), middleName: str(query.middleName), lastName: str(query.lastName) } : null) : null;
  return { indexVersion: scope.index.version, status: searchable ? 'ok' : 'invalid', issues, hits, npiCheck };
}

/** Each part's records carrying the identifiers, made when the part is first looked at. */
function identifierRecordsByPart(ids: Identifiers): (part: number, index: MatchIndex) => Map<number, EvidenceInput['identifier']> {
  const byPart: Map<number, EvidenceInput['identifier']>[] = [];
  return (part, index) => (byPart[part] ??= identifierRecords(index, ids));
}

function screenBusiness(scope: Scope, query: BusinessQuery, opts: ResolvedOptions): ScreenResult {
  const ids = readIdentifiers(query);
  const issues = [...ids.issues];
  nameIssues([query.name], issues, 'name');
  const names = splitBusinessAliases(str(query.name)).map((n) => businessTokens(n)).filter((t) => t.length > 0);
  if (!names.length) issues.push({ field: 'name', code: 'name-empty', message: 'Name has no letters or digits to search for.' });
  const evidence = { state: query.state, city: query.city, postalCode: query.postalCode, licenseNumber: query.licenseNumber, licenseState: query.licenseState, providerType: query.providerType };
  const q = queryEvidence(evidence, ids, issues, { nameText: str(query.name), nameType: 'business' }, ids.npi ? nppesEvidenceOf(scope.index, query.nppes, ids.npi) : null);
  const floor = opts.minScore - maxEvidenceBonus(q);
  const matchers = names.map((t) => new BusinessMatcher(t));
  const searchable = names.length > 0 || lookupNpi(ids) !== null || ids.ein !== null;
  const candidates = names.length ? businessCandidates(scope.space, names, opts.algorithm, scope.want) : null;
  const hits = mergeParts(scope, opts, (index, part) => {
    const idRecords = identifierRecords(index, ids);
    const named = new Map<number, NamedCandidate>();
    const w: BusinessWeighing = { index, opts, idRecords, named, matchers, floor };
    if (candidates) for (const e of candidates[part]) considerBusiness(w, index.data.entry.record[e], index.businessTokens(e), index.listField(e));
    for (const [record] of idRecords) {
      if (named.has(record) || !allowSource(opts, index.sourceOf(record))) continue;
      const v = index.recordView(record);
      const listNames = [v.businessName, ...v.dbas].filter((n): n is string => !!n);
      listNames.forEach((n, i) => considerBusiness(w, record, businessTokens(n, i === 0 && cutAtSource(index.sourceOf(record), n)), i === 0 ? 'businessName' : `dbas[${i - 1}]`));
      if (!named.has(record)) named.set(record, { record, similarity: null, listField: null, fields: [], adjustments: [] });
    }
    return searchable ? finish(index, named, idRecords, q, opts) : [];
  });
  const npiCheck = ids.npi && opts.npiCheck ? checkNpiInIndex(scope.index, ids.npi, names.length ? { type: 'business', name: str(query.name) } : null) : null;
  return { indexVersion: scope.index.version, status: searchable ? 'ok' : 'invalid', issues, hits, npiCheck };
}

function screenIdentifiersOnly(scope: Scope, input: { npi?: string; ssn?: string }, opts: ResolvedOptions, name?: NpiCheckName | null): ScreenResult {
  const raw = input.npi !== undefined ? { npi: str(input.npi) || ' ' } : { ssn: str(input.ssn) || ' ' };
  const ids = readIdentifiers(raw);
  if (raw.npi === ' ') ids.issues.push({ field: 'npi', code: 'npi-format', message: IDENTIFIER_MESSAGES['npi-format'] });
  if (raw.ssn === ' ') ids.issues.push({ field: 'ssn', code: 'ssn-format', message: IDENTIFIER_MESSAGES['ssn-format'] });
  const q: QueryEvidence = { nameText: '', nameType: 'person', dob: null, npi: ids.npi, ssn: ids.ssn, ein: null, state: null, packedState: 0, city: '', postal: null, license: null, nppes: null, nppesPackedState: 0 };
  const ok = lookupNpi(ids) !== null || ids.ssn !== null;
  const hits = mergeParts(scope, opts, (index) => {
    const idRecords = identifierRecords(index, ids);
    const named = new Map<number, NamedCandidate>();
    for (const [record] of idRecords) if (allowSource(opts, index.sourceOf(record))) named.set(record, { record, similarity: null, listField: null, fields: [], adjustments: [] });
    return ok ? finish(index, named, idRecords, q, opts) : [];
  });
  return { indexVersion: scope.index.version, status: ok ? 'ok' : 'invalid', issues: ids.issues, hits, npiCheck: opts.npiCheck ? npiCheckOf(scope.index, input.npi, name) : null };
}

/** The NPPES check of an NPI query: a malformed NPI is answered too (invalid, with the reason). */
function npiCheckOf(index: SearchIndex, npi: string | undefined, name: NpiCheckName | null | undefined): NpiCheck | null {
  if (npi === undefined) return null;
  const given = name && typeof name === 'object' ? (name.type === 'business' ? { type: 'business' as const, name: str(name.name) } : { type: 'person' as const, firstName: str(name.firstName), middleName: str(name.middleName), lastName: str(name.lastName) }) : null;
  return checkNpiInIndex(index, str(npi), given);
}

// Untyped callers may send numbers or objects: only strings are names.
function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
