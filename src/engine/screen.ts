/** Screening queries against the index: individuals, businesses, NPI alone, SSN alone. */
import { checkEin, checkNpi, checkSsn, IDENTIFIER_MESSAGES } from '#shared/identifiers';
import { businessTokens, cutAtSource, splitBusinessAliases } from './business-name';
import { BusinessMatcher } from './business-score';
import { businessCandidates, gluedPersonCandidates, kanjiPersonCandidates, personCandidates } from './candidates';
import { hasKanji } from './kanji-names';
import type { EvidenceInput } from './evidence';
import { exactBusinessKey, exactPersonKey } from './exact-keys';
import { buildHit, compareHits, evidenceEffect, maxEvidenceBonus, queryDate, type NamedCandidate, type QueryEvidence } from './hit-builder';
import { normalizeCity, normalizeState, packState } from './location';
import { PartedIndex, type SearchIndex } from './index-parts';
import type { MatchIndex } from './match-index';
import { businessNameEvidence, personNameEvidence } from './name-evidence';
import { checkNpiInIndex, type NpiCheck, type NpiCheckName } from './npi-check';
import { isEmptyPersonName, personNameFromFields } from './person-name';
import { PersonNameBound } from './name-bound';
import { PersonMatcher } from './person-score';
import type { BusinessQuery, Hit, IndividualQuery, QueryIssue, ScreenQuery, ScreenResult } from './query-types';
import { NAME_ONLY_CEILING, resolveOptions, type ResolvedOptions, type ScreenOptions } from './settings';
import { lookupPairs } from './sorted-pairs';
import { looseSpellingOf } from './loose-spelling';
import { MAX_NAME_CHARS } from './text-normalize';
import { nameFromRecordView } from './view-names';

/** Screens one query; never throws on bad input (problems come back as issues). */
export function screen(index: SearchIndex, query: ScreenQuery, options: ScreenOptions = {}): ScreenResult {
  if (index instanceof PartedIndex) return screenParts(index, query, options);
  const opts = resolveOptions(options);
  const base = { indexVersion: index.version, npiCheck: null };
  if (!query || typeof query !== 'object') return { ...base, status: 'invalid', issues: [{ field: 'query', code: 'query-invalid', message: 'Query must be an object.' }], hits: [] };
  switch (query.type) {
    case 'individual':
      return screenIndividual(index, query, opts);
    case 'business':
      return screenBusiness(index, query, opts);
    case 'npi':
      return screenIdentifiersOnly(index, { npi: query.npi }, opts, query.name);
    case 'ssn':
      return screenIdentifiersOnly(index, { ssn: query.ssn }, opts);
    default:
      return { ...base, status: 'invalid', issues: [{ field: 'type', code: 'query-invalid', message: 'Query type must be individual, business, npi or ssn.' }], hits: [] };
  }
}

/** Screens many queries in order (the worker pool splits batches across threads with this). */
export function screenMany(index: SearchIndex, queries: readonly ScreenQuery[], options: ScreenOptions = {}): ScreenResult[] {
  return queries.map((q) => screen(index, q, options));
}

/**
 * Screens each part and merges the hits in score order within the query's limit (ADR 068): a
 * record's score depends only on the query and the record, so each part's best `limit` hits hold
 * the best `limit` of all. Parts holding none of the asked sources are skipped (NPPES, which
 * answers the NPI check, is never skipped).
 */
function screenParts(index: PartedIndex, query: ScreenQuery, options: ScreenOptions): ScreenResult {
  if (index.parts.length === 1) {
    // One part (the default): its answer as it is, named by the index's version.
    const r = screen(index.parts[0].index, query, options);
    return r.indexVersion === index.version ? r : { ...r, indexVersion: index.version };
  }
  const { limit, sources } = resolveOptions(options);
  const results: ScreenResult[] = [];
  let first: ScreenResult | null = null;
  const hits: Hit[] = [];
  index.parts.forEach((part, i) => {
    const held = part.index.data.sources;
    if (sources && first && !held.some((s) => sources.has(s) || s === 'nppes')) return;
    const r = screen(part.index, query, options);
    first ??= r;
    results.push(r);
    const start = index.startOf(i);
    for (const h of r.hits) hits.push(start ? { ...h, record: { ...h.record, ordinal: h.record.ordinal + start } } : h);
  });
  const base = first!;
  const npiCheck = results.find((r) => r.npiCheck?.found)?.npiCheck ?? base.npiCheck;
  return { ...base, indexVersion: index.version, hits: hits.length > 1 ? hits.sort(compareHits).slice(0, limit) : hits, npiCheck };
}

