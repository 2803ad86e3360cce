/**
 * GET /services/interactivesearch/npi/{npi}: the NPPES record of an NPI (name, entity type,
 * status, deactivation), the exclusions carrying it and its Medicare opt-out status; with
 * `?name=`, whether that name is the one NPPES holds for the NPI.
 */
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import { checkNpi } from '#shared/identifiers';
import { EXCLUSION_LABELS, OPT_OUT_LABELS, type ListCoverage, type NppesRecord, type NpiNameCheck, type NpiSearchResult, type SearchHit } from '#shared/interactive-search';
import type { SourceId } from '#shared/list-record';
import { nameAgreementLines, nameAgreementVerdict } from '#shared/npi-words';
import { npiProblemOf } from '#shared/npi-problems';
import { reviewThresholdFor } from '#shared/review-threshold';
import { checkNpiInIndex, type NpiCheck, type NpiCheckName } from '#engine/npi-check';
import { screen } from '#engine/screen';
import { asKeyedHit } from '#engine/keyed';
import type { SearchIndex } from '#engine/index-parts';
import type { MatchIndex } from '#engine/match-index';
import type { Hit } from '#engine/query-types';
import type { AppContext } from '../app-context';
import { EXCLUSION_SOURCES } from '../screening/row-screening';
import { currentScreening } from '../screening/screener';
import { AppError } from '../http/errors';
import type { SearchCaller } from './caller';
import { claimSearch } from './eligibility';
import { listsSearched, searchHitsOf } from './hits';
import { recordSearch, type Outcome, type UnsavedResult } from './record';

export const NPI_LISTS: SourceId[] = ['nppes', 'optout', ...EXCLUSION_SOURCES];
const STATUS_LABELS = { active: 'Active', deactivated: 'Deactivated', reactivated: 'Reactivated' } as const;

