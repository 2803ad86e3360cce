/**
 * POST /services/advancedsearch (ADR 036): one subject with every criterion, on the lists
 * chosen among those the client's options allow, stored and billed like the interactive
 * searches (eligibility, recordSearch) and reopened from Search History.
 */
import { STATE_SOURCE_IDS } from '#shared/state-lists';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import type { Hit, ScreenQuery } from '#engine/query-types';
import { wantsNppesFacts } from '#engine/nppes-facts';
import type { SearchIndex } from '#engine/index-parts';
import type { MatchIndex } from '#engine/match-index';
import { screen } from '#engine/screen';
import { screenWithKeyed } from '#engine/keyed';
import {
  ADVANCED_SOURCES,
  ADVANCED_TEXTS,
  LIST_OPTION,
  SENSITIVITY_RANGE,
  sourcesAllowed,
  type AdvancedSearchInput,
  type AdvancedSearchResult,
} from '#shared/advanced-search';
import { INTERACTIVE_ERROR_TEXTS, MAX_INTERACTIVE_MATCHES } from '#shared/interactive-search';
import type { SourceId } from '#shared/list-record';
import { reviewThresholdFor } from '#shared/review-threshold';
import type { SearchOption } from '#shared/teams';
import { findListSource } from '#lists/sources';
import type { AppContext } from '../app-context';
import { currentScreening } from '../screening/screener';
import { AppError } from '../http/errors';
import { isSystemAdmin, type UserCaller } from './caller';
import { criteriaFields, criteriaLine, queriesOf, recordChecks } from './advanced-criteria';
import { claimSearch } from './eligibility';
import { fullRecordsOf, listsSearched, toSearchHit } from './hits';
import { matchesOutcome, recordSearch } from './record';

/** The lists a caller may search: those its client's options allow (a system admin: all). */
export function allowedSources(caller: UserCaller): string[] {
  return isSystemAdmin(caller) ? [...ADVANCED_SOURCES] : sourcesAllowed(caller.searchOptions);
}

/** The sensitivity in force: the one asked for, else the client's review threshold, kept in the safe range. */
export function sensitivityOf(caller: UserCaller, asked: number | undefined): number {
  const value = asked ?? reviewThresholdFor(caller);
  return Math.min(SENSITIVITY_RANGE.max, Math.max(SENSITIVITY_RANGE.min, value));
}

/** Billed like the interactive searches of the same options: a name search, plus NPI and DMF look-ups. */
function billingOf(sources: readonly string[]): { searchType: string; option: SearchOption }[] {
  const options = new Set(sources.map((s) => (LIST_OPTION[s] === 'OFAC' ? 'NAME' : LIST_OPTION[s])));
  return (['NAME', 'NPI', 'SSNDMF'] as const).filter((o) => options.has(o)).map((option) => ({ searchType: 'Advance Search', option }));
}

/** Hits of every query (the subject's names), each record once with its best score; `keyed` holds the NPPES/DMF records of its keys (ADR 060). */
function screenAll(index: SearchIndex, keyed: MatchIndex | null, queries: readonly ScreenQuery[], options: Parameters<typeof screen>[2]): Hit[] {
  const best = new Map<string, Hit>();
  queries.forEach((query, i) => {
    const answer = screenWithKeyed(index, keyed, query, options);
    // The subject's own criteria must all be usable; a malformed other name is only skipped. An NPI
    // failing the check digit is compared as entered and never stops the name (issue 50): the proof says so.
    const refusing = answer.issues.filter((issue) => issue.code !== 'npi-check-digit');
    if (i === 0 && (answer.status === 'invalid' || refusing.length > 0)) {
      const fields = Object.fromEntries(refusing.map((issue) => [issue.field, issue.message]));
      throw new AppError('BAD_REQUEST', refusing.map((issue) => issue.message).join(' ') || 'Some fields are invalid.', fields);
    }
    for (const hit of answer.hits) {
      const key = `${hit.record.source}|${hit.record.sourceRecordId}`;
      const held = best.get(key);
      if (!held || hit.score > held.score) best.set(key, hit);
    }
  });
  return [...best.values()].sort((a, b) => b.score - a.score);
}

