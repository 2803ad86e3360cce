/** `clearlist lists sources`: how every list is fetched, its last fetch and its active version (issue 51). */
import { desc, eq } from 'drizzle-orm';
import { LIST_SOURCES } from '#lists/sources';
import { DOCUMENTED_LAYOUT_WORDS } from '#shared/state-lists';
import type { AppConfig } from '#server/config';
import type { Db } from '#server/db/client';
import { listChecks, listVersions } from '#server/db/schema';
import { acquisitionOf } from '#server/lists/acquisition';
import { describeListError } from '#server/lists/error-words';
import type { Io } from './lists';

export interface SourceLine {
  source: string;
  title: string;
  publisher: string;
  page: string;
  method: string;
  cadence: string;
  licensed: boolean;
  reason: string | null;
  basis: string;
  /** `documented`: its parser has not yet seen a real file of the publisher (`layout` says so in words). */
  layoutFrom: 'real' | 'documented';
  layout: string | null;
  override: boolean;
  lastFetch: { at: string; outcome: string; error: string | null } | null;
  active: { version: number; asOf: string | null; records: number; origin: string } | null;
}

/** Every source, in LIST_SOURCES order. */
export async function listSources(db: Db, config: Pick<AppConfig, 'listUrls'>): Promise<SourceLine[]> {
  const active = await db.select().from(listVersions).where(eq(listVersions.status, 'active'));
  const checks = await db.select().from(listChecks).orderBy(desc(listChecks.id)).limit(2000);
  return LIST_SOURCES.map((def) => {
    const a = acquisitionOf(def.id, config);
    const check = checks.find((c) => c.source === def.id);
    const version = active.find((v) => v.source === def.id);
    return {
      source: def.id,
      title: def.title,
      publisher: def.publisher,
      page: a.page,
      method: a.method,
      cadence: a.cadence,
      licensed: a.licensed,
      reason: a.reason,
      basis: a.basis,
      layoutFrom: def.layoutFrom ?? 'real',
      layout: def.layoutFrom === 'documented' ? DOCUMENTED_LAYOUT_WORDS : null,
      override: a.override,
      lastFetch: check ? { at: check.checkedAt.toISOString(), outcome: check.outcome, error: check.error ? describeListError(check.error) : null } : null,
      active: version ? { version: version.id, asOf: version.asOf ?? null, records: version.records, origin: version.origin } : null,
    };
  });
}

export async function printSources(db: Db, config: Pick<AppConfig, 'listUrls'>, json: boolean, io: Io): Promise<number> {
  const lines = await listSources(db, config);
  io.stdout.write(json ? `${JSON.stringify(lines, null, 2)}\n` : formatSources(lines));
  return 0;
}

/** An aligned table: source, method, cadence, last fetch; the reasons and overrides under it. */
export function formatSources(lines: SourceLine[]): string {
  const head = ['source', 'method', 'cadence', 'last fetch', 'active'];
  const rows = lines.map((s) => [
    s.source,
    `${s.method}${s.licensed ? ' (licensed)' : ''}${s.override ? ' (LIST_URLS)' : ''}`,
    s.cadence,
    s.lastFetch ? `${s.lastFetch.at.slice(0, 16).replace('T', ' ')} ${s.lastFetch.outcome}` : '-',
    s.active ? `version ${s.active.version}, ${s.active.records.toLocaleString('en-US')} records${s.active.origin === 'sample' ? ' (sample)' : ''}` : '-',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  const notes: string[] = [];
  for (const s of lines) {
    if (s.override) notes.push(`${s.source}: LIST_URLS overrides it (its files are downloaded instead of what the ${s.method} recipe finds)`);
    if (s.reason) notes.push(`${s.source}: upload: ${s.reason}`);
    if (s.layout) notes.push(`${s.source}: ${s.layout}`);
    if (s.lastFetch?.error) notes.push(`${s.source}: last fetch failed: ${s.lastFetch.error}`);
  }
  return `${[line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ...(notes.length ? ['', ...notes] : [])].join('\n')}\n`;
}
