/** `clearlist lists update [<source>…] [--json]`: download the lists from their official URLs and import what changed. */
import path from 'node:path';
import type { AppConfig } from '#server/config';
import type { Database } from '#server/db/client';
import { mailHeldVersion } from '#server/lists/held-mail';
import { createMailer, type Mailer } from '#server/mail/mailer';
import { updateLists, type SourceUpdate, type UpdateOptions, type UpdateProgress } from '#server/lists/update';
import { findListSource } from '#lists/sources';
import { unknownListUrlSources } from '#server/lists/update-sources';
import type { Io } from './lists';

/**
 * Runs the update; exit code 1 when a configured source failed, 2 on an unknown source. A
 * version held for approval is not a failure: it is said, and the operators are mailed (ADR 109).
 */
export async function runUpdate(
  database: Database,
  config: AppConfig,
  sources: string[],
  json: boolean,
  io: Io,
  extra: Pick<UpdateOptions, 'fetch' | 'delay'> & { mailer?: Mailer } = {},
): Promise<number> {
  const { mailer: given, ...fetchOptions } = extra;
  const mailer = given ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom });
  const unknown = sources.filter((id) => !findListSource(id));
  if (unknown.length) {
    io.stderr.write(`Unknown list source: ${unknown.join(', ')}. See "clearlist lists status" for the sources.\n`);
    return 2;
  }
  for (const id of unknownListUrlSources(config)) io.stderr.write(`Warning: LIST_URLS names an unknown source "${id}"; it is ignored.\n`);
  const bar = !json && io.stdout.isTTY ? progressBar(io) : null;
  const results = await updateLists(database.db, config, sources, {
    ...fetchOptions,
    now: new Date(),
    onProgress: bar?.update,
    onSourceDone: (result) => {
      bar?.clear();
      if (!json) io.stdout.write(`${describe(result)}\n`);
    },
  });
  for (const held of results.filter((r) => r.heldVersion !== undefined)) await mailHeldVersion({ db: database.db, config, mailer }, held.heldVersion!);
  if (json) io.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else io.stdout.write(`${totals(results)}\n`);
  return results.some((r) => r.outcome === 'failed') ? 1 : 0;
}

/** One line (two for failures) per source. */
export function describe(r: SourceUpdate): string {
  if (r.outcome === 'not-configured') return `${r.source}: not configured: ${r.hint}`;
  if (r.outcome === 'unchanged') return `${r.source}: unchanged (${r.note ?? `same files as active version ${r.version}`}).`;
  if (r.outcome === 'held') {
    const kept = r.version === null ? 'no version is active' : `version ${r.version} stays active`;
    return `${r.source}: version ${r.heldVersion} HELD for approval: ${r.note}\n  (${kept}; approve or reject it in Settings → Lists)`;
  }
  if (r.outcome === 'failed') {
    const kept = r.version === null ? 'no version is active' : `version ${r.version} stays active`;
    return `${r.source}: FAILED: ${r.error}\n  (${kept})`;
  }
  const s = r.import!;
  const asOf = s.asOf ? `, data as of ${s.asOf}` : '';
  return `${r.source}: imported version ${s.version} (${s.mode}${asOf}): ${s.records} records; added ${s.added}, removed ${s.removed}, changed ${s.changed}, reinstated ${s.reinstated}; ${s.rowsRejected} rows rejected.`;
}

function totals(results: SourceUpdate[]): string {
  const count = (outcome: SourceUpdate['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return `${count('imported')} imported, ${count('held')} held for approval, ${count('unchanged')} unchanged, ${count('not-configured')} not configured, ${count('failed')} failed.`;
}

/** A one-line bar redrawn in place, at most ten times a second. */
function progressBar(io: Io) {
  let lastDraw = 0;
  let isShown = false;
  return {
    update: (p: UpdateProgress) => {
      const now = Date.now();
      if (now - lastDraw < 100 && p.bytes !== p.total) return;
      lastDraw = now;
      isShown = true;
      const width = 30;
      const done = p.total ? Math.min(width, Math.round((p.bytes / p.total) * width)) : 0;
      const meter = p.total ? ` / ${formatBytes(p.total)} [${'#'.repeat(done)}${'.'.repeat(width - done)}] ${Math.floor((p.bytes / p.total) * 100)}%` : '';
      io.stdout.write(`\r${p.source} ${p.file} ${formatBytes(p.bytes)}${meter}\x1b[K`);
    },
    clear: () => {
      if (isShown) io.stdout.write('\r\x1b[K');
      isShown = false;
    },
  };
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}
