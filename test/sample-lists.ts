/**
 * The shipped samples imported as ordinary list files into a data folder before `serve` starts
 * on it: since ADR 114 `serve` loads no sample, and a test setup is not a production path.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { LIST_SOURCES } from '#lists/sources';
import { openDatabase } from '#server/db/client';
import { importList } from '#server/lists/import';
import { SAMPLES_DIR } from '#server/lists/samples';

/** Imports the sample of every source (or of `sources`) with origin 'import'; `url` for a PostgreSQL server. */
export async function importSampleLists(dataDir: string, o: { url?: string; sources?: readonly string[] } = {}): Promise<void> {
  const database = await openDatabase({ url: o.url, dataDir });
  try {
    await database.migrate();
    for (const source of LIST_SOURCES) {
      if (o.sources && !o.sources.includes(source.id)) continue;
      const dir = path.join(SAMPLES_DIR, source.id);
      if (!existsSync(dir)) continue;
      const files = readdirSync(dir).sort().map((f) => path.join(dir, f));
      await importList(database.db, { source: source.id, files, origin: 'import', now: new Date() });
    }
  } finally {
    await database.close();
  }
}
