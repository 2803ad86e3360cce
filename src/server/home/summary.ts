/**
 * The compliance home page's figures (ADR 046): what is left to review (monitoring alerts and
 * batch results, by age) in the batches the caller sees, the client's searches this month and
 * their price, and the last batches.
 */
import { eq, sql } from 'drizzle-orm';
import { TRIAL_SEARCHES_PER_MONTH } from '#shared/account';
import type { AgeCounts, HomeSummary, TrialAllowance } from '#shared/home';
import { MONITORING_OPTION } from '#shared/prices';
import type { AppContext } from '../app-context';
import { listBatches } from '../batches/public';
import { currentPeriod, isoDay, searchCount } from '../billing/public';
import { clients } from '../db/schema';
import { scopeOf, type BatchCaller } from '../access/batch-scope';
import { rowsOf } from '../db/rows';

const DAY_MS = 86_400_000;

function scopeSql(caller: BatchCaller) {
  const scope = scopeOf(caller);
  return sql`b.trashed_at IS NULL
    AND ${scope.clientId === null ? sql`TRUE` : sql`b.client_id = ${scope.clientId}`}
    AND ${scope.teamIds === null ? sql`TRUE` : sql`b.team_id = ANY(${`{${scope.teamIds.join(',')}}`}::int[])`}
    AND ${scope.uploaderUserId === null ? sql`TRUE` : sql`b.uploader_user_id = ${scope.uploaderUserId}`}`;
}

/** Figures of the home page for a caller; `seesBilling` adds the price of the month's searches. */
export async function homeSummary(ctx: Pick<AppContext, 'db' | 'jobs' | 'now'>, caller: BatchCaller, seesBilling: boolean): Promise<HomeSummary> {
  const { db } = ctx;
  const now = ctx.now();
  const week = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const month = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const ages = await rowsOf<{ kind: string; total: number; under7: number; under30: number }>(
    db,
    sql`SELECT b.kind, count(*)::int AS total,
          (count(*) FILTER (WHERE r.created_at >= ${week}::timestamptz))::int AS under7,
          (count(*) FILTER (WHERE r.created_at >= ${month}::timestamptz AND r.created_at < ${week}::timestamptz))::int AS under30
        FROM batch_results r JOIN batches b ON b.id = r.batch_id
        WHERE ${scopeSql(caller)} AND b.status = 'Completed' AND r.review_status IN ('NONCLEARED', 'UNDER_REVIEW')
        GROUP BY b.kind`,
  );
  const countsOf = (kind: string): AgeCounts => {
    const row = ages.find((a) => a.kind === kind);
    return row ? { total: row.total, under7Days: row.under7, under30Days: row.under30, older: row.total - row.under7 - row.under30 } : { total: 0, under7Days: 0, under30Days: 0, older: 0 };
  };
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const [usage] = await rowsOf<{ searches: number; searchCents: number; monitoringCents: number }>(
    db,
    sql`SELECT (coalesce(sum(quantity) FILTER (WHERE search_option <> ${MONITORING_OPTION}), 0))::int AS searches,
          (coalesce(sum(quantity * unit_price_cents) FILTER (WHERE search_option <> ${MONITORING_OPTION}), 0))::int AS "searchCents",
          (coalesce(sum(quantity * unit_price_cents) FILTER (WHERE search_option = ${MONITORING_OPTION}), 0))::int AS "monitoringCents"
        FROM usage_records WHERE client_id = ${caller.clientId} AND created_at >= ${since}::timestamptz`,
  );
  const trial = await trialAllowance(ctx, caller.clientId, now);
  // A trial is billed nothing: its allowance is what counts.
  const showsCharges = seesBilling && trial === null;
  const { items } = await listBatches(ctx, caller, { page: 1, limit: 5 });
  return {
    review: { alerts: countsOf('monitoring'), results: countsOf('search') },
    month: {
      searches: usage.searches,
      spend: showsCharges ? usage.searchCents / 100 : null,
      monitoringSpend: showsCharges ? usage.monitoringCents / 100 : null,
      trial,
    },
    lastBatches: items,
  };
}

/** A trial client's allowance, counted as the account page and the searches count it (accounts/details.ts); null for any other client. */
async function trialAllowance(ctx: Pick<AppContext, 'db'>, clientId: number, now: Date): Promise<TrialAllowance | null> {
  const [client] = await ctx.db.select({ state: clients.state, perMonth: clients.trialSearchesPerMonth, endsAt: clients.trialEndsAt }).from(clients).where(eq(clients.id, clientId));
  if (client?.state !== 'trial') return null;
  const perMonth = client.perMonth ?? TRIAL_SEARCHES_PER_MONTH;
  const month = currentPeriod(now);
  const used = await searchCount(ctx.db, clientId, month.start, month.end);
  return { searchesLeft: Math.max(0, perMonth - used), searchesPerMonth: perMonth, resetsOn: isoDay(month.end), endsOn: client.endsAt ? isoDay(client.endsAt) : null };
}
