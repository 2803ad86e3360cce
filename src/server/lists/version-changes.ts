/**
 * A version's stored changes for readers outside lists (ADR 086): the match index builds a changed
 * part from the part it holds plus these, reading only the changed records.
 */
import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { listChanges, listVersions } from '../db/schema';

/** Rows of list_changes per read: a few ms each, whatever the size of the change. */
const CHANGES_PAGE = 500;

/** What a version changed against the one before it: ids present in it (added, changed) and ids gone (removed, reinstated). */
export interface VersionChangeSet {
  /** The version's record count (list_versions.records). */
  records: number;
  present: string[];
  gone: string[];
}

/**
 * The changes of `versionId` when they were computed against `previousId` (the version of its
 * source before it, active when it was imported: list_changes names no base, so anything else is
 * refused); null when they were not, or the version keeps no records. `between`: awaited between
 * its queries (the index store lets searches run there: a PGlite query does not yield).
 */
export async function versionChangesAgainst(db: Db, versionId: number, previousId: number, between: () => Promise<void> = async () => undefined): Promise<VersionChangeSet | null> {
  const [version] = await db.select().from(listVersions).where(eq(listVersions.id, versionId));
  await between();
  if (!version || !version.recordsKept || !['active', 'superseded'].includes(version.status)) return null;
  const [previous] = await db
    .select({ id: listVersions.id, activatedAt: listVersions.activatedAt })
    .from(listVersions)
    .where(and(eq(listVersions.source, version.source), lt(listVersions.id, version.id), inArray(listVersions.status, ['active', 'superseded'])))
    .orderBy(desc(listVersions.id))
    .limit(1);
  await between();
  if (!previous || previous.id !== previousId || !previous.activatedAt || previous.activatedAt > version.createdAt) return null;
  const present: string[] = [];
  const gone: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page: { recordId: string; change: string }[] = await db
      .select({ recordId: listChanges.recordId, change: listChanges.change })
      .from(listChanges)
      .where(and(eq(listChanges.versionId, versionId), after === null ? undefined : gt(listChanges.recordId, after)))
      .orderBy(asc(listChanges.recordId))
      .limit(CHANGES_PAGE);
    // A reinstatement removes the record from an exclusion list (diff-queries.ts).
    for (const c of page) (c.change === 'removed' || c.change === 'reinstated' ? gone : present).push(c.recordId);
    if (page.length < CHANGES_PAGE) break;
    after = page[page.length - 1].recordId;
    await between();
  }
  return { records: version.records, present, gone };
}
