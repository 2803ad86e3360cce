/**
 * Bench: every state list of the registry (LIST_SOURCES' state sources, so a state added there
 * is measured without a change here) imported from the generator's files in its agency's layout
 * (scripts/gen-lists.ts, as `npm run gen:lists` writes them, CLEARLIST_BENCH_STATE_ROWS rows per
 * list, PDFs cut at 150 rows as there), then the match index of them all built from the
 * database and written to its file: the total import time, the records, the index's size.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIST_SOURCES } from '#lists/sources';
import { importList } from '#server/lists/import';
import { buildIndexFromDatabase, findActiveVersions } from '#server/screening/index-store';
import { writeIndexFile } from '../../engine-runtime/index-file';
import { openBenchDatabase } from './bench-db';
import { figure, peakRssMiB, type Figure } from './measure';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const MiB = 1_048_576;

/** The state sources of the registry, in its order. */
export function stateSourceIds(): string[] {
  return LIST_SOURCES.map((s) => s.id).filter((id) => id.startsWith('state-'));
}

export async function benchEveryStateImport(db: 'pglite' | 'postgres', rows = Number(process.env.CLEARLIST_BENCH_STATE_ROWS ?? 5_000)): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-states-'));
  const generated = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/gen-lists.ts', '--records', String(rows), '--out', dir, '--seed', '7'], { cwd: root, encoding: 'utf8' });
  if (generated.status !== 0) throw new Error(`gen-lists failed: ${generated.stderr.slice(-1000)}`);
  const ids = stateSourceIds();
  const missing = ids.filter((id) => !existsSync(path.join(dir, id)));
  const { database, dispose } = await openBenchDatabase(db);
  try {
    const figures: Figure[] = [figure(`State lists in the registry without generated files (${missing.join(', ') || 'none'})`, missing.length, 'lists', { max: 0, text: '0' })];
    let records = 0;
    let seconds = 0;
    for (const id of ids.filter((i) => !missing.includes(i))) {
      const files = readdirSync(path.join(dir, id)).sort().map((f) => path.join(dir, id, f));
      const started = performance.now();
      const summary = await importList(database.db, { source: id, files, origin: 'import', now: new Date() });
      seconds += (performance.now() - started) / 1000;
      records += summary.rowsLoaded;
    }
    figures.push(figure(`Every state list imported: ${ids.length - missing.length} lists, ${records.toLocaleString('en-US')} records (${db})`, seconds, 's'));
    const active = (await findActiveVersions(database.db)).filter((v) => v.source.startsWith('state-'));
    const built = performance.now();
    const { index, info } = await buildIndexFromDatabase(database.db, active);
    const buildSeconds = (performance.now() - built) / 1000;
    const written = await writeIndexFile(index, path.join(dir, 'states.idx'));
    figures.push(figure(`Match index of every state list: ${info.records.toLocaleString('en-US')} records, built from the database (${db})`, buildSeconds, 's'));
    figures.push(figure(`  its file (${db})`, written.bytes / MiB, 'MiB'));
    figures.push(figure(`Every-state import peak memory (${db})`, peakRssMiB(), 'MiB'));
    return figures;
  } finally {
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
