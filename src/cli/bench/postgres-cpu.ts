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

export async function databaseServerCpuMs(ctx: AppContext): Promise<number> {
  try {
    const res = (await ctx.db.execute(sql`SELECT current_setting('data_directory') AS dir`)) as unknown as { rows: { dir: string }[] };
    const postmaster = readFileSync(path.join(res.rows[0].dir, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
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
