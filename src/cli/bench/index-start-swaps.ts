/**
 * The swap figures of index-start-1m (CLEARLIST_BENCH_INDEX_ONLY=swaps or sam, ADR 081, 086): the SAM part
 * built from the database (as before ADR 086) and from the old part's records file plus the new
 * version's changes (after), interleaved twice, then loaded from its file; with `swaps` also the one
 * part (INDEX_PARTS=one). Each in a child process of its own, with what held the serving thread.
 */
import { loadavg } from 'node:os';
import type { PartCounts } from '#server/screening/index-store';
import { SWAPPED_SOURCE, type PauseWatch, type ProbeResult } from './index-swap';
import { figure, type Figure } from './measure';

/** What a phase of index-start-1m measured, in its own process. */
export interface PhaseResult {
  ms: number;
  cpuMs: number;
  peakMiB: number;
  rssMiB: number;
  records: number;
  loads?: number;
  builds?: number;
  hash?: string;
  /** Resident memory with the old index in force, before the swap began. */
  rssBeforeMiB?: number;
  probe?: ProbeResult;
  parts?: PartCounts;
  /** The database reads of the swap on this thread: count, total and longest ms (ADR 077), rows read (ADR 086). */
  reads?: { count: number; totalMs: number; longestMs: number; rows?: number };
  /** The serving thread's garbage collections during the swap (ADR 081). */
  pauses?: PauseWatch;
}

export interface SwapRun {
  dir: string;
  versions: { old: number; next: number; changes: { added: number; changed: number; removed: number } };
  load: number[];
  samOnly: boolean;
  onPostgres: boolean;
  /** The parts' records files written at the setup (ADR 086), and their index files' size. */
  recordsWritten: { bytes: number; ms: number; records: number };
  indexBytes: number;
  /** Runs a phase in a child process: (phase, dir, versions, on the thread, from the records file). */
  run: (phase: string, dir: string, versions: { old: number; next: number }, inThread?: boolean, fromRecords?: boolean) => PhaseResult;
}

const MiB = 1_048_576;

/** The swaps on the thread path, interleaved; see the file's comment. */
export function swapFigures(r: SwapRun): Figure[] {
  const sam = [
    [`${SWAPPED_SOURCE} part from the database (before ADR 086)`, 'swap-part-build', false],
    [`${SWAPPED_SOURCE} part from its records file and the changes (after)`, 'swap-part-build', true],
    [`${SWAPPED_SOURCE} part from the database (before ADR 086), again`, 'swap-part-build', false],
    [`${SWAPPED_SOURCE} part from its records file and the changes (after), again`, 'swap-part-build', true],
    [`${SWAPPED_SOURCE} part from its file`, 'swap-part-file', false],
  ] as const;
  const one = [
    ['one part (INDEX_PARTS=one) from the database', 'swap-one-build', false],
    ['one part (INDEX_PARTS=one) from its file', 'swap-one-file', false],
  ] as const;
  const runs = r.samOnly ? sam : [...sam, ...one];
  const results = runs.map(([name, phase, fromRecords]) => {
    const result = r.run(phase, r.dir, r.versions, true, fromRecords);
    r.load.push(loadavg()[0]);
    return [name, result, fromRecords] as const;
  });
  // The same parts whichever way the changed one was made (content hash).
  const built = results.filter((_, i) => runs[i][1] === 'swap-part-build').map(([, p]) => p.hash);
  const same = built.every((h) => h === built[0]);
  const viaRecords = results.filter(([, , fromRecords]) => fromRecords).every(([, p]) => p.parts?.fromRecords === 1);
  const s = (ms: number) => ms / 1000;
  const { added, changed, removed } = r.versions.changes;
  return [
    figure('index-start: database', r.onPostgres ? 1 : 0, r.onPostgres ? '(PostgreSQL)' : '(PGlite on disk)'),
    figure(`index-start: the new ${SWAPPED_SOURCE} version's changes`, added + changed + removed, `records (${added} added, ${changed} changed, ${removed} removed)`),
    figure('index-start: records files of the parts at the start, size', r.recordsWritten.bytes / MiB, `MiB for ${r.recordsWritten.records.toLocaleString('en-US')} records (index files ${(r.indexBytes / MiB).toFixed(0)} MiB)`),
    figure('index-start: records files of the parts at the start, write time on the index thread', s(r.recordsWritten.ms), 's'),
    figure(`index-start: the ${SWAPPED_SOURCE} part from its records file is the part built from the database (content hash)`, same ? 1 : 0, 'yes=1', { min: 1, text: '1' }),
    figure(`index-start: the "after" swaps built the ${SWAPPED_SOURCE} part from its records file`, viaRecords ? 1 : 0, 'yes=1', { min: 1, text: '1' }),
    ...results.flatMap(([name, p]) => [
      figure(`index-start: swap of the ${name}, longest wait of searches every 5 ms`, p.probe!.maxMs, `ms (p99 ${p.probe!.p99Ms.toFixed(1)} ms, ${p.probe!.answers} answers; it ended at ${((p.probe!.maxAtMs ?? 0) / 1000).toFixed(2)} s)`, { max: 50, text: 'no pause: a few tens of ms' }),
      figure(`index-start: swap of the ${name}, peak RSS over the index in force`, p.peakMiB - p.rssBeforeMiB!, 'MiB'),
      figure(`index-start: swap of the ${name}, time / CPU`, s(p.ms), `s / CPU ${s(p.cpuMs).toFixed(1)} s`),
      figure(`index-start: swap of the ${name}, database reads on the serving thread, longest / total`, p.reads?.longestMs ?? 0, `ms / ${(p.reads?.totalMs ?? 0).toFixed(0)} ms in ${p.reads?.count ?? 0} reads, ${(p.reads?.rows ?? 0).toLocaleString('en-US')} rows`),
      figure(`index-start: swap of the ${name}, garbage collections of the serving thread, longest / total`, p.pauses?.gcLongestMs ?? 0, `ms / ${(p.pauses?.gcTotalMs ?? 0).toFixed(0)} ms in ${p.pauses?.gcCount ?? 0} (${p.pauses?.gcLongestKind ?? '-'})`),
      figure(`index-start: swap of the ${name}, event loop delay p99 / max`, p.pauses?.loopP99Ms ?? 0, `ms / ${(p.pauses?.loopMaxMs ?? 0).toFixed(0)} ms`),
    ]),
    figure('index-start: load average (start of the run)', r.load[0], `(then ${r.load.slice(1).map((l) => l.toFixed(1)).join(', ')})`),
  ];
}