export async function runAdvancedSearch(ctx: AppContext, caller: UserCaller, input: AdvancedSearchInput): Promise<AdvancedSearchResult> {
  const allowed = allowedSources(caller);
  const sources = input.sources ? ADVANCED_SOURCES.filter((s) => input.sources!.includes(s)) : allowed;
  const refused = sources.filter((s) => !allowed.includes(s));
  if (refused.length) throw new AppError('FORBIDDEN', ADVANCED_TEXTS.listNotAllowed(refused.map((s) => findListSource(s)?.title ?? s).join(', ')));
  if (sources.length === 0) throw new AppError('FORBIDDEN', ADVANCED_TEXTS.notPermitted);
  await claimSearch(ctx, caller, 'advanced');

  const screening = await currentScreening(ctx);
  const { index, keyed } = screening;
  const sensitivity = sensitivityOf(caller, input.sensitivity);
  const threshold = reviewThresholdFor(caller);
  const options = { algorithm: input.matchingAlgorithm, sources: sources as SourceId[], threshold, minScore: sensitivity, limit: MAX_INTERACTIVE_MATCHES + 1 };
  // NPPES and the DMF answer by key from the database (one query per kind of key), when searched.
  const asksKeyed = sources.includes('nppes') || sources.includes('dmf');
  // The subject's NPI's NPPES record is read either way: its practice state and licences are evidence (ADR 120).
  const queries = queriesOf(input);
  const withNpi = queries.some(wantsNppesFacts);
  if (asksKeyed || withNpi) await keyed.fetchFor(queries, asksKeyed ? sources : ['nppes']);
  const found = screenAll(index, asksKeyed ? keyed.index : null, withNpi ? keyed.withNppesFacts(queries) : queries, options);
  const records = await fullRecordsOf(ctx.db, screening, found);
  const today = ctx.now().toISOString().slice(0, 10);
  const all = found.map((hit, i) => {
    const reinstated = isReinstatedOn(records[i]?.reinstatementDate ?? hit.record.reinstatementDate, today);
    return { ...toSearchHit(hit, records[i]), checks: recordChecks(input, records[i] ?? null), isReinstated: reinstated };
  });
  const hits = input.includeReinstated ? all : all.filter((h) => !h.isReinstated);
  if (hits.length > MAX_INTERACTIVE_MATCHES) throw new AppError('MaxMatchesExceeded', INTERACTIVE_ERROR_TEXTS.MaxMatchesExceeded);

  const coverage = await listsSearched(ctx.db, screening, sources, ctx.now());
  const criteria = { subject: input.subject, fields: criteriaFields(input), matchingAlgorithm: input.matchingAlgorithm, sensitivity, includeReinstated: input.includeReinstated };
  const result = {
    kind: 'advanced' as const,
    searchedAt: ctx.now().toISOString(),
    searchedBy: `${caller.fullName}, ${caller.clientName}`,
    algorithmVersion: ALGORITHM_VERSION,
    lists: coverage.lists,
    notSearched: coverage.notSearched,
    criteria,
    hits,
    reinstatedHidden: all.length - hits.length,
  };
  const outcome = { kind: 'advanced' as const, billedAs: billingOf(sources), criteriaText: criteriaLine(criteria), outcome: matchesOutcome(hits.length), hitCount: hits.length, isBillable: true };
  return (await recordSearch(ctx, caller, result, outcome)) as unknown as AdvancedSearchResult;
}

// Counting decodes records: once per index version and day is enough.
const reinstatedCounts = new WeakMap<SearchIndex, { day: string; n: number }>();
const PUBLISHES_REINSTATEMENTS = new Set<string>(['leie', 'sam', ...STATE_SOURCE_IDS]);

/** Reinstated: the record's reinstatement date has come (a later date is a scheduled end, still excluded). */
export const isReinstatedOn = (reinstatementDate: string | null | undefined, day: string) => Boolean(reinstatementDate && reinstatementDate <= day);

/** Records of the loaded exclusion lists reinstated by `day` (YYYY-MM-DD). */
export function reinstatedRecordCount(index: SearchIndex, day: string): number {
  const held = reinstatedCounts.get(index);
  if (held?.day === day) return held.n;
  let n = 0;
  for (let r = 0; r < index.recordCount; r++) if (PUBLISHES_REINSTATEMENTS.has(index.sourceOf(r)) && isReinstatedOn(index.recordView(r).reinstatementDate, day)) n++;
  reinstatedCounts.set(index, { day, n });
  return n;
}
