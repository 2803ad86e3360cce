/** On start, every source without an active version imports its shipped synthetic sample. */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIST_SOURCES } from '#lists/sources';
import type { Db } from '../db/client';
import { importList } from './import';
import { findActiveVersion } from './queries';

export const SAMPLES_DIR = fileURLToPath(new URL('../../../data/samples', import.meta.url));

export async function importMissingSamples(db: Db, now: Date, log: (line: string) => void = () => {}): Promise<string[]> {
  const imported: string[] = [];
  for (const source of LIST_SOURCES) {
    if (await findActiveVersion(db, source.id)) continue;
    const dir = path.join(SAMPLES_DIR, source.id);
    if (!existsSync(dir)) continue;
    const files = readdirSync(dir).sort().map((f) => path.join(dir, f));
    if (files.length === 0) continue;
    try {
      const summary = await importList(db, { source: source.id, files, origin: 'sample', now });
      imported.push(source.id);
      log(`Loaded the synthetic sample of ${source.id}: ${summary.records} records.`);
    } catch (error) {
      log(`Could not load the sample of ${source.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return imported;
}