interface Identifiers {
  npi: string | null;
  ssn: string | null;
  ein: string | null;
  issues: QueryIssue[];
}

function readIdentifiers(input: { npi?: string | null; ssn?: string | null; ein?: string | null }): Identifiers {
  const out: Identifiers = { npi: null, ssn: null, ein: null, issues: [] };
  const read = (field: 'npi' | 'ssn' | 'ein', check: typeof checkNpi): void => {
    const raw = input[field];
    if (raw == null || String(raw).trim() === '') return;
    const c = check(String(raw));
    if (c.ok) out[field] = c.value;
    else out.issues.push({ field, code: c.code, message: c.message });
  };
  read('npi', checkNpi);
  read('ssn', checkSsn);
  read('ein', checkEin);
  return out;
}

function queryEvidence(q: { dateOfBirth?: string | null; state?: string | null; city?: string | null; postalCode?: string | null }, ids: Identifiers, issues: QueryIssue[], name: Pick<QueryEvidence, 'nameText' | 'nameType'>): QueryEvidence {
  const dob = queryDate(q.dateOfBirth);
  if (dob === 'invalid') issues.push({ field: 'dateOfBirth', code: 'date-invalid', message: 'Date of birth is not a date (use YYYY-MM-DD or MM/DD/YYYY).' });
  const postal = /^\s*(\d{5})/.exec(String(q.postalCode ?? ''))?.[1] ?? null;
  const state = normalizeState(q.state);
  return { ...name, dob: dob === 'invalid' ? null : dob, npi: ids.npi, ssn: ids.ssn, ein: ids.ein, state, packedState: packState(state), city: normalizeCity(q.city), postal };
}

/** Records carrying the query's identifiers, with which identifier matched. */
function identifierRecords(index: MatchIndex, ids: Identifiers): Map<number, EvidenceInput['identifier']> {
  const out = new Map<number, EvidenceInput['identifier']>();
  if (ids.npi) for (const r of lookupPairs(index.data.npi, Number(ids.npi))) out.set(r, { field: 'npi', value: ids.npi });
  if (ids.ssn) for (const r of lookupPairs(index.data.ssn, Number(ids.ssn))) if (!out.has(r)) out.set(r, { field: 'ssn', value: ids.ssn });
  if (ids.ein) for (const r of lookupPairs(index.data.ein, Number(ids.ein))) if (!out.has(r)) out.set(r, { field: 'ein', value: ids.ein });
  return out;
}

