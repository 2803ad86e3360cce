/**
 * Where a local PostgreSQL server's CPU per batch row goes during a bench run (issue 21,
 * ADR 085): its CPU by kind of process, the autovacuum passes the run set off, the WAL it wrote,
 * what its connections waited on (sampled), and its statements — the job queue's apart.
 * `startBreakdown` before the run, `figures` after; parts the server does not offer (no
 * pg_stat_statements preloaded) are left out.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context';
import { figure, type Figure } from './measure';
import { databaseServerCpuByKind } from './postgres-cpu';

type Ctx = Pick<AppContext, 'db'>;
const rowsOf = async <T>(ctx: Ctx, query: ReturnType<typeof sql>): Promise<T[]> => ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

interface Passes {
  relname: string;
  vacuums: number;
  analyzes: number;
}
const passesNow = (ctx: Ctx) =>
  rowsOf<Passes>(ctx, sql`SELECT relname, autovacuum_count::int AS vacuums, autoanalyze_count::int AS analyzes FROM pg_stat_user_tables WHERE relname IN ('batch_results', 'batch_rows', 'batch_chunks', 'list_records') ORDER BY relname`);

/** Connections opened so far to the current database (each a process whose CPU lands in 'exited' when it closes). */
const sessionsNow = async (ctx: Ctx): Promise<number> => {
  const [s] = await rowsOf<{ n: number }>(ctx, sql`SELECT sessions::int AS n FROM pg_stat_database WHERE datname = current_database()`).catch(() => [{ n: 0 }]);
  return s?.n ?? 0;
};

interface Wal {
  records: number;
  fpi: number;
  bytes: number;
}
const walNow = async (ctx: Ctx): Promise<Wal | null> => {
  try {
    const [w] = await rowsOf<Wal>(ctx, sql`SELECT wal_records::float AS records, wal_fpi::float AS fpi, wal_bytes::float AS bytes FROM pg_stat_wal`);
    return w;
  } catch {
    return null;
  }
};

/**
 * The server's log (scripts/with-postgres.mjs writes it beside the data folder): with
 * `-c log_autovacuum_min_duration=0` each autovacuum pass logs its CPU, the one figure of
 * autovacuum's cost that closed connections do not blur (their CPU also lands in 'exited').
 */
