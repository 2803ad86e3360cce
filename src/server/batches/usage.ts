/** Billable usage: every search of every row, recorded per chunk and search type, and the trial's monthly allowance. */
import { priceOf } from '#shared/prices';
import { trialLimitMessage } from '#shared/messages';
import { SEARCH_TYPES } from '#shared/search-types';
import type { SearchOption } from '#shared/teams';
import type { Db } from '../db/client';
import type { usageRecords } from '../db/schema';
import { AppError } from '../http/errors';
import { findClient, searchesSince } from './queries';

/** The spec's trial allowance when a trial client has none recorded. */
export const DEFAULT_TRIAL_SEARCHES_PER_MONTH = 10;

const startOfMonthUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Refuses a trial client a batch needing more searches than it has left this month (UTC). */
export async function checkTrialAllowance(db: Db, clientId: number, needed: number, now: Date): Promise<void> {
  const client = await findClient(db, clientId);
  if (!client || client.state !== 'trial') return;
  const perMonth = client.trialSearchesPerMonth ?? DEFAULT_TRIAL_SEARCHES_PER_MONTH;
  const remaining = Math.max(0, perMonth - (await searchesSince(db, clientId, startOfMonthUtc(now))));
  if (needed > remaining) throw new AppError('BAD_REQUEST', trialLimitMessage(needed, remaining, perMonth));
}

/**
 * The usage records of a chunk of a batch: one per selected search type, its quantity the
 * chunk's rows, keyed by the chunk's first row so that a chunk screened again bills nothing
 * twice (ADR 014).
 */
export function usageFor(
  batch: { id: number; clientId: number; searchTypes: readonly string[] },
  rowIndexes: readonly number[],
  now: Date,
): (typeof usageRecords.$inferInsert)[] {
  if (rowIndexes.length === 0) return [];
  const firstRow = rowIndexes.reduce((a, b) => Math.min(a, b));
  const types = SEARCH_TYPES.filter((t) => batch.searchTypes.includes(t.name));
  return types.map((t) => ({
    clientId: batch.clientId,
    batchId: batch.id,
    rowIndex: firstRow,
    searchType: t.name,
    searchOption: t.billedAs,
    unitPriceCents: priceOf(t.billedAs as SearchOption),
    quantity: rowIndexes.length,
    createdAt: now,
  }));
}
