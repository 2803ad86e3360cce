/** What a monitoring certificate says (ADR 051): the run, its roster and client, the lists, the findings with their review status. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { versionIdsOf } from '../screening/screener';
import { rowsOf } from '../db/rows';
import { sourceName, type ReportList, type ReportNotSearched } from '../results/public';
import { lastChecksOf } from '../db/last-checks';
import { notSearchedReason, staleWarning } from '#lists/coverage';

export type CertificateList = ReportList;

/** The lists a run screened against and those of the roster's searches it could not (ADR 114). */
export interface CertificateLists {
  lists: CertificateList[];
  notSearched: ReportNotSearched[];
}

export interface CertificateFinding {
  person: string;
  source: string;
  listName: string;
  sourceRecordId: string;
  nameOnList: string | null;
  score: number | null;
  status: string;
  newInRun: boolean;
  latestNote: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
}

/**
 * The list versions a run screened against, of the sources the roster is screened on (a stale
 * copy warned of as at `at`), and the sources it had no version of.
 */
export async function certificateLists(db: Db, listVersions: string, sources: readonly string[], at: Date): Promise<CertificateLists> {
  const ids = [...versionIdsOf(listVersions)].filter(([source]) => sources.includes(source)).map(([, id]) => id);
  const rows = !ids.length
    ? []
    : await rowsOf<{ source: string; id: number; as_of: string | null; fetched_at: Date | string; origin: string }>(
        db,
        sql`SELECT source, id, as_of, fetched_at, origin FROM list_versions WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY source`,
      );
  const checks = await lastChecksOf(db, at);
  const lists = rows.map((v) => {
    const fetchedAt = new Date(v.fetched_at);
    return { source: v.source, name: sourceName(v.source), versionId: v.id, asOf: v.as_of, fetchedAt: fetchedAt.toISOString(), synthetic: v.origin === 'sample', warning: staleWarning(v.source, fetchedAt, checks.get(v.source) ?? null, at) };
  });
  const notSearched = sources.filter((s) => !rows.some((v) => v.source === s)).map((s) => ({ source: s, name: sourceName(s), reason: notSearchedReason(s) }));
  return { lists, notSearched };
}

/** Every finding of a run with its result's review status now (the time the certificate is issued). */
export async function certificateFindings(db: Db, runId: number): Promise<CertificateFinding[]> {
  const rows = await rowsOf<{
    person: string; source: string; source_record_id: string; name_on_list: string | null; score: number | null; status: string;
    new_in_run: boolean; latest_note: string | null; decided_by: string | null; decided_at: Date | string | null;
  }>(
    db,
    sql`SELECT x.search_criteria_key AS person, f.source, f.source_record_id,
          coalesce(nullif(trim(concat_ws(' ', x.record->>'firstName', x.record->>'middleName', x.record->>'lastName')), ''), x.record->>'businessName') AS name_on_list,
          x.score, x.review_status AS status, (a.result_id IS NOT NULL) AS new_in_run, x.latest_note,
          h.user_name AS decided_by, h.changed_at AS decided_at
        FROM monitoring_findings f
        JOIN batch_results x ON x.id = f.result_id
        LEFT JOIN monitoring_alerts a ON a.result_id = f.result_id AND a.run_id = f.run_id
        LEFT JOIN LATERAL (SELECT user_name, changed_at FROM review_history WHERE result_id = f.result_id ORDER BY changed_at DESC, id DESC LIMIT 1) h ON TRUE
        WHERE f.run_id = ${runId}
        ORDER BY f.row_index, f.source, f.source_record_id`,
  );
  return rows.map((r) => ({
    person: r.person,
    source: r.source,
    listName: sourceName(r.source),
    sourceRecordId: r.source_record_id,
    nameOnList: r.name_on_list,
    score: r.score,
    status: r.status,
    newInRun: r.new_in_run,
    latestNote: r.latest_note,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
  }));
}

/** The client's name and the roster creator's, for the first page. */
export async function certificateParties(db: Db, rosterId: number): Promise<{ clientName: string; createdBy: string }> {
  const [row] = await rowsOf<{ client_name: string; created_by: string }>(
    db,
    sql`SELECT c.name AS client_name, trim(u.first_name || ' ' || u.last_name) AS created_by
        FROM monitored_rosters r JOIN clients c ON c.id = r.client_id JOIN users u ON u.id = r.created_by_user_id WHERE r.id = ${rosterId}`,
  );
  return { clientName: row?.client_name ?? '', createdBy: row?.created_by ?? '' };
}
