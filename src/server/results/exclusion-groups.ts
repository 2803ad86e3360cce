/**
 * The Exclusions tab's filter and sorts over a batch's facets (issue 14, ADR 032): which
 * records a filter matches, and the order of their search-criteria groups. The page, the
 * summary and the bulk change by filter all use these, so they agree on what "matches" means.
 */
import { scoreBandOf, STATUS_RANK, type ExclusionOrder, type ScoreBand } from '#shared/results-order';
import type { ReviewStatus } from '#shared/review-status';
import type { Facet } from './facets';
import type { GroupRow } from './page-queries';
import { sourceName } from './record-views';

export interface ExclusionFilter {
  sc?: string;
  status?: readonly ReviewStatus[];
  sources?: readonly string[];
  scoreBand?: readonly ScoreBand[];
}

export type FacetGroup = GroupRow & { members: Facet[]; firstRow: number };

const COUNT_FIELD: Record<ReviewStatus, keyof Pick<GroupRow, 'nonCleared' | 'underReview' | 'historicalMatch' | 'cleared'>> = {
  NONCLEARED: 'nonCleared',
  UNDER_REVIEW: 'underReview',
  HISTORICAL_MATCH: 'historicalMatch',
  CLEARED: 'cleared',
};

/** Groups of facets in facet order, with counts of all their records and the unique id of their first row. */
export function groupFacets(facets: readonly Facet[]): FacetGroup[] {
  const groups: FacetGroup[] = [];
  for (const f of facets) {
    let g = groups.at(-1);
    if (!g || g.key !== f.key) {
      g = { key: f.key, nonCleared: 0, underReview: 0, historicalMatch: 0, cleared: 0, total: 0, members: [], firstRow: f.rowIndex, uniqueId: f.uniqueId ?? null };
      groups.push(g);
    }
    g[COUNT_FIELD[f.status]] += 1;
    g.total += 1;
    g.members.push(f);
    if (f.rowIndex < g.firstRow) {
      g.firstRow = f.rowIndex;
      g.uniqueId = f.uniqueId ?? null;
    }
  }
  return groups;
}

/** Groups kept per facet array: grouped once, not on every request (a change replaces the array). */
const grouped = new WeakMap<readonly Facet[], FacetGroup[]>();

/** The groups of a facet array, computed once. */
export function groupsOf(facets: readonly Facet[]): FacetGroup[] {
  let groups = grouped.get(facets);
  if (!groups) grouped.set(facets, (groups = groupFacets(facets)));
  return groups;
}


/** A filtered group: all its members (for the counts) and those the filter shows. */
export interface MatchedGroup {
  group: FacetGroup;
  shown: Facet[];
}

/** The record test of a filter (the criteria text applies to the group). */
export function recordFilter(f: ExclusionFilter): (facet: Facet) => boolean {
  const statuses = f.status?.length ? new Set<string>(f.status) : null;
  const sources = f.sources?.length ? new Set<string>(f.sources) : null;
  const bands = f.scoreBand?.length ? new Set<string>(f.scoreBand) : null;
  return (x) => (!statuses || statuses.has(x.status)) && (!sources || sources.has(x.source ?? '')) && (!bands || bands.has(scoreBandOf(x.score)));
}

/** Groups with at least one record the filter shows, in facet (criteria) order. */
export function matchGroups(facets: readonly Facet[], f: ExclusionFilter): MatchedGroup[] {
  const sc = f.sc?.toLowerCase();
  const passes = recordFilter(f);
  const out: MatchedGroup[] = [];
  const isEveryRecord = !f.status?.length && !f.sources?.length && !f.scoreBand?.length;
  for (const group of groupsOf(facets)) {
    if (sc && !group.members[0].keyLower.includes(sc)) continue;
    const shown = isEveryRecord ? group.members : group.members.filter(passes);
    if (shown.length) out.push({ group, shown });
  }
  return out;
}

/** Compares two facets by one field, ascending; nulls last either way (see orderGroups). */
type Value = number | string | null;
const valueOf: Record<Exclude<ExclusionOrder, 'name'>, (f: Facet) => Value> = {
  score: (f) => f.score,
  status: (f) => STATUS_RANK[f.status] ?? 9,
  source: (f) => sourceName(f.source).toLowerCase() || null,
  exclusionDate: (f) => f.exclusionDate || null,
};

function compare(a: Value, b: Value, dir: 1 | -1): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a < b ? -1 : 1) * dir;
}

/**
 * Orders groups: by criteria (name), or by a record field, a group ranking by its first record
 * in that order (its best score, its most urgent status…); its records follow the same order.
 * Ties keep the criteria order.
 */
export function orderGroups(groups: MatchedGroup[], orderBy: ExclusionOrder, sort: 'ASC' | 'DESC'): MatchedGroup[] {
  const dir = sort === 'DESC' ? -1 : 1;
  if (orderBy === 'name') return dir === 1 ? groups : [...groups].reverse();
  const value = valueOf[orderBy];
  const sorted = groups.map((g, rank) => {
    const shown = [...g.shown].sort((a, b) => compare(value(a), value(b), dir));
    return { g: { group: g.group, shown }, head: value(shown[0]), rank };
  });
  sorted.sort((a, b) => compare(a.head, b.head, dir) || a.rank - b.rank);
  return sorted.map((x) => x.g);
}

/**
 * Orders kept per facet array (a change replaces the array): paging through one sort reuses it.
 * Enough for every sort both ways plus a dozen filters, so a reviewer moving between them does
 * not push out what they come back to (each is an array of references to the groups).
 */
const ORDERS_KEPT = 32;
const ordered = new WeakMap<readonly Facet[], Map<string, MatchedGroup[]>>();

/** The groups a filter matches, in the chosen order; the same request on unchanged facets is answered from memory. */
export function matchAndOrder(facets: readonly Facet[], f: ExclusionFilter, orderBy: ExclusionOrder, sort: 'ASC' | 'DESC'): MatchedGroup[] {
  const key = JSON.stringify([f.sc?.toLowerCase() ?? '', [...(f.status ?? [])].sort(), [...(f.sources ?? [])].sort(), [...(f.scoreBand ?? [])].sort(), orderBy, sort]);
  let kept = ordered.get(facets);
  if (!kept) ordered.set(facets, (kept = new Map()));
  const held = kept.get(key);
  if (held) return held;
  const groups = orderGroups(matchGroups(facets, f), orderBy, sort);
  kept.set(key, groups);
  while (kept.size > ORDERS_KEPT) kept.delete(kept.keys().next().value!);
  return groups;
}
