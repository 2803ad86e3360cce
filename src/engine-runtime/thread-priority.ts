/**
 * The screening threads' scheduling priority (ADR 088). On the embedded database one process's
 * main thread answers requests and runs every database statement while the pool's threads screen
 * beside it; with three threads wanting two cores the main thread got ~68 % of a core while it
 * had work ~95 % of the time. A nice value above the main thread's lets it run first, the
 * screening threads taking what it leaves.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Sets the calling thread's nice value to `nice` more than its process's (Linux: a thread's
 * priority is its own, set by its thread id). Answers the value set, or null where threads have
 * no priority of their own (other systems) or it could not be set; screening goes on either way.
 */
export function lowerThisThreadPriority(nice: number): number | null {
  if (!nice || process.platform !== 'linux') return null;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return null;
    const target = Math.min(19, getPriority(process.pid) + nice);
    setPriority(tid, target);
    return getPriority(tid);
  } catch {
    return null;
  }
}
