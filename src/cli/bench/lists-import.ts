/** Bench: importing a LEIE-size file, NPPES-layout files and the largest state files, on PGlite and PostgreSQL. */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importList } from '#server/lists/import';
import { writeLeie } from '../../../scripts/gen-lists/federal';
import { writeNppes } from '../../../scripts/gen-lists/ofac-nppes-dmf';
import { writeMoreStates } from '../../../scripts/gen-lists/states-more';
import { writePdfStates } from '../../../scripts/gen-lists/states-pdf';
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

/**
 * The largest state files: the real ones in ../shared/data/real/states when that folder is
 * beside the project (New York's 2026 XLSX, 8,931 rows, the most rows; Louisiana's CSV export,
 * the most bytes; Maine's 81-page PDF, the largest PDF), else synthetic files of the same layouts and sizes.
 */
export async function benchStateImport(db: 'pglite' | 'postgres'): Promise<Figure[]> {
  const realDir = fileURLToPath(new URL('../../../../shared/data/real/states/', import.meta.url));
  const dir = mkdtempSync(path.join(tmpdir(), 'clearlist-bench-state-'));
  let files: { source: string; file: string; label: string }[];
  if (existsSync(realDir)) {
    files = [
      { source: 'state-ny', file: path.join(realDir, 'NY/NYSOMIGExclusionsList.xlsx'), label: 'NY OMIG XLSX (real, 2026)' },
      { source: 'state-la', file: path.join(realDir, 'LA/Louisiana list.csv'), label: 'LA adverse actions CSV (real, 2026)' },
      { source: 'state-me', file: path.join(realDir, 'ME/Maine list.pdf'), label: 'ME MaineCare PDF, 81 pages (real, 2026)' },
    ];
  } else {
    await writeMoreStates(dir, 9_000, 7);
    await writePdfStates(dir, 1_100, 7);
    files = [
      { source: 'state-la', file: path.join(dir, 'state-la/la-adverse-actions.csv'), label: 'LA layout CSV (synthetic)' },
      { source: 'state-me', file: path.join(dir, 'state-me/mainecare-pi0008-pm-monthly-exclusion-report.pdf'), label: 'ME layout PDF (synthetic)' },
    ];
  }
  const { database, dispose } = await openBenchDatabase(db);
  try {
    const figures: Figure[] = [];
    for (const { source, file, label } of files) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const summary = await importList(database.db, { source, files: [file], origin: 'import', now: new Date() });
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      figures.push(figure(`State import: ${label}, ${summary.rowsLoaded.toLocaleString('en-US')} rows, ${(statSync(file).size / 1024).toFixed(0)} KiB (${db})`, seconds, 's'));
      figures.push(figure(`  the same, CPU time (${db})`, (used.user + used.system) / 1e6, 's'));
    }
    figures.push(figure(`State import peak memory (${db})`, peakRssMiB(), 'MiB'));
    return figures;
  } finally {
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
