/** Bench: importing a LEIE-size file and NPPES-layout files, on PGlite and PostgreSQL. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importList } from '#server/lists/import';
import { writeLeie } from '../../../scripts/gen-lists/federal';
import { writeNppes } from '../../../scripts/gen-lists/ofac-nppes-dmf';
import { openBenchDatabase } from './bench-db';
import { figure, peakRssMiB, type Figure } from './measure';

export async function benchLeieImport(db: 'pglite' | 'postgres', rows = 80_000): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-leie-'));
  const file = path.join(dir, 'UPDATED.csv');
  await writeLeie(file, rows, 7);
  const { database, dispose } = await openBenchDatabase(db);
  try {
    const started = performance.now();
    const summary = await importList(database.db, { source: 'leie', files: [file], origin: 'import', now: new Date() });
    const seconds = (performance.now() - started) / 1000;
    return [
      figure(`LEIE import, ${summary.rowsLoaded.toLocaleString('en-US')} rows (${db})`, seconds, 's', { max: 5, text: '< 5 s' }),
      figure(`LEIE import peak memory (${db})`, peakRssMiB(), 'MiB'),
    ];
  } finally {
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchNppesImport(db: 'pglite' | 'postgres', rows = 200_000): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-nppes-'));
  const file = path.join(dir, 'npidata_pfile_20050523-20240428.csv');
  await writeNppes(file, rows, 7);
  const { database, dispose } = await openBenchDatabase(db);
  try {
    const started = performance.now();
    const summary = await importList(database.db, { source: 'nppes', files: [file], origin: 'import', now: new Date() });
    const seconds = (performance.now() - started) / 1000;
    return [
      figure(`NPPES import rate, ${summary.rowsLoaded.toLocaleString('en-US')} rows (${db})`, summary.rowsLoaded / seconds, 'rows/s', { min: 50_000, text: '≥ 50,000 rows/s' }),
      figure(`NPPES import peak memory (${db})`, peakRssMiB(), 'MiB', { max: 1024, text: '< 1 GB' }),
    ];
  } finally {
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
