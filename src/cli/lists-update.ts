/** `clearlist lists update`: filled in by the updater. */
import type { Database } from '#server/db/client';
import type { Io } from './lists';

export async function runUpdate(_database: Database, _sources: string[], _json: boolean, io: Io): Promise<number> {
  io.stderr.write('lists update is not available yet.\n');
  return 1;
}
