/**
 * The end of a full re-screen (ADR 051, 052): the certificate issued, the month's charge for
 * the roster's people and the run marked done, in one transaction holding the run. A crash
 * before it commits leaves the run to finish again (the PDF is made anew); after it, nothing is
 * left to do. The charge is one usage record per roster and month (the usage records' unique
 * index on batch, row and search type, the month standing in the row), so a resumed run or a
 * second full run in the month (a new engine version) never charges twice.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ALGORITHM_VERSION } from '#engine/algorithm-version';
import { MONITORING_OPTION, MONITORING_PRICE_CENTS, MONITORING_USAGE_TYPE } from '#shared/prices';
import type { BatchRow } from '../batches/public';
import { monitoredRosters, monitoringCertificates, monitoringRuns, usageRecords } from '../db/schema';
import { serverTimeZone } from '../results/public';
import { certificateFindings, certificateLists, certificateParties } from './certificate-data';
import { certificatePdf } from './certificate-pdf';
import type { MonitoringContext } from './run';
import { countMembers, type RunRow } from './run-queries';
import { monitoredSources } from './search-types';

type Roster = typeof monitoredRosters.$inferSelect;

/** The month of a charge as the usage record's row (2026-11 → 202611). */
export const chargeRowOf = (period: string): number => Number(period.replace('-', ''));

export const certificateNumber = (period: string, rosterId: number, runId: number): string => `MC-${period.replace('-', '')}-${rosterId}-${runId}`;

export async function finishFullRun(ctx: MonitoringContext, o: { run: RunRow; roster: Roster; batch: BatchRow }): Promise<void> {
  const { run, roster, batch } = o;
  const period = run.period ?? new Date().toISOString().slice(0, 7);
  const issuedAt = ctx.now();
  const findings = await certificateFindings(ctx.db, run.id);
  const parties = await certificateParties(ctx.db, roster.id);
  const lists = await certificateLists(ctx.db, run.listVersions ?? '', monitoredSources(batch.searchTypes), issuedAt);
  const number = certificateNumber(period, roster.id, run.id);
  // Retired members (ADR 053) are neither screened nor charged.
  const people = await countMembers(ctx.db, batch.id);
  const pdf = await certificatePdf(
    {
      number, clientName: parties.clientName, rosterName: roster.name, rosterId: roster.id, people, period,
      reason: run.reason === 'engine' ? 'engine' : 'schedule', rescreenDay: roster.rescreenDay, startedAt: run.startedAt ?? issuedAt, finishedAt: issuedAt,
      searchTypes: batch.searchTypes, threshold: batch.reviewThreshold, engineVersion: run.engineVersion ?? ALGORITHM_VERSION, issuedAt, timeZone: serverTimeZone(),
    },
    lists,
    findings,
  );
  const open = findings.filter((f) => f.status === 'NONCLEARED' || f.status === 'UNDER_REVIEW').length;
  await ctx.db.transaction(async (tx) => {
    const [held] = await tx.select({ status: monitoringRuns.status }).from(monitoringRuns).where(eq(monitoringRuns.id, run.id)).for('update');
    if (!held || held.status === 'done') return;
    await tx
      .insert(monitoringCertificates)
      .values({ rosterId: roster.id, clientId: roster.clientId, runId: run.id, period, people, findings: findings.length, openFindings: open, pdf, sha256: createHash('sha256').update(pdf).digest('hex'), issuedAt })
      .onConflictDoNothing();
    await tx
      .insert(usageRecords)
      .values({ clientId: roster.clientId, batchId: batch.id, rowIndex: chargeRowOf(period), searchType: MONITORING_USAGE_TYPE, searchOption: MONITORING_OPTION, unitPriceCents: MONITORING_PRICE_CENTS, quantity: people, createdAt: issuedAt })
      .onConflictDoNothing();
    await tx.update(monitoringRuns).set({ status: 'done', finishedAt: issuedAt }).where(eq(monitoringRuns.id, run.id));
    await tx.update(monitoredRosters).set({ lastScreenedAt: issuedAt, engineVersion: run.engineVersion ?? sql`${monitoredRosters.engineVersion}` }).where(eq(monitoredRosters.id, roster.id));
  });
}
