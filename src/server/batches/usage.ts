/** Billable usage: every search of every row, recorded per chunk and search type, and the trial's monthly allowance. */
import { priceOf } from '#shared/prices';
import { trialLimitMessage } from '#shared/messages';
import { rowsPerSearchType, SEARCH_TYPES, type SearchCriterion } from '#shared/search-types';
import type { SearchOption } from '#shared/teams';
import type { Db } from '../db/client';
import type { usageRecords } from '../db/schema';
import { AppError } from '../http/errors';
import { withKeyLocks } from '../db/key-lock';
import { findClient, searchesCommitted } from './queries';

/** The spec's trial allowance when a trial client has none recorded. */
export const DEFAULT_TRIAL_SEARCHES_PER_MONTH = 10;

const startOfMonthUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** What the trial rules read of a client. */
export interface TrialFacts {
  clientId: number;
  state: string;
  trialSearchesPerMonth: number | null;
}

/** Searches left this month (UTC) to a trial client, counting those its queued batches owe. */
async function trialRoom(db: Db, client: TrialFacts, now: Date) {
  const perMonth = client.trialSearchesPerMonth ?? DEFAULT_TRIAL_SEARCHES_PER_MONTH;
  const remaining = Math.max(0, perMonth - (await searchesCommitted(db, client.clientId, startOfMonthUtc(now))));
  return { perMonth, remaining };
}

/** Refuses a trial client a batch needing more searches than it has left this month (UTC). */
export async function checkTrialAllowance(db: Db, clientId: number, needed: number, now: Date): Promise<void> {
  const client = await findClient(db, clientId);
  if (!client || client.state !== 'trial') return;
  const { perMonth, remaining } = await trialRoom(db, { clientId, state: client.state, trialSearchesPerMonth: client.trialSearchesPerMonth }, now);
  if (needed > remaining) throw new AppError('BAD_REQUEST', trialLimitMessage(needed, remaining, perMonth));
}

/**
 * Runs `use` (which records the searches, or queues a batch that will) only when a trial client
 * has room for `needed` searches; the count and the recording happen under a lock on the
 * client's allowance, so parallel batches or searches cannot together exceed it (ADR 024).
 * Other clients have no allowance: `use` simply runs.
 */
export async function withTrialAllowance<T>(
  db: Db,
  client: TrialFacts,
  needed: number,
  now: Date,
  refusal: (room: { perMonth: number; remaining: number }) => AppError,
  use: (db: Db) => Promise<T>,
): Promise<T> {
  if (client.state !== 'trial' || needed <= 0) return use(db);
  return withKeyLocks(db, [`trial-allowance:${client.clientId}`], async (tx) => {
    const room = await trialRoom(tx, client, now);
    if (needed > room.remaining) throw refusal(room);
    return use(tx);
  });
}

/**
 * The usage records of a chunk of a batch: one per selected search type, its quantity the
 * chunk's rows that the type ran on (an add-on skips rows without its field, issue 18), keyed by
 * the chunk's first row so that a chunk screened again bills nothing twice (ADR 014).
 */
export function usageFor(
  batch: { id: number; clientId: number; searchTypes: readonly string[] },
  rows: readonly { rowIndex: number; values: Partial<Record<SearchCriterion, string>> }[],
  now: Date,
): (typeof usageRecords.$inferInsert)[] {
  if (rows.length === 0) return [];
  const firstRow = rows.reduce((a, r) => Math.min(a, r.rowIndex), Infinity);
  const types = SEARCH_TYPES.filter((t) => batch.searchTypes.includes(t.name));
  const counts = rowsPerSearchType(types.map((t) => t.name), rows.map((r) => r.values));
  return types.flatMap((t, i) =>
    counts[i].rows === 0
      ? []
      : [
          {
            clientId: batch.clientId,
            batchId: batch.id,
            rowIndex: firstRow,
            searchType: t.name,
            searchOption: t.billedAs,
            unitPriceCents: priceOf(t.billedAs as SearchOption),
            quantity: counts[i].rows,
            createdAt: now,
          },
        ],
  );
}
