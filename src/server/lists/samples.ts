/**
 * The shipped synthetic samples (ADR 114): the demo loads them, `serve` never does, and a data
 * folder that holds them from an earlier version has them retired at the next `serve` start.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIST_SOURCES } from '#lists/sources';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/audit';
import { retireSampleVersions } from './coverage-queries';
import { importList } from './import';
import { findActiveVersion } from './queries';

export const SAMPLES_DIR = fileURLToPath(new URL('../../../data/samples', import.meta.url));

/** Every source without an active version imports its shipped synthetic sample (the demo; tests). */
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

/**
 * Retires every sample version still active (or superseded, a roll-back's target): kept for
 * history, never searched again. One audit entry per source; answers the sources retired.
 */
export async function retireSamples(db: Db, log: (line: string) => void = () => {}): Promise<string[]> {
  // The retirement and its audit entries together: none without the other.
  const retired = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const rows = await retireSampleVersions(t);
    for (const source of new Set(rows.map((v) => v.source))) {
      const versions = rows.filter((v) => v.source === source);
      await recordAudit(t, { action: 'list.sample_retired', target: source, details: { versions: versions.map((v) => v.id), wasActive: versions.some((v) => v.status === 'active') } });
    }
    return rows;
  });
  const sources = [...new Set(retired.map((v) => v.source))];
  for (const source of sources) {
    const versions = retired.filter((v) => v.source === source);
    log(`Retired the synthetic sample of ${source} (version ${versions.map((v) => v.id).join(', ')}): it is no longer searched.`);
  }
  return sources;
}
