/**
 * CPU time used so far by a local PostgreSQL server's processes (the postmaster and its
 * backends), read from /proc: the bench's database work on PostgreSQL happens there, not in
 * the bench's own process. Linux only; answers 0 when the server's files cannot be read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context';

const TICKS_PER_SECOND = 100;

function cpuTicksOf(pid: string): { ppid: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: fields[1], ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null;
  }
}

async function postmasterPid(ctx: Pick<AppContext, 'db'>): Promise<string> {
  const res = (await ctx.db.execute(sql`SELECT current_setting('data_directory') AS dir`)) as unknown as { rows: { dir: string }[] };
  return readFileSync(path.join(res.rows[0].dir, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
}

export async function databaseServerCpuMs(ctx: Pick<AppContext, 'db'>): Promise<number> {
  try {
    const postmaster = await postmasterPid(ctx);
    let ticks = cpuTicksOf(postmaster)?.ticks ?? 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const p = cpuTicksOf(pid);
      if (p?.ppid === postmaster) ticks += p.ticks;
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * The server's CPU so far by kind of process (ADR 080): `backends` (the connections' statements),
 * each background process by its title (walwriter, checkpointer, …), and `exited` — the children
 * the postmaster reaped, autovacuum's workers mostly, which are gone before they can be read.
 */
export async function databaseServerCpuByKind(ctx: Pick<AppContext, 'db'>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const add = (kind: string, ticks: number) => (out[kind] = (out[kind] ?? 0) + (ticks * 1000) / TICKS_PER_SECOND);
  try {
    const postmaster = await postmasterPid(ctx);
    const stat = readFileSync(`/proc/${postmaster}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    add('postmaster', Number(fields[11]) + Number(fields[12]));
    add('exited', Number(fields[13]) + Number(fields[14]));
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const p = cpuTicksOf(pid);
      if (p?.ppid !== postmaster) continue;
      let title = '';
      try {
        title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      } catch {
        continue;
      }
      const background = /^postgres: (autovacuum launcher|autovacuum worker|walwriter|checkpointer|background writer|logical replication launcher|stats collector|archiver)/.exec(title);
      add(background ? background[1] : 'backends', p.ticks);
    }
  } catch {
    // unreadable: nothing
  }
  return out;
}

/** Proportional memory (Pss, shared buffers counted once) of a process, in KiB; 0 when unreadable. */
function pssKiB(pid: string): number {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Samples the memory of a local PostgreSQL server (postmaster and backends, Pss summed) every
 * `everyMs` until stopped; answers the peak in MiB (0 when the server's files cannot be read).
 */
export async function watchDatabaseServerMemory(ctx: Pick<AppContext, 'db'>, everyMs = 1000): Promise<{ stop(): number }> {
  let postmaster: string | null = null;
  try {
    postmaster = await postmasterPid(ctx);
  } catch {
    postmaster = null;
  }
  let peak = 0;
  const sample = (): void => {
    if (!postmaster) return;
    let kib = pssKiB(postmaster);
    for (const pid of readdirSync('/proc')) {
      if (/^\d+$/.test(pid) && cpuTicksOf(pid)?.ppid === postmaster) kib += pssKiB(pid);
    }
    peak = Math.max(peak, kib / 1024);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
