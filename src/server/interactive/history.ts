/**
 * Search History (paying users) and reopening a stored result. Who sees which searches
 * follows the batch dashboard (ADR 014): system admins all, domain admins and account
 * owners their client, others their team and the teams they own (else their own searches).
 */
import type { FastifyRequest } from 'fastify';
import type { InteractiveResult, SearchHistory, SearchHistoryFilters } from '#shared/interactive-search';
import type { Db } from '../db/client';
import { batchCallerOf, scopeOf } from '../access/batch-scope';
import { notFound } from '../http/errors';
import { findVisibleSearch, listSearches, type SearchScope } from './queries';
import { resultOf } from './record';

export async function searchScopeOf(db: Db, request: FastifyRequest): Promise<SearchScope> {
  const scope = scopeOf(await batchCallerOf(db, request));
  return { clientId: scope.clientId, teamIds: scope.teamIds, userId: scope.uploaderUserId };
}

/** A page of the caller's visible searches that pass the filters, newest first. */
export async function searchHistory(db: Db, scope: SearchScope, query: SearchHistoryFilters & { page: number; limits: number }): Promise<SearchHistory> {
  const { page, limits, ...filters } = query;
  const { items, total } = await listSearches(db, scope, filters, (page - 1) * limits, limits);
  return {
    total,
    items: items.map((i) => ({
      searchId: i.id,
      reference: i.reference,
      searchedAt: i.searchedAt.toISOString(),
      searchedBy: [i.firstName, i.lastName].filter(Boolean).join(' '),
      kind: i.kind === 'npi' || i.kind === 'advanced' ? i.kind : 'name',
      criteria: i.criteriaText,
      outcome: i.outcome,
      hits: i.hitCount,
    })),
  };
}

/** A stored result as it was shown; 404 for a search outside the caller's scope. */
export async function reopenSearch(db: Db, scope: SearchScope, searchId: number): Promise<InteractiveResult> {
  const row = await findVisibleSearch(db, scope, searchId);
  // Advance Searches reopen through their own endpoint (their answer has another shape).
  if (!row || row.kind === 'advanced') throw notFound('The search');
  return resultOf(row);
}

/** A stored Advance Search as it was shown; 404 outside the caller's scope. */
export async function reopenAdvancedSearch(db: Db, scope: SearchScope, searchId: number): Promise<unknown> {
  const row = await findVisibleSearch(db, scope, searchId);
  if (!row || row.kind !== 'advanced') throw notFound('The search');
  return resultOf(row);
}
