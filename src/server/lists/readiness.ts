/**
 * The lists' state for `/services/ready` (issue 51): how many are loaded, which are not, which
 * are being fetched and which failed their last fetch. It informs; it never makes the server
 * unready (a server without lists still serves, and says so).
 */
import { eq } from 'drizzle-orm';
import { LIST_SOURCES } from '#lists/sources';
import type { Db } from '../db/client';
import { listVersions } from '../db/schema';
import { latestRuns } from './run-queries';

export interface ListsReadiness {
  loaded: number;
  notLoaded: string[];
  fetching: string[];
  failed: string[];
}

export async function listsReadiness(db: Db): Promise<ListsReadiness> {
  const active = new Set((await db.select({ source: listVersions.source }).from(listVersions).where(eq(listVersions.status, 'active'))).map((v) => v.source));
  const runs = await latestRuns(db);
  const ids = LIST_SOURCES.map((s) => s.id);
  return {
    loaded: ids.filter((id) => active.has(id)).length,
    notLoaded: ids.filter((id) => !active.has(id)),
    fetching: ids.filter((id) => runs.get(id) && runs.get(id)!.status !== 'done'),
    failed: ids.filter((id) => runs.get(id)?.status === 'done' && runs.get(id)?.outcome === 'failed'),
  };
}
