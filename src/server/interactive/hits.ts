/** Engine hits as the result page shows them (full list records, official links) and the lists behind a search. */
import { describeExclusionType } from '#shared/exclusion-types';
import type { ListCoverage, SearchHit } from '#shared/interactive-search';
import { matchedOnLine } from '#shared/match-words';
import type { ListRecord } from '#shared/list-record';
import { findListSource } from '#lists/sources';
import { notSearchedReason, staleWarning } from '#lists/coverage';
import { hitDetailsOf, isKeyedOrdinal } from '#engine/keyed';
import type { SearchIndex } from '#engine/index-parts';
import type { Hit } from '#engine/query-types';
import type { LightHit } from '../../engine-runtime/light-hits';
import type { HitDetails, RecordView } from '#engine/record-view';
import type { Db } from '../db/client';
import { readRecords } from '../batches/public';
import { versionIdsOf, type Screening } from '../screening/screener';
import { lastChecksOf, type LastCheck } from '../db/last-checks';
import { findVersions } from './queries';

const joinName = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(' ');

function nameOf(r: Pick<RecordView, 'kind' | 'firstName' | 'middleName' | 'lastName' | 'suffix' | 'businessName'>): string {
  if (r.kind === 'business') return r.businessName ?? joinName(r.firstName, r.lastName);
  return joinName(r.firstName, r.middleName, r.lastName, r.suffix) || (r.businessName ?? '');
}

/**
 * One hit with the fields of its full record (the index keeps a compact view only), or, with
 * no full record, with its view and the details the index keeps (ADR 057): the same answer
 * whenever the view shows the record exactly, which is when the index gives details.
 */
export function toSearchHit(hit: Hit, full: ListRecord | undefined, details: HitDetails | null = null): SearchHit {
  return searchHitOf(shownOf(hit), full, details);
}

/** What a search answers of a hit: its record's view, score and why it matched in one line. */
export interface ShownHit {
  record: RecordView;
  score: number;
  matchedOn: string;
}

export const shownOf = (hit: Hit): ShownHit => ({ record: hit.record, score: hit.score, matchedOn: matchedOnLine(hit.explanation) });

/** A light hit from a worker thread (ADR 057), its view read back from the index it came from. */
export const shownOfLight = (index: SearchIndex, hit: LightHit): ShownHit => ({ record: index.recordView(hit.ordinal), score: hit.score, matchedOn: hit.matchedOn });

/** What a search screened against: an index alone, or the index with its NPPES/DMF lookup (ADR 060). */
export type Screened = SearchIndex | Screening;
const screeningOf = (at: Screened): Pick<Screening, 'index' | 'version'> & { keyed: Screening['keyed'] | null } => ('keyed' in at ? at : { index: at, keyed: null, version: at.version });

function searchHitOf(hit: ShownHit, full: ListRecord | undefined, details: HitDetails | null): SearchHit {
  const r = full ?? hit.record;
  const extra = full ? { address: full.address ?? null, specialty: full.specialty ?? null, exclusionTerm: full.exclusionTerm ?? null, link: full.link ?? null } : details;
  return {
    source: hit.record.source,
    sourceTitle: findListSource(hit.record.source)?.title ?? hit.record.source,
    recordId: hit.record.sourceRecordId,
    kind: r.kind,
    name: nameOf(r),
    otherNames: [...r.akas, ...r.dbas, ...(r.kind === 'person' && r.businessName ? [r.businessName] : [])],
    dateOfBirth: r.dateOfBirth,
    npi: r.npi,
    address: extra?.address ?? null,
    city: r.city,
    state: r.state,
    postalCode: r.postalCode,
    specialty: extra?.specialty ?? null,
    exclusionType: describeExclusionType(r.exclusionType),
    exclusionDate: r.exclusionDate,
    exclusionTerm: extra?.exclusionTerm ?? null,
    reinstatementDate: r.reinstatementDate,
    link: extra?.link ?? findListSource(hit.record.source)?.officialUrl ?? null,
    score: Math.round(hit.score * 1000) / 1000,
    matchedOn: hit.matchedOn,
  };
}