async function serverLog(ctx: Ctx): Promise<string | null> {
  try {
    const [r] = await rowsOf<{ dir: string }>(ctx, sql`SELECT current_setting('data_directory') AS dir`);
    const file = path.join(path.dirname(r.dir), 'server.log');
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** CPU (ms) of the autovacuum passes logged since `offset`, by pass and table. */
export function autovacuumCpuFromLog(text: string): Map<string, { passes: number; ms: number }> {
  const out = new Map<string, { passes: number; ms: number }>();
  for (const entry of text.split(/\n(?=\S)/)) {
    const what = /automatic (vacuum|analyze) of table "[^"]*?\.?([a-z_0-9]+)"/.exec(entry);
    const cpu = /CPU: user: ([\d.]+) s, system: ([\d.]+) s/.exec(entry);
    if (!what || !cpu) continue;
    const key = `${what[1]} ${what[2]}`;
    const seen = out.get(key) ?? { passes: 0, ms: 0 };
    out.set(key, { passes: seen.passes + 1, ms: seen.ms + (Number(cpu[1]) + Number(cpu[2])) * 1000 });
  }
  return out;
}

/** What the server's connections (other than the sampler's) are doing, sampled every `everyMs`. */
function sampleWaits(ctx: Ctx, everyMs: number) {
  const counts = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const tick = async () => {
    while (!stopped) {
      const rows = await rowsOf<{ what: string; n: number }>(
        ctx,
        sql`SELECT CASE WHEN state = 'active' THEN coalesce(wait_event_type || ':' || wait_event, 'on CPU') ELSE 'idle' END AS what, count(*)::int AS n
            FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() GROUP BY 1`,
      ).catch(() => []);
      samples += 1;
      for (const r of rows) if (r.what !== 'idle') counts.set(r.what, (counts.get(r.what) ?? 0) + r.n);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
  const done = tick();
  return {
    async stop() {
      stopped = true;
      await done;
      return { samples, counts };
    },
  };
}

/** Starts watching; `figures(rows, chunks)` answers what the run cost PostgreSQL per 1,000 rows. */
export async function startBreakdown(ctx: Ctx, label: string, hasStatements: boolean) {
  const cpuBefore = await databaseServerCpuByKind(ctx);
  const passesBefore = new Map((await passesNow(ctx)).map((p) => [p.relname, p]));
  const walBefore = await walNow(ctx);
  const sessionsBefore = await sessionsNow(ctx);
  const log = await serverLog(ctx);
  const logFrom = log ? statSync(log).size : 0;
  const waits = sampleWaits(ctx, 100);
  return {
    async figures(rows: number, chunks: number): Promise<Figure[]> {
      const per1k = (v: number) => v / (rows / 1000);
      const out: Figure[] = [];
      const { samples, counts } = await waits.stop();
      const cpu = await databaseServerCpuByKind(ctx);
      for (const [kind, ms] of Object.entries(cpu)) {
        const spent = ms - (cpuBefore[kind] ?? 0);
        if (spent >= 1) out.push(figure(`${label}: PostgreSQL CPU per 1,000 rows, ${kind}`, per1k(spent), 'ms'));
      }
      for (const p of await passesNow(ctx)) {
        const before = passesBefore.get(p.relname);
        const vacuums = p.vacuums - (before?.vacuums ?? 0);
        const analyzes = p.analyzes - (before?.analyzes ?? 0);
        out.push(figure(`${label}: autovacuum passes on ${p.relname} during the run (${vacuums} vacuums, ${analyzes} analyzes)`, vacuums + analyzes, ''));
      }
      out.push(figure(`${label}: connections opened during the run (their CPU is in 'exited' once closed)`, (await sessionsNow(ctx)) - sessionsBefore, ''));
      if (log) {
        const text = readFileSync(log).subarray(logFrom).toString('utf8');
        // The batch and list tables by pass; the catalogs and the queue's tables together.
        const shown = new Map<string, { passes: number; ms: number }>();
        for (const [key, p] of autovacuumCpuFromLog(text)) {
          const name = /(batch_|list_records)/.test(key) ? key : 'the other tables';
          const seen = shown.get(name) ?? { passes: 0, ms: 0 };
          shown.set(name, { passes: seen.passes + p.passes, ms: seen.ms + p.ms });
        }
        for (const [key, p] of shown) out.push(figure(`${label}: autovacuum CPU per 1,000 rows, ${key} (${p.passes} passes, from the server's log)`, per1k(p.ms), 'ms'));
      }
      const wal = await walNow(ctx);
      if (wal && walBefore) {
        out.push(figure(`${label}: WAL per 1,000 rows (${n(wal.records - walBefore.records)} records, ${n(wal.fpi - walBefore.fpi)} full pages)`, per1k(wal.bytes - walBefore.bytes) / 1_048_576, 'MiB'));
      }
      // Connections busy, by what they were doing, on average over the samples (1 = one connection all the time).
      const busy = [...counts.entries()].sort((a, b) => b[1] - a[1]);
      for (const [what, c] of busy.slice(0, 6)) out.push(figure(`${label}: connections ${what === 'on CPU' ? 'running' : `waiting on ${what}`}, mean over ${samples} samples`, c / Math.max(samples, 1), ''));
      if (hasStatements) out.push(...(await statementFigures(ctx, rows, chunks, label)));
      return out;
    },
  };
}

const n = (v: number) => Math.round(v).toLocaleString('en-US');

/** All statements of the run and the job queue's (pg-boss's schema, the heartbeat, the pause) apart: calls per chunk and time per 1,000 rows. */
async function statementFigures(ctx: Ctx, rows: number, chunks: number, label: string): Promise<Figure[]> {
  const [t] = await rowsOf<{ calls: number; ms: number; qcalls: number; qms: number }>(
    ctx,
    sql`SELECT sum(calls)::int AS calls, sum(total_exec_time)::float AS ms,
               coalesce(sum(calls) FILTER (WHERE query ~* 'pgboss|queue_workers|"settings"'), 0)::int AS qcalls,
               coalesce(sum(total_exec_time) FILTER (WHERE query ~* 'pgboss|queue_workers|"settings"'), 0)::float AS qms
        FROM pg_stat_statements WHERE query NOT ILIKE '%pg_stat%'`,
  );
  const per1k = (v: number) => v / (rows / 1000);
  return [
    figure(`${label}: statements per chunk (${n(t.calls)} in all, ${chunks} chunks)`, t.calls / Math.max(chunks, 1), ''),
    figure(`${label}: all statements' time per 1,000 rows (waits included)`, per1k(t.ms), 'ms'),
    figure(`${label}: the job queue's statements per chunk (${n(t.qcalls)}: pg-boss, heartbeat, pause)`, t.qcalls / Math.max(chunks, 1), ''),
    figure(`${label}: the job queue's statements' time per 1,000 rows`, per1k(t.qms), 'ms'),
  ];
}
