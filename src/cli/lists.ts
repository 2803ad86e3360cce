/** `clearlist lists import|status|update|sources`: the lists from the command line. */
import { formatMegabytes } from '#shared/disk-space';
import { freeBytesOf, UPLOAD_MIN_FREE_BYTES } from '#server/http/disk-space';
import { parseArgs } from 'node:util';
import type { ListStatus } from '#shared/lists';
import { parseEnv, toAppConfig } from '#server/config';
import type { Database } from '#server/db/client';
import { ImportRefusedError, type ImportSummary } from '#server/lists/import';
import { importManualFiles } from '#server/lists/manual-import';
import { listStatuses } from '#server/lists/status';
import { openConfiguredDatabase } from '#server/main';
import { count, progressLine } from './progress';
import { LISTS_USAGE } from './usage';

export { LISTS_USAGE };

export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream;
}

export async function runLists(argv: string[], io: Io): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { json: { type: 'boolean', default: false }, mode: { type: 'string' } },
  });
  if (sub !== 'import' && sub !== 'status' && sub !== 'update' && sub !== 'sources') {
    io.stderr.write(`${LISTS_USAGE}\n`);
    return 2;
  }
  const env = parseEnv(process.env);
  const database = await openConfiguredDatabase(env);
  try {
    if (sub === 'status') return await printStatus(database, values.json ?? false, io);
    if (sub === 'sources') {
      const { printSources } = await import('./lists-sources');
      return await printSources(database.db, toAppConfig(env, undefined), values.json ?? false, io);
    }
    if (sub === 'update') {
      const { runUpdate } = await import('./lists-update');
      return await runUpdate(database, toAppConfig(env, undefined), positionals, values.json ?? false, io);
    }
    const [source, ...files] = positionals;
    if (!source || files.length === 0) {
      io.stderr.write(`${LISTS_USAGE}\n`);
      return 2;
    }
    const mode = values.mode === 'full' || values.mode === 'incremental' ? values.mode : undefined;
    // A nearly full disk takes no import (issue 53 item 4): said before a row is read.
    const free = env.DATABASE_URL ? null : await freeBytesOf(env.DATA_DIR);
    if (free !== null && free < UPLOAD_MIN_FREE_BYTES) {
      io.stderr.write(`Import refused: DATA_DIR ${env.DATA_DIR} has ${formatMegabytes(free)} free, under the ${formatMegabytes(UPLOAD_MIN_FREE_BYTES)} an import needs. Free space on that disk.\n`);
      return 1;
    }
    return await runImport(database, { source, files, mode, json: values.json ?? false }, io);
  } finally {
    await database.close();
  }
}

async function runImport(database: Database, args: { source: string; files: string[]; mode?: 'full' | 'incremental'; json: boolean }, io: Io) {
  try {
    const progress = args.json ? null : progressLine(io.stdout);
    const onProgress = progress ? (rows: number) => progress.update(`${args.source}: ${count(rows)} rows read`) : undefined;
    let summary: ImportSummary;
    try {
      summary = await importManualFiles(database.db, { source: args.source, files: args.files, mode: args.mode, now: new Date(), onProgress });
    } finally {
      progress?.clear();
    }
    io.stdout.write(args.json ? `${JSON.stringify(toJson(summary))}\n` : describe(summary));
    return 0;
  } catch (error) {
    if (!(error instanceof ImportRefusedError)) throw error;
    if (args.json) io.stdout.write(`${JSON.stringify({ ...(error.summary ? toJson(error.summary) : { source: args.source }), error: error.message })}\n`);
    io.stderr.write(`Import refused: ${error.message}\n`);
    return 1;
  }
}

function toJson(summary: ImportSummary) {
  const { rejected, ...rest } = summary;
  return { ...rest, rejectedRows: rejected.slice(0, 100) };
}

function describe(s: ImportSummary): string {
  const lines = [
    `${s.source}: version ${s.version} is active (${s.mode}${s.asOf ? `, data as of ${s.asOf}` : ''}).`,
    `  rows read ${s.rowsRead}, loaded ${s.rowsLoaded}, rejected ${s.rowsRejected}`,
    `  added ${s.added}, removed ${s.removed}, changed ${s.changed}, reinstated ${s.reinstated}; ${s.records} active records`,
  ];
  for (const reason of s.comparison?.reasons ?? []) lines.push(`  compared with version ${s.comparison!.against}: ${reason.words}`);
  for (const row of s.rejected.slice(0, 20)) lines.push(`  rejected: ${row.file ?? ''} line ${row.line}: ${row.reason}`);
  if (s.rejected.length > 20) lines.push(`  … and ${s.rowsRejected - 20} more rejected rows`);
  return `${lines.join('\n')}\n`;
}

async function printStatus(database: Database, json: boolean, io: Io): Promise<number> {
  const statuses = await listStatuses(database.db);
  if (json) {
    io.stdout.write(`${JSON.stringify(statuses, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(formatTable(statuses));
  return 0;
}

function formatTable(statuses: ListStatus[]): string {
  const head = ['source', 'version', 'as of', 'records', 'last check', 'last error'];
  const rows = statuses.map((s) => [
    s.source,
    s.version === null ? '-' : `${s.version}${s.origin === 'sample' ? ' (sample)' : ''}`,
    s.asOf ?? '-',
    String(s.records),
    s.lastChecked?.slice(0, 16).replace('T', ' ') ?? '-',
    s.lastError ? s.lastError.slice(0, 60) : '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return `${[line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')}\n`;
}