function nppesRecordOf(check: NpiCheck, full: SearchHit | undefined): NppesRecord | null {
  if (!check.found || !check.nppesRecordId) return null;
  return {
    npi: check.npi,
    name: full?.name || check.nppesName || '',
    entityType: check.entityType === 'organization' ? 'Organization' : check.entityType === 'individual' ? 'Individual' : null,
    status: check.status ? STATUS_LABELS[check.status] : 'Unknown',
    deactivationDate: check.deactivationDate,
    reactivationDate: check.reactivationDate,
    specialty: full?.specialty ?? null,
    location: full ? [full.address, full.city, [full.state, full.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null : null,
    link: full?.link ?? null,
  };
}

/**
 * A name typed in one box, as the engine compares it: an organisation's name whole; a person's
 * as "Last, First Middle" when written with a comma, else the last word as the last name.
 */
function givenNameFor(name: string, entityType: NpiCheck['entityType']): NpiCheckName {
  if (entityType === 'organization') return { type: 'business', name };
  const comma = name.indexOf(',');
  if (comma >= 0) return { type: 'person', lastName: name.slice(0, comma).trim(), firstName: name.slice(comma + 1).trim() };
  const words = name.split(/\s+/).filter(Boolean);
  return { type: 'person', firstName: words.slice(0, -1).join(' '), lastName: words.at(-1) ?? '' };
}

function nameCheckOf(check: NpiCheck, given: string): NpiNameCheck | null {
  const a = check.nameAgreement;
  if (!a) return null;
  const stored = { ...a, customerName: given };
  return { agrees: a.agrees, givenName: given, nppesName: a.nppesName, verdict: nameAgreementVerdict(stored) ?? '', lines: nameAgreementLines(stored) };
}

export async function searchByNpi(ctx: AppContext, caller: SearchCaller, rawNpi: string, givenName?: string | null): Promise<NpiSearchResult> {
  const npi = validNpi(rawNpi);
  await claimSearch(ctx, caller, 'npi');
  const { result, outcome } = await screenNpi(ctx, caller, npi, givenName);
  return (await recordSearch(ctx, caller, result, outcome)) as NpiSearchResult;
}

/**
 * The NPI in its canonical form, or 400 naming what is wrong with it. Ten digits failing the check
 * digit are searched as entered (issue 50): lists publish such NPIs, and NPPES cannot hold them.
 */
export function validNpi(rawNpi: string): string {
  const valid = checkNpi(rawNpi);
  if (valid.ok) return valid.value;
  if (valid.code === 'npi-check-digit') return rawNpi.replace(/[\s\-.\u00a0]/g, '');
  throw new AppError('BAD_REQUEST', valid.message, { npi: valid.message });
}

/** The caller's review threshold, which a name searched with an NPI failing the check digit is matched at. */
export const thresholdOf = (caller: SearchCaller): number => reviewThresholdFor({ reviewThreshold: caller.kind === 'user' ? caller.reviewThreshold : null });

/** What the engine finds for one NPI: its NPPES check and the hits whose full records the answer shows. */
export interface NpiFindings {
  npi: string;
  name: string | null;
  check: NpiCheck;
  excluded: Hit[];
  optOutHit: Hit | undefined;
  nppesHit: Hit | undefined;
  /** The NPI fails the check digit and a name was given: its matches on the exclusion lists are among `excluded`. */
  searchedByName: boolean;
}

/**
 * The engine's part of an NPI search (no database): `nppes` is the keyed index holding the NPI's
 * NPPES record as read from the database (ADR 060); without one, `index` is asked (an index built
 * with NPPES in it, as tests build).
 */
export function findNpi(index: SearchIndex, nppes: MatchIndex | null, npi: string, givenName?: string | null, threshold?: number): NpiFindings {
  const name = givenName?.trim() || null;
  const registry = nppes ?? index;
  const plain = checkNpiInIndex(registry, npi);
  const check = name && plain.found ? checkNpiInIndex(registry, npi, givenNameFor(name, plain.entityType)) : plain;
  const byNpi = screen(index, { type: 'npi', npi }, { sources: EXCLUSION_SOURCES, limit: 100 }).hits;
  // An NPI failing the check digit never stops the other search (issue 50): the name given is screened, the NPI compared as entered.
  const searchedByName = Boolean(name) && !plain.valid;
  const excluded = searchedByName ? withNameMatches(index, byNpi, givenNameFor(name!, null), npi, threshold) : byNpi;
  const optOutHit = screen(index, { type: 'npi', npi }, { sources: ['optout'], limit: 1 }).hits[0];
  const found = check.found ? screen(registry, { type: 'npi', npi }, { sources: ['nppes'], limit: 1 }).hits[0] : undefined;
  const nppesHit = found && nppes ? asKeyedHit(found) : found;
  return { npi, name, check, excluded, optOutHit, nppesHit, searchedByName };
}

/** The records carrying the NPI, then the name's matches on the exclusion lists (its NPI compared), each record once. */
function withNameMatches(index: SearchIndex, byNpi: Hit[], name: NpiCheckName, npi: string, threshold?: number): Hit[] {
  const query = name.type === 'business' ? { type: 'business' as const, name: name.name, npi } : { type: 'individual' as const, firstName: name.firstName, middleName: name.middleName ?? null, lastName: name.lastName, npi };
  const byName = screen(index, query, { sources: EXCLUSION_SOURCES, limit: 100, threshold }).hits;
  const key = (h: Hit) => `${h.record.source}|${h.record.sourceRecordId}`;
  const named = new Set(byName.map(key));
  return [...byName, ...byNpi.filter((h) => !named.has(key(h)))].slice(0, 100);
}

/** Every hit of the findings, in the order npiResultOf reads their full records back. */
export function npiHitsOf(f: NpiFindings): Hit[] {
  return [...f.excluded, ...(f.optOutHit ? [f.optOutHit] : []), ...(f.nppesHit ? [f.nppesHit] : [])];
}

/** The answer of an NPI search from its findings, the full records of npiHitsOf (same order) and the lists searched. */
export function npiResultOf(ctx: AppContext, caller: SearchCaller, f: NpiFindings, all: SearchHit[], coverage: ListCoverage): { result: UnsavedResult; outcome: Outcome } {
  const { npi, name, check } = f;
  const nameCheck = name ? nameCheckOf(check, name) : null;
  const exclusions = all.slice(0, f.excluded.length);
  const optOut = f.optOutHit ? all[f.excluded.length] : undefined;
  const nppes = nppesRecordOf(check, f.nppesHit ? all[all.length - 1] : undefined);
  const npiProblem = npiProblemOf(npi, f.searchedByName);
  const result = {
    kind: 'npi' as const,
    'npi-match': check.found,
    searchedAt: ctx.now().toISOString(),
    searchedBy: caller.kind === 'user' ? `${caller.fullName}, ${caller.clientName}` : null,
    algorithmVersion: ALGORITHM_VERSION,
    lists: coverage.lists,
    notSearched: coverage.notSearched,
    criteria: { npi, name },
    nameCheck,
    npiProblem,
    searchedByName: f.searchedByName,
    nppes,
    exclusionStatus: exclusions.length ? EXCLUSION_LABELS.found : EXCLUSION_LABELS.notFound,
    exclusions,
    optOutStatus: optOut ? OPT_OUT_LABELS.found : OPT_OUT_LABELS.notFound,
    optOut: optOut ? { effectiveDate: optOut.exclusionDate, term: optOut.exclusionTerm, link: optOut.link } : null,
  };
  const outcome = [npiProblem ?? '', check.found ? `NPPES: ${nppes?.status ?? 'found'}` : 'NPI not found in NPPES', nameCheck && !nameCheck.agrees ? `name differs from NPPES (${nameCheck.nppesName})` : '', exclusions.length ? `${exclusions.length} exclusion record${exclusions.length === 1 ? '' : 's'}` : 'no exclusion', optOut ? 'opted out of Medicare' : ''];
  return {
    result,
    outcome: { kind: 'npi', criteriaText: name ? `NPI ${npi}, name ${name}` : `NPI ${npi}`, outcome: outcome.filter(Boolean).join(' · '), hitCount: exclusions.length, isBillable: true },
  };
}

/** Checks one valid NPI for a caller already allowed to search (no claim, nothing stored). */
export async function screenNpi(ctx: AppContext, caller: SearchCaller, npi: string, givenName?: string | null): Promise<{ result: UnsavedResult; outcome: Outcome }> {
  const screening = await currentScreening(ctx);
  // NPPES is read by key (one query), not held in the index (ADR 060).
  await screening.keyed.fetch({ npis: [npi] });
  const findings = findNpi(screening.index, screening.keyed.index, npi, givenName, thresholdOf(caller));
  // One read of the full records for every hit, then split back.
  const [all, lists] = await Promise.all([searchHitsOf(ctx.db, screening, npiHitsOf(findings)), listsSearched(ctx.db, screening, NPI_LISTS, ctx.now())]);
  return npiResultOf(ctx, caller, findings, all, lists);
}
