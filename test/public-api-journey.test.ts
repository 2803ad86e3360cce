/**
 * Issue 17's journey over HTTP against the real server (`clearlist demo`, its sample lists):
 * create a key → screen → batch via JSON → poll → results → status change → revoke → 401.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { BulkScreenResultSchema } from '#shared/public-api-bulk';
import { ApiBatchCreatedSchema, ApiBatchStatusSchema } from '#shared/public-api-batches';
import { ExclusionPageSchema } from '#shared/results';
import { cookieClient, freePort, startServe } from './server-process';

let base: string;
let dataDir: string;
let child: ChildProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-api-journey-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The demo's batch queue runs by default (ADR 128): this journey's batch completes with no setting.
  child = (await startServe(dataDir, port, {}, 'demo')).proc;
}, 180_000);
afterAll(async () => {
  child?.kill('SIGTERM');
  await new Promise((r) => child?.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (secret: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(base + url, { method, headers: { authorization: `Bearer ${secret}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });

describe('the public API over HTTP with a real key', () => {
  it('creates a key, screens, runs a batch from JSON to its results, changes a status, and a revoked key answers 401', async () => {
    const browser = cookieClient(base);
    await browser('/services/health');
    const login = await browser('/services/user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'owner', password: 'Demo-pass-2026' }) });
    expect(await login.json()).toBe('LOGIN_SUCCESSFUL');
    const created = await browser('/services/apikeys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Journey' }) });
    expect(created.status).toBe(201);
    const { secret, key } = CreatedApiKeySchema.parse(await created.json());

    const screened = await api(secret, 'POST', '/api/v1/screenings', { subjects: [{ type: 'person', firstName: 'Donald', lastName: 'Bailey' }, { type: 'business', companyName: 'Nobody Such Co' }] });
    expect(screened.status).toBe(200);
    const screening = BulkScreenResultSchema.parse(await screened.json());
    expect(screening.screened).toBe(2);
    // The demo searches its shipped samples, and every answer says so (ADR 114).
    for (const r of screening.results) {
      if (r.status !== 'screened') throw new Error(`not screened: ${JSON.stringify(r)}`);
      expect(r.result.lists.length).toBeGreaterThan(0);
      expect(r.result.lists.every((l) => l.synthetic)).toBe(true);
      expect(r.result.notSearched).toEqual([]);
    }

    const batchBody = {
      fileName: 'journey.csv',
      records: [
        { Id: 'J-1', 'First Name': 'Donald', 'Last Name': 'Bailey' },
        { Id: 'J-2', 'First Name': 'Nobody', 'Last Name': 'Such' },
      ],
      mapping: { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], uniqueIdColumn: 'Id' },
    };
    const submitted = await api(secret, 'POST', '/api/v1/batches', batchBody, { 'Idempotency-Key': 'journey-batch-1' });
    expect(submitted.status).toBe(200);
    const { batchId } = ApiBatchCreatedSchema.parse(await submitted.json());
    const retried = await api(secret, 'POST', '/api/v1/batches', batchBody, { 'Idempotency-Key': 'journey-batch-1' });
    expect(ApiBatchCreatedSchema.parse(await retried.json()).batchId).toBe(batchId);

    let status = ApiBatchStatusSchema.parse(await (await api(secret, 'GET', `/api/v1/batches/${batchId}`)).json());
    for (let i = 0; i < 600 && status.status !== 'Completed' && status.status !== 'Error'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = ApiBatchStatusSchema.parse(await (await api(secret, 'GET', `/api/v1/batches/${batchId}`)).json());
    }
    expect(status).toMatchObject({ status: 'Completed', recordCount: 2, rowsDone: 2, percentDone: 100 });

    const page = ExclusionPageSchema.parse(await (await api(secret, 'GET', `/api/v1/batches/${batchId}/results?page=1&limits=25`)).json());
    const donald = page.records.find((r) => /BAILEY/i.test(r.name ?? ''));
    expect(donald).toBeDefined();
    const changed = await api(secret, 'PUT', `/api/v1/batches/${batchId}/results/status`, { resultIds: [donald!.id], newStatus: 'CLEARED', note: 'Different person: other date of birth.' });
    expect(changed.status).toBe(200);
    expect((await changed.json()).records[0]).toMatchObject({ id: donald!.id, status: 'CLEARED' });

    const revoked = await browser(`/services/apikeys/${key.id}/revoke`, { method: 'PUT' });
    expect(revoked.status).toBe(200);
    const refused = await api(secret, 'GET', `/api/v1/batches/${batchId}`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
  }, 180_000);
});
