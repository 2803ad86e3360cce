/**
 * Helpers of the swap figures of index-start-1m (ADR 068): a second version of one list (its
 * records copied in SQL with a few changed, left inactive, ADR 086), the switch between the two, and a probe that keeps
 * answering searches every few ms while a swap runs (the longest answer and the longest gap).
 */
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import type { SearchIndex } from '#engine/index-parts';
import { screen } from '#engine/screen';
import { syntheticIndividuals } from '#engine/synthetic-records';
import type { Db } from '#server/db/client';
import { rowsOf } from '#server/db/rows';
import { listVersions } from '#server/db/schema';

/** The list whose new version the swap brings: SAM, the largest part of the bench's index. */
export const SWAPPED_SOURCE = 'sam';
const PROBE_EVERY_MS = 5;

/** Of every 200 records of the old version, one is removed, one changed and one copied under a new id in the new one (ADR 086). */
const CHANGE_EVERY = 200;

/**
 * A second version of `source` (inactive), as a list update brings it: the old version's records
 * with 1 in CHANGE_EVERY removed, 1 changed (its last name, where it has one) and 1 added (a copy
 * under a new id), its changes stored in list_changes as an import's diff stores them; returns the
 * ids of both and the count of each change.
 */
export async function prepareNewVersion(db: Db, source: string): Promise<{ old: number; next: number; changes: { added: number; changed: number; removed: number } }> {
  const [old] = await db.select().from(listVersions).where(and(eq(listVersions.source, source), eq(listVersions.status, 'active')));
  if (!old) throw new Error(`no active ${source} version`);
  const { id: _id, ...row } = old;
  const [next] = await db
    .insert(listVersions)
    .values({ ...row, status: 'superseded', fileSha256: ['bench-swap'], createdAt: new Date(), fetchedAt: new Date(), activatedAt: null })
    .returning({ id: listVersions.id });
  const pick = sql.raw(`mod(hashtext(record_id)::bigint + 2147483648, ${CHANGE_EVERY})`);
  const changes = sql.raw(`mod(hashtext(record_id)::bigint + 2147483648, ${CHANGE_EVERY}) = 1 AND data LIKE '%"lastName":"%'`);
  await db.execute(sql`INSERT INTO list_records (version_id, record_id, data)
    SELECT ${next.id}, record_id, CASE WHEN ${changes} THEN replace(data, '"lastName":"', '"lastName":"Z') ELSE data END
    FROM list_records WHERE version_id = ${old.id} AND ${pick} <> 0`);
  await db.execute(sql`INSERT INTO list_records (version_id, record_id, data)
    SELECT ${next.id}, record_id || '-new', replace(data, '"sourceRecordId":' || to_json(record_id)::text, '"sourceRecordId":' || to_json(record_id || '-new')::text)
    FROM list_records WHERE version_id = ${old.id} AND ${pick} = 2`);
  await db.execute(sql`INSERT INTO list_changes (version_id, record_id, change)
    SELECT ${next.id}::int, record_id, 'removed' FROM list_records WHERE version_id = ${old.id} AND ${pick} = 0
    UNION ALL SELECT ${next.id}::int, record_id, 'changed' FROM list_records WHERE version_id = ${old.id} AND ${changes}
    UNION ALL SELECT ${next.id}::int, record_id || '-new', 'added' FROM list_records WHERE version_id = ${old.id} AND ${pick} = 2`);
  const counts = await rowsOf<{ change: string; n: number }>(db, sql`SELECT change, count(*)::int AS n FROM list_changes WHERE version_id = ${next.id} GROUP BY change`);
  const n = (c: string): number => Number(counts.find((r) => r.change === c)?.n ?? 0);
  // The bench's versions do not carry their count (loadRecords): the new one's is counted here.
  const [{ records }] = await rowsOf<{ records: number }>(db, sql`SELECT count(*)::int AS records FROM list_records WHERE version_id = ${next.id}`);
  await db.update(listVersions).set({ records, added: n('added'), changed: n('changed'), removed: n('removed') }).where(eq(listVersions.id, next.id));
  return { old: old.id, next: next.id, changes: { added: n('added'), changed: n('changed'), removed: n('removed') } };
}

/** Makes `active` the active version of its source and the other one superseded. */
export async function switchVersion(db: Db, active: number, other: number): Promise<void> {
  await db.update(listVersions).set({ status: 'superseded' }).where(eq(listVersions.id, other));
  await db.update(listVersions).set({ status: 'active' }).where(eq(listVersions.id, active));
}

export interface ProbeResult {
  answers: number;
  /** The longest time from when a search was due to its answer. */
  maxMs: number;
  /** The 99th percentile of the same. */
  p99Ms: number;
  /** When the longest wait ended, in ms from the probe's start (to set beside the swap's log, ADR 086). */
  maxAtMs?: number;
  /** Every wait of 20 ms or more: when it ended (ms from the probe's start) and how long it was. */
  slow?: { atMs: number; ms: number }[];
}

/**
 * Screens a name every PROBE_EVERY_MS against the index in force while `run` runs, as the server's
 * searches would; returns what `run` returned and how late the answers were.
 */
export async function withProbe<T>(indexOf: () => SearchIndex, run: () => Promise<T>): Promise<{ value: T; probe: ProbeResult }> {
  const queries = syntheticIndividuals(64, 77);
  const late: number[] = [];
  const t0 = performance.now();
  let maxAtMs = 0;
  let due = performance.now() + PROBE_EVERY_MS;
  let stop = false;
  let n = 0;
  let longest = 0;
  const slow: { atMs: number; ms: number }[] = [];
  const tick = (): void => {
    if (stop) return;
    screen(indexOf(), queries[n++ % queries.length]);
    const now = performance.now();
    if (now - due >= longest) {
      longest = now - due;
      maxAtMs = now - t0;
    }
    late.push(now - due);
    if (now - due >= 20) slow.push({ atMs: now - t0, ms: now - due });
    due = Math.max(due + PROBE_EVERY_MS, now);
    setTimeout(tick, Math.max(0, due - performance.now()));
  };
  setTimeout(tick, PROBE_EVERY_MS);
  try {
    const value = await run();
    return { value, probe: { ...summary(late), maxAtMs, slow } };
  } finally {
    stop = true;
  }
}

function summary(late: number[]): ProbeResult {
  const sorted = [...late].sort((a, b) => a - b);
  return { answers: late.length, maxMs: sorted.at(-1) ?? 0, p99Ms: sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? 0 };
}

/** What held the serving thread during a swap: its garbage collections and the event loop's delay (ADR 081). */
export interface PauseWatch {
  gcCount: number;
  gcTotalMs: number;
  gcLongestMs: number;
  gcLongestKind: string;
  loopP99Ms: number;
  loopMaxMs: number;
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** Starts watching this thread's garbage collections and event loop delay; `stop()` gives the totals. */
export function watchPauses(): { stop: () => PauseWatch } {
  const w: PauseWatch = { gcCount: 0, gcTotalMs: 0, gcLongestMs: 0, gcLongestKind: '-', loopP99Ms: 0, loopMaxMs: 0 };
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.gcCount += 1;
      w.gcTotalMs += e.duration;
      if (e.duration > w.gcLongestMs) {
        w.gcLongestMs = e.duration;
        w.gcLongestKind = GC_KINDS[(e as unknown as { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
      }
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  return {
    stop: () => {
      loop.disable();
      gc.disconnect();
      return { ...w, loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 };
    },
  };
}
