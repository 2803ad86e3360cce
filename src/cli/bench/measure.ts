import { readFileSync } from 'node:fs';
/** Figures a bench scenario reports: named numbers with units, plus the process's peak memory. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target, when the issue sets one, e.g. "< 5 s". */
  target?: string;
  /** True when the figure meets its target. */
  isMet?: boolean;
}

export function figure(name: string, value: number, unit: string, target?: { max?: number; min?: number; text: string }): Figure {
  const isMet = target ? (target.max === undefined || value <= target.max) && (target.min === undefined || value >= target.min) : undefined;
  return { name, value, unit, target: target?.text, isMet };
}

/** Peak resident memory of this process so far, in MiB. */
export function peakRssMiB(): number {
  return process.resourceUsage().maxRSS / 1024;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * CPU time of this process's finished child processes (e.g. `openssl dgst` hashing an import's
 * file), in seconds: `cutime` + `cstime` of /proc/self/stat; 0 where there is no /proc.
 */
export function childrenCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]); // fields 16 and 17 of proc(5)
    return Number.isFinite(ticks) ? ticks / 100 : 0;
  } catch {
    return 0;
  }
}

/**
 * What this process's main thread waited for, so far, in seconds: `runQueue` is the time it was
 * ready to run but waited for a core (/proc/self/schedstat's second field: the other processes'
 * load), `diskRead` the bytes the process read from storage rather than the page cache
 * (/proc/self/io). Wall time less `runQueue` is what the same work takes with a core free for
 * it. Zeros where there is no /proc.
 */
export function mainThreadWaits(): { runQueueSeconds: number; diskReadBytes: number } {
  try {
    const [, runDelayNs] = readFileSync('/proc/self/schedstat', 'utf8').trim().split(' ').map(Number);
    const io = readFileSync('/proc/self/io', 'utf8');
    const diskReadBytes = Number(/^read_bytes: (\d+)$/m.exec(io)?.[1] ?? 0);
    return { runQueueSeconds: Number.isFinite(runDelayNs) ? runDelayNs / 1e9 : 0, diskReadBytes };
  } catch {
    return { runQueueSeconds: 0, diskReadBytes: 0 };
  }
}
