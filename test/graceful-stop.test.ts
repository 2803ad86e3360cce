/**
 * SIGTERM in the middle of a batch (ADR 026): the real server stops (hands its running chunks
 * back to the queue) and exits; started again on the same data folder it completes the batch
 * with one result set per row and one charge per search.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { cookieClient, freePort, startServe } from '#test/server-process';
import { importSampleLists } from '#test/sample-lists';

const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-sigterm-'));
const ROWS = 6_000;
/** Far beyond the 10 s the server allows itself: only a server that does not stop fails this. */
const EXIT_LIMIT_MS = 30_000;
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const startServer = (port: number) => startServe(dataDir, port, { BATCH_CHUNK_ROWS: '1000' });

async function signIn(base: string) {
  const call = cookieClient(base);
  await call('/services/health');
  const login = await call('/services/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: 'Harbor-lights-42' }) });
  expect(await login.json()).toBe('LOGIN_SUCCESSFUL');
  return call;
}

const exitOf = (proc: ChildProcess) =>
  new Promise<number | string>((resolve) => {
    const timer = setTimeout(() => resolve('still running'), EXIT_LIMIT_MS);
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? String(signal));
    });
  });

describe('a batch interrupted by SIGTERM', () => {
  it('the server exits, and after a restart the batch completes once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // `serve` loads no sample (ADR 114): the samples are imported as list files first.
    await importSampleLists(dataDir);
    const first = await startServer(port);
    child = first.proc;
    const call = await signIn(base);
    const lines = ['First Name,Last Name'];
    for (let i = 0; i < ROWS; i++) lines.push(i % 50 === 0 ? 'Christopher,Davis' : `Person${i},Example${i}`);
    const form = new FormData();
    form.set('typeName', 'Flex');
    form.set('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'roster.csv');
    const up = await call('/services/fileupload', { method: 'POST', body: form });
    expect(up.status).toBe(200);
    const { batchId } = (await up.json()) as { batchId: number };
    const mapping = { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], correlatedColumnIndexes: [], uniqueIdIndex: null };
    expect((await call(`/services/flexsearchs/${batchId}/columnmappings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(mapping) })).status).toBe(200);

    const progress = async (c: typeof call) => {
      const list = (await (await c('/services/flexsearchs')).json()) as { items: { batchId: number; status: string; rowsDone: number }[] };
      return list.items.find((i) => i.batchId === batchId)!;
    };
    let seen = await progress(call);
    for (let i = 0; i < 2000 && !(seen.rowsDone > 0 && seen.rowsDone < ROWS); i++) {
      await new Promise((r) => setTimeout(r, 25));
      seen = await progress(call);
    }
    expect(seen.rowsDone).toBeLessThan(ROWS);
    const started = Date.now();
    child.kill('SIGTERM');
    expect(await exitOf(child), first.output()).toBe(0);
    console.log(`exited ${Date.now() - started} ms after SIGTERM`);

    const second = await startServer(port);
    child = second.proc;
    const again = await signIn(base);
    let after = { status: '', rowsDone: 0 };
    for (let i = 0; i < 1200 && after.status !== 'Completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await progress(again);
    }
    expect(after).toMatchObject({ status: 'Completed', rowsDone: ROWS });
    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);

    const database = await openDatabase({ dataDir });
    try {
      const usage = await database.sql('SELECT sum(quantity)::int AS n, count(*)::int AS records, count(DISTINCT (row_index, search_type))::int AS d FROM usage_records WHERE batch_id = $1', [batchId]);
      const { n, records, d } = usage.rows[0] as { n: number; records: number; d: number };
      expect(n).toBe(ROWS);
      expect(d).toBe(records);
      const dupes = await database.sql('SELECT count(*)::int AS n FROM (SELECT row_index, source, source_record_id FROM batch_results WHERE batch_id = $1 GROUP BY 1, 2, 3 HAVING count(*) > 1) d', [batchId]);
      expect(dupes.rows[0]).toEqual({ n: 0 });
    } finally {
      await database.close();
    }
  }, 300_000);
});