/** The full record of each hit (undefined when gone), read from the list versions the search used (keyed ones: as the lookup read them). */
export async function fullRecordsOf(db: Db, at: Screened, hits: readonly Pick<Hit, 'record'>[]): Promise<(ListRecord | undefined)[]> {
  const { keyed, version } = screeningOf(at);
  const versions = versionIdsOf(version);
  const held = hits.map((h) => keyed?.fullRecord(h.record.source, h.record.sourceRecordId));
  const keys = hits.flatMap((h, i) => {
    const versionId = versions.get(h.record.source);
    return versionId && !held[i] ? [{ versionId, recordId: h.record.sourceRecordId }] : [];
  });
  const records = keys.length ? await readRecords(db, keys) : new Map<string, unknown>();
  return hits.map((h, i) => held[i] ?? (records.get(`${versions.get(h.record.source)}|${h.record.sourceRecordId}`) as ListRecord | undefined));
}

/**
 * The hits as a search answers them: from the index alone when it holds what they show, else
 * with their full records, read in one query for those hits only.
 */
export async function searchHitsOf(db: Db, at: Screened, hits: readonly (Hit | ShownHit)[]): Promise<SearchHit[]> {
  const s = screeningOf(at);
  const shown = hits.map((h) => ('explanation' in h ? shownOf(h) : h));
  const details = shown.map((h) => hitDetailsOf(s.index, isKeyedOrdinal(h.record.ordinal) && s.keyed ? s.keyed.index : null, h.record.ordinal));
  const toRead = shown.filter((_, i) => details[i] === null);
  const records = toRead.length ? await fullRecordsOf(db, at, toRead) : [];
  let read = 0;
  return shown.map((h, i) => (details[i] ? searchHitOf(h, undefined, details[i]) : searchHitOf(h, records[read++], null)));
}

// A version's date and size never change once active: read them once per database and index version.
type VersionRows = Promise<{ id: number; source: string; asOf: string | null; fetchedAt: Date; records: number; origin: string }[]>;
const versionCache = new WeakMap<Db, Map<string, VersionRows>>();
/** Name searches use the index's version, NPI searches the index's with NPPES's (ADR 060): a few are kept. */
const VERSIONS_KEPT = 8;

function versionRowsOf(db: Db, version: string): VersionRows {
  let kept = versionCache.get(db);
  if (!kept) versionCache.set(db, (kept = new Map()));
  const held = kept.get(version);
  if (held) return held;
  const rows = findVersions(db, [...versionIdsOf(version).values()]);
  if (kept.size >= VERSIONS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(version, rows);
  // A failed read is not kept.
  rows.catch(() => kept.delete(version));
  return rows;
}

/** The latest checks change a few times a day and a warning counts in days: read them once a minute per database, not per search. */
const CHECKS_KEPT_MS = 60_000;
const checksCache = new WeakMap<Db, { at: number; checks: Promise<Map<string, LastCheck>> }>();

function lastChecksKept(db: Db, now: Date): Promise<Map<string, LastCheck>> {
  const held = checksCache.get(db);
  if (held && Math.abs(now.getTime() - held.at) < CHECKS_KEPT_MS) return held.checks;
  const checks = lastChecksOf(db);
  checksCache.set(db, { at: now.getTime(), checks });
  checks.catch(() => checksCache.delete(db));
  return checks;
}

/**
 * Every list a search asked for: those searched, with the date of the copy (a shipped sample
 * said so, a stale copy warned of), and those not searched, with the reason (ADR 114).
 * The same sources and versions answer the same arrays, so a bulk request shares them.
 */
export async function listsSearched(db: Db, at: { version: string }, sources: readonly string[], now: Date): Promise<ListCoverage> {
  const [rows, checks] = await Promise.all([versionRowsOf(db, at.version), lastChecksKept(db, now)]);
  const coverage: ListCoverage = { lists: [], notSearched: [] };
  for (const source of sources) {
    const def = findListSource(source);
    if (!def) continue;
    const row = rows.find((r) => r.source === source);
    if (!row) {
      coverage.notSearched.push({ source, title: def.title, reason: notSearchedReason(source) });
      continue;
    }
    coverage.lists.push({
      source,
      title: def.title,
      publisher: def.publisher,
      officialUrl: def.officialUrl,
      asOf: row.asOf,
      acquiredOn: row.fetchedAt.toISOString().slice(0, 10),
      records: row.records,
      version: row.id,
      synthetic: row.origin === 'sample',
      warning: staleWarning(source, row.fetchedAt, checks.get(source) ?? null, now),
    });
  }
  return coverage;
}
