/**
 * CPU time of this process's threads, from /proc/self/task (Linux): the main thread's, and the
 * others' split into the threads a timed run started and the helpers there before it (ADR 097).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU milliseconds of one of this process's threads (its task's user + system ticks), null when unreadable. */
function taskCpuMs(tid: string): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** CPU milliseconds of this process's main thread, null where /proc cannot be read. */
export const mainThreadCpuMs = (): number | null => taskCpuMs(String(process.pid));

/** CPU milliseconds of each of this process's threads but the main one, by thread id (empty without /proc). */
export function threadCpuMs(): Map<string, number> {
  const out = new Map<string, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    if (tid === String(process.pid)) continue;
    const ms = taskCpuMs(tid);
    // A thread that ended meanwhile is left out.
    if (ms !== null) out.set(tid, ms);
  }
  return out;
}

/**
 * The other threads' CPU over a run split: threads started during it (the screening pool),
 * threads there before and still there (V8's garbage collector and compiler helpers, libuv's),
 * and threads that ended before the run did (their CPU is in the process's total only).
 */
export function otherThreadsSplit(
  before: Map<string, number>,
  after: Map<string, number>,
  otherMs: number,
): { started: number; helpers: number; ended: number; helpersByName: Map<string, number> } {
  let started = 0;
  let helpers = 0;
  // The helpers by their thread's name (V8's platform workers, libuv's pool, the index store's thread…).
  const helpersByName = new Map<string, number>();
  for (const [tid, ms] of after) {
    const was = before.get(tid);
    if (was === undefined) started += ms;
    else {
      helpers += ms - was;
      const name = taskName(tid);
      helpersByName.set(name, (helpersByName.get(name) ?? 0) + ms - was);
    }
  }
  return { started, helpers, ended: Math.max(0, otherMs - started - helpers), helpersByName };
}

/** A thread's name (its task's comm), '?' once it has ended. */
function taskName(tid: string): string {
  try {
    return readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}
