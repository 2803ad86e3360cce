/**
 * Parses list files that can hide a bomb (PDF, XLSX, XLS, ZIP, HTML: every state list) in a
 * worker thread with a capped heap and a wall-time limit (ADR 112): a file that needs more is
 * refused in words, and the server's event loop answers every other request meanwhile.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ListRecord, RejectedRow } from '#shared/list-record';
import type { FileHeader, ParseCounts, ParseRun } from '#lists/core/parse-run';
import type { GuardedJob, GuardedMessage } from './guarded-parse-protocol';

export interface ParseLimits {
  /** The thread's heap (V8's old generation). */
  heapMb: number;
  /** How long the whole read may take. */
  seconds: number;
}

/** Room for a state list many times the largest published (a few MB of PDF or workbook). */
export const LIST_PARSE_LIMITS: ParseLimits = { heapMb: 512, seconds: 120 };

// The worker's entry registers tsx, as bin/clearlist.mjs does, then loads guarded-parse-thread.ts.
const entry = new URL('./guarded-parse-entry.mjs', import.meta.url);

const PDF = Buffer.from('%PDF');
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** Whether a source's files are parsed guarded: every state list, and any PDF, ZIP or OLE file given to another list. */
export async function isGuardedParse(source: string, files: readonly string[]): Promise<boolean> {
  if (source.startsWith('state-')) return true;
  for (const file of files) {
    if (/\.(pdf|xlsx|xlsm|xls|zip|html?)$/i.test(file)) return true;
    const handle = await open(file, 'r');
    try {
      const head = Buffer.alloc(4);
      await handle.read(head, 0, 4, 0);
      if (head.equals(PDF) || head.equals(ZIP) || head.equals(OLE)) return true;
    } finally {
      await handle.close();
    }
  }
  return false;
}

type Inbox = GuardedMessage | { type: 'exit'; code: number } | { type: 'refused'; message: string };

/** The records of `job.files`, read in a guarded thread, as a ParseRun (iterate it once). */
export function parseGuarded(job: GuardedJob, limits: ParseLimits = LIST_PARSE_LIMITS): ParseRun {
  const names = job.files.map((file) => path.basename(file)).join(', ');
  const report = { asOf: null as string | null, headers: [] as FileHeader[], counts: { records: 0, rejected: 0, warnings: 0 } as ParseCounts, rejected: [] as RejectedRow[] };

  async function* batches(): AsyncGenerator<ListRecord[]> {
    const worker = new Worker(entry, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: Math.min(64, limits.heapMb / 4) } });
    const inbox: Inbox[] = [];
    let wake: (() => void) | null = null;
    const receive = (message: Inbox): void => {
      inbox.push(message);
      wake?.();
      wake = null;
    };
    const timer = setTimeout(() => {
      receive({ type: 'refused', message: `Reading the file ${names} took longer than ${limits.seconds} s: refused` });
      void worker.terminate();
    }, limits.seconds * 1000);
    worker.on('message', receive);
    worker.on('error', (error: Error & { code?: string }) =>
      receive(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { type: 'refused', message: `The file ${names} expands beyond ${limits.heapMb} MB when read: refused` } : { type: 'error', message: error.message }),
    );
    worker.on('exit', (code) => receive({ type: 'exit', code }));
    try {
      for (;;) {
        while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const message = inbox.shift()!;
        if (message.type === 'records') {
          worker.postMessage('credit');
          yield message.records;
        } else if (message.type === 'end') {
          Object.assign(report, { asOf: message.asOf, headers: message.headers, counts: message.counts, rejected: message.rejected });
          return;
        } else if (message.type === 'error' || message.type === 'refused') {
          throw new Error(message.message);
        } else {
          throw new Error(`the parse of ${names} stopped (exit code ${message.code}) before the end of the files`);
        }
      }
    } finally {
      clearTimeout(timer);
      await worker.terminate();
    }
  }

  return {
    get asOf() {
      return report.asOf;
    },
    get headers() {
      return report.headers;
    },
    get counts() {
      return report.counts;
    },
    get rejected() {
      return report.rejected;
    },
    batches,
    async *[Symbol.asyncIterator]() {
      for await (const records of batches()) yield* records;
    },
  };
}
