/**
 * Bench of the reports (issue 14, ADR 033): the audit report of a 20,000-row batch (4,000
 * exclusion matches, an NPI and an SSDMF result per row: 44,000 table lines) streamed as CSV
 * and PDF, with the time, the CPU time and the memory it adds while streaming; and its summary
 * (issue 55: the first page and the findings only), its size and pages beside the full PDF's.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { figure, type Figure } from './measure';
import { servedBatch, type Call } from './results-seed';

const ROWS = Number(process.env.BENCH_REPORT_ROWS ?? 20_000);

/** A collector to call between samples, so the heap sampled is what is alive, not garbage yet to collect. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * Reads a streamed download, sampling this process's memory: answers bytes, seconds, what the
 * live JavaScript heap grew by (collected before each sample) and the process's growth (the
 * embedded database's WebAssembly memory included, which never shrinks).
 */
async function download(call: Call, url: string): Promise<{ bytes: number; pages: number; seconds: number; cpuSeconds: number; heapMiB: number; rssMiB: number }> {
  const gc = collector();
  gc();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const sample = () => {
    gc();
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  };
  const timer = setInterval(sample, 500);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const res = await call(url);
  let bytes = 0;
  let pages = 0;
  let tail = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    // A PDF's page objects ("/Type /Page", not "/Pages"), each counted once, in the chunk that holds the character after it.
    const text = tail + Buffer.from(chunk).toString('latin1');
    for (const m of text.matchAll(/\/Type \/Page(?=[^s\w])/g)) if (m.index + m[0].length >= tail.length) pages++;
    tail = text.slice(-12);
  }
  clearInterval(timer);
  sample();
  const used = process.cpuUsage(cpu);
  return { bytes, pages, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6, heapMiB: (heap - before.heapUsed) / 1_048_576, rssMiB: (rss - before.rss) / 1_048_576 };
}

export async function benchReports(): Promise<Figure[]> {
  const served = await servedBatch('pglite', ROWS);
  try {
    const csv = await download(served.call, `${served.prefix}/auditreport?format=csv`);
    const pdf = await download(served.call, `${served.prefix}/auditreport?format=pdf`);
    const summary = await download(served.call, `${served.prefix}/auditsummaryreport?format=pdf`);
    const rows = ROWS.toLocaleString('en-US');
    return [
      figure(`Audit report CSV of ${rows} rows (${(csv.bytes / 1_048_576).toFixed(1)} MiB) streamed`, csv.seconds, 's'),
      figure('CPU time of the CSV (server and database)', csv.cpuSeconds, 's'),
      figure('Live JS heap growth while streaming the CSV audit report', csv.heapMiB, 'MiB', { max: 128, text: '< 128 MiB (not the batch)' }),
      figure(`Audit report PDF of ${rows} rows (${(pdf.bytes / 1_048_576).toFixed(1)} MiB) streamed`, pdf.seconds, 's', { max: 10, text: '< 10 s' }),
      figure('CPU time of the PDF (server and database)', pdf.cpuSeconds, 's'),
      figure('Live JS heap growth while streaming the PDF audit report', pdf.heapMiB, 'MiB', { max: 128, text: '< 128 MiB (not the batch)' }),
      figure('Process memory growth while streaming the PDF (embedded database included)', pdf.rssMiB, 'MiB'),
      figure(`Pages of the audit report PDF (${(pdf.bytes / 1_048_576).toFixed(1)} MiB)`, pdf.pages, 'pages'),
      figure(`Audit summary PDF of ${rows} rows (${(summary.bytes / 1_048_576).toFixed(1)} MiB) streamed`, summary.seconds, 's'),
      figure('Pages of the audit summary PDF (first page and findings only)', summary.pages, 'pages'),
    ];
  } finally {
    await served.close();
  }
}