function allowSource(opts: ResolvedOptions, source: string): boolean {
  // NPPES is a directory, not a list of excluded parties: it answers through npiCheck unless asked for.
  return opts.sources ? opts.sources.has(source) : source !== 'nppes';
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

function screenIndividual(index: MatchIndex, query: IndividualQuery, opts: ResolvedOptions): ScreenResult {
  const ids = readIdentifiers(query);
  const issues = [...ids.issues];
  nameIssues([query.firstName, query.middleName, query.lastName], issues, 'name');
  const name = personNameFromFields(str(query.firstName), str(query.middleName), str(query.lastName));
  const hasName = !isEmptyPersonName(name);
  if (!hasName) issues.push({ field: 'name', code: 'name-empty', message: 'Name has no letters or digits to search for.' });
  const nameText = [query.firstName, query.middleName, query.lastName].map(str).filter(Boolean).join(' ');
  const q = queryEvidence(query, ids, issues, { nameText, nameType: 'person' });
  const idRecords = identifierRecords(index, ids);
  const floor = opts.minScore - maxEvidenceBonus(q);
  const named = new Map<number, NamedCandidate>();
  const loose = looseSpellingOf(nameText);
  const matcher = new PersonMatcher(name, loose, nameText);
  const exactKey = exactPersonKey(name);
  const consider = (record: number, listName: ReturnType<typeof personNameFromFields>, listField: string): void => {
    if (!allowSource(opts, index.sourceOf(record))) return;
    if (opts.algorithm === 'Exact') {
      const same = exactPersonKey(listName) === exactKey;
      if (!same && !idRecords.has(record)) return;
      const prev = named.get(record);
      if (prev && (prev.similarity ?? 0) >= (same ? 1 : 0)) return;
      named.set(record, { record, similarity: same ? 1 : 0, listField, fields: [{ queryField: 'name', listField, queryValue: exactKey, listValue: exactPersonKey(listName), score: same ? 1 : 0, method: same ? 'exact' : 'different' }], adjustments: [] });
      return;
    }
    const similarity = matcher.similarity(listName);
    if (similarity * NAME_ONLY_CEILING < floor && !idRecords.has(record)) return;
    const prev = named.get(record);
    if (prev && (prev.similarity ?? 0) >= similarity) return;
    // The traced comparison (the explanation's name fields) only for the records that become hits.
    named.set(record, { record, similarity, listField, fields: [], adjustments: [], nameEvidence: () => personNameEvidence(matcher.score(listName), listField) });
  };
  if (hasName) {
    const bound = opts.algorithm === 'Fuzzy' ? new PersonNameBound(index, name, loose) : null;
    for (const e of personCandidates(index, name, opts.algorithm, loose)) {
      const record = index.data.entry.record[e];
      if (!idRecords.has(record)) {
        // What the name must reach for this record, given its other evidence.
        const need = (opts.minScore - evidenceEffect(index, record, q)) / NAME_ONLY_CEILING;
        if (need > 1 || (bound && bound.bound(e) < need)) continue;
      }
      consider(record, index.personName(e), index.listField(e));
    }
    // The whole name written as one word on one side, or read from kanji: the token bound does not apply to these.
    const kanji = hasKanji(nameText) ? kanjiPersonCandidates(index, nameText, opts.algorithm) : [];
    for (const e of [...gluedPersonCandidates(index, name, opts.algorithm), ...kanji]) {
      const record = index.data.entry.record[e];
      if (!idRecords.has(record) && (opts.minScore - evidenceEffect(index, record, q)) / NAME_ONLY_CEILING > 1) continue;
      consider(record, index.personName(e), index.listField(e));
    }
  }
  for (const [record] of idRecords) {
    if (named.has(record) || !allowSource(opts, index.sourceOf(record))) continue;
    const names = hasName ? nameFromRecordView(index.recordView(record)) : [];
    for (const n of names) consider(record, n.name, n.listField);
    if (!named.has(record)) named.set(record, { record, similarity: null, listField: null, fields: [], adjustments: [] });
  }
  const searchable = hasName || ids.npi !== null || ids.ssn !== null;
  const npiCheck = ids.npi ? checkNpiInIndex(index, ids.npi, hasName ? { type: 'person', firstName: str(query.firstName), middleName: str(query.middleName), lastName: str(query.lastName) } : null) : null;
  return { indexVersion: index.version, status: searchable ? 'ok' : 'invalid', issues, hits: searchable ? finish(index, named, idRecords, q, opts) : [], npiCheck };
}

function screenBusiness(index: MatchIndex, query: BusinessQuery, opts: ResolvedOptions): ScreenResult {
  const ids = readIdentifiers(query);
  const issues = [...ids.issues];
  nameIssues([query.name], issues, 'name');
  const names = splitBusinessAliases(str(query.name)).map((n) => businessTokens(n)).filter((t) => t.length > 0);
  if (!names.length) issues.push({ field: 'name', code: 'name-empty', message: 'Name has no letters or digits to search for.' });
  const q = queryEvidence({ state: query.state, city: query.city, postalCode: query.postalCode }, ids, issues, { nameText: str(query.name), nameType: 'business' });
  const idRecords = identifierRecords(index, ids);
  const floor = opts.minScore - maxEvidenceBonus(q);
  const matchers = names.map((t) => new BusinessMatcher(t));
  const named = new Map<number, NamedCandidate>();
  const consider = (record: number, tokens: string[], listField: string): void => {
    if (!allowSource(opts, index.sourceOf(record))) return;
    for (const m of matchers) {
      const exact = opts.algorithm === 'Exact';
      const r = exact ? null : m.score(tokens);
      const s = exact ? (exactBusinessKey(m.query) === exactBusinessKey(tokens) ? 1 : 0) : r!.score;
      if ((s * NAME_ONLY_CEILING < floor || (exact && s === 0)) && !idRecords.has(record)) continue;
      const prev = named.get(record);
      if (prev && (prev.similarity ?? 0) >= s) continue;
      const ev = r ? businessNameEvidence(r, listField) : { fields: [{ queryField: 'name', listField, queryValue: m.query.join(' '), listValue: tokens.join(' '), score: s, method: s ? 'exact' : 'different' }], adjustments: [] };
      named.set(record, { record, similarity: s, listField, ...ev });
    }
  };
  if (names.length) for (const e of businessCandidates(index, names, opts.algorithm)) consider(index.data.entry.record[e], index.businessTokens(e), index.listField(e));
  for (const [record] of idRecords) {
    if (named.has(record) || !allowSource(opts, index.sourceOf(record))) continue;
    const v = index.recordView(record);
    const listNames = [v.businessName, ...v.dbas].filter((n): n is string => !!n);
    listNames.forEach((n, i) => consider(record, businessTokens(n, i === 0 && cutAtSource(index.sourceOf(record), n)), i === 0 ? 'businessName' : `dbas[${i - 1}]`));
    if (!named.has(record)) named.set(record, { record, similarity: null, listField: null, fields: [], adjustments: [] });
  }
  const searchable = names.length > 0 || ids.npi !== null || ids.ein !== null;
  const npiCheck = ids.npi ? checkNpiInIndex(index, ids.npi, names.length ? { type: 'business', name: str(query.name) } : null) : null;
  return { indexVersion: index.version, status: searchable ? 'ok' : 'invalid', issues, hits: searchable ? finish(index, named, idRecords, q, opts) : [], npiCheck };
}

function screenIdentifiersOnly(index: MatchIndex, input: { npi?: string; ssn?: string }, opts: ResolvedOptions, name?: NpiCheckName | null): ScreenResult {
  const raw = input.npi !== undefined ? { npi: str(input.npi) || ' ' } : { ssn: str(input.ssn) || ' ' };
  const ids = readIdentifiers(raw);
  if (raw.npi === ' ') ids.issues.push({ field: 'npi', code: 'npi-format', message: IDENTIFIER_MESSAGES['npi-format'] });
  if (raw.ssn === ' ') ids.issues.push({ field: 'ssn', code: 'ssn-format', message: IDENTIFIER_MESSAGES['ssn-format'] });
  const idRecords = identifierRecords(index, ids);
  const named = new Map<number, NamedCandidate>();
  for (const [record] of idRecords) if (allowSource(opts, index.sourceOf(record))) named.set(record, { record, similarity: null, listField: null, fields: [], adjustments: [] });
  const q: QueryEvidence = { nameText: '', nameType: 'person', dob: null, npi: ids.npi, ssn: ids.ssn, ein: null, state: null, packedState: 0, city: '', postal: null };
  const ok = ids.npi !== null || ids.ssn !== null;
  return { indexVersion: index.version, status: ok ? 'ok' : 'invalid', issues: ids.issues, hits: ok ? finish(index, named, idRecords, q, opts) : [], npiCheck: npiCheckOf(index, input.npi, name) };
}

/** The NPPES check of an NPI query: a malformed NPI is answered too (invalid, with the reason). */
function npiCheckOf(index: MatchIndex, npi: string | undefined, name: NpiCheckName | null | undefined): NpiCheck | null {
  if (npi === undefined) return null;
  const given = name && typeof name === 'object' ? (name.type === 'business' ? { type: 'business' as const, name: str(name.name) } : { type: 'person' as const, firstName: str(name.firstName), middleName: str(name.middleName), lastName: str(name.lastName) }) : null;
  return checkNpiInIndex(index, str(npi), given);
}

// Untyped callers may send numbers or objects: only strings are names.
function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
