/**
 * A batch survives SIGKILL: the real server is killed in the middle of a batch and started
 * again on the same data folder; the batch completes with one result set per row and one
 * charge per search.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client';
import { cookieClient, freePort, startServe } from '#test/server-process';
import { importSampleLists } from '#test/sample-lists';

const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-crash-'));
const ROWS = 12_000;
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const startServer = async (port: number) => (await startServe(dataDir, port, { BATCH_CHUNK_ROWS: '40', BATCH_SCREEN_WORKERS: '0' })).proc;

describe('a batch killed with SIGKILL', () => {
  it('completes after a restart with exactly one result set per row and one charge per search', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // `serve` loads no sample (ADR 114): the samples are imported as list files first.
    await importSampleLists(dataDir);
    child = await startServer(port);
    const call = cookieClient(base);
    await call('/services/health');
    const login = await call('/services/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: 'Harbor-lights-42' }) });
    expect(await login.json()).toBe('LOGIN_SUCCESSFUL');

    const lines = ['First Name,Last Name'];
    for (let i = 0; i < ROWS; i++) lines.push(i % 50 === 0 ? 'Christopher,Davis' : `Person${i},Example${i}`);
    const form = new FormData();
    form.set('typeName', 'Flex');
    form.set('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'roster.csv');
    const up = await call('/services/fileupload', { method: 'POST', body: form });
    expect(up.status).toBe(200);
    const { batchId } = (await up.json()) as { batchId: number };
    const mapping = { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], correlatedColumnIndexes: [], uniqueIdIndex: null };
    const submit = await call(`/services/flexsearchs/${batchId}/columnmappings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(mapping) });
    expect(submit.status).toBe(200);

    const progress = async () => {
      const list = (await (await call('/services/flexsearchs')).json()) as { items: { batchId: number; status: string; rowsDone: number }[] };
      return list.items.find((i) => i.batchId === batchId)!;
    };
    let seen = await progress();
    for (let i = 0; i < 2000 && !(seen.rowsDone > 0 && seen.rowsDone < ROWS); i++) {
      await new Promise((r) => setTimeout(r, 25));
      seen = await progress();
    }
    expect(seen.rowsDone).toBeGreaterThan(0);
    expect(seen.rowsDone).toBeLessThan(ROWS);
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));

    child = await startServer(port);
    const again = cookieClient(base);
    await again('/services/health');
    await again('/services/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: 'Harbor-lights-42' }) });
    let after = { status: '', rowsDone: 0 };
    for (let i = 0; i < 1200 && after.status !== 'Completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const list = (await (await again('/services/flexsearchs')).json()) as { items: { batchId: number; status: string; rowsDone: number }[] };
      after = list.items.find((x) => x.batchId === batchId)!;
    }
    expect(after).toMatchObject({ status: 'Completed', rowsDone: ROWS });
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));

    const database = await openDatabase({ dataDir });
    try {
      const usage = await database.sql('SELECT sum(quantity)::int AS n, count(*)::int AS records, count(DISTINCT (row_index, search_type))::int AS d FROM usage_records WHERE batch_id = $1', [batchId]);
      const { n, records, d } = usage.rows[0] as { n: number; records: number; d: number };
      expect(n).toBe(ROWS);
      expect(d).toBe(records);
      const dupes = await database.sql('SELECT count(*)::int AS n FROM (SELECT row_index, source, source_record_id FROM batch_results WHERE batch_id = $1 GROUP BY 1, 2, 3 HAVING count(*) > 1) d', [batchId]);
      expect(dupes.rows[0]).toEqual({ n: 0 });
      const hitRows = await database.sql("SELECT count(DISTINCT row_index)::int AS n FROM batch_results WHERE batch_id = $1 AND result_type = 'exclusions'", [batchId]);
      expect((hitRows.rows[0] as { n: number }).n).toBe(ROWS / 50);
    } finally {
      await database.close();
    }
  }, 300_000);
});
