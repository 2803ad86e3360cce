/** The state of every list: active version, as-of date, records, last check and last error. */
import { desc, eq, inArray } from 'drizzle-orm';
import type { ListStatus } from '#shared/lists';
import { LIST_SOURCES } from '#lists/sources';
import type { Db } from '../db/client';
import { listChecks, listVersions } from '../db/schema';

export async function listStatuses(db: Db): Promise<ListStatus[]> {
  const active = await db.select().from(listVersions).where(eq(listVersions.status, 'active'));
  const failures = await db
    .select()
    .from(listVersions)
    .where(inArray(listVersions.status, ['failed']))
    .orderBy(desc(listVersions.id));
  const checks = await db.select().from(listChecks).orderBy(desc(listChecks.id)).limit(500);
  return LIST_SOURCES.map((source) => {
    const version = active.find((v) => v.source === source.id);
    const lastFailure = failures.find((v) => v.source === source.id);
    const lastCheck = checks.find((c) => c.source === source.id);
    // An error is current when nothing succeeded after it: the latest of the last check and
    // the last failed import (a check after a failure decides, and a failed update is both).
    const failedAfterActive = lastFailure && (!version || lastFailure.id > version.id) ? lastFailure.error : null;
    const isCheckLatest = lastCheck && (!lastFailure || lastCheck.checkedAt >= lastFailure.fetchedAt);
    const lastError = isCheckLatest ? (lastCheck.outcome === 'failed' ? lastCheck.error : null) : failedAfterActive;
    const lastChecked = [lastCheck?.checkedAt, version?.fetchedAt].filter(Boolean).sort().at(-1) ?? null;
    return {
      source: source.id,
      title: source.title,
      publisher: source.publisher,
      officialUrl: source.officialUrl,
      description: source.description,
      version: version?.id ?? null,
      origin: version?.origin ?? null,
      asOf: version?.asOf ?? null,
      records: version?.records ?? 0,
      activatedAt: version?.activatedAt?.toISOString() ?? null,
      lastChecked: lastChecked ? (lastChecked as Date).toISOString() : null,
      lastError: lastError ?? null,
      added: version?.added ?? 0,
      removed: version?.removed ?? 0,
      changed: version?.changed ?? 0,
      reinstated: version?.reinstated ?? 0,
    };
  });
}
