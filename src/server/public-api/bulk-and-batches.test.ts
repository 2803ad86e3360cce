import { and, eq, inArray, isNull } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { ErrorBodySchema } from '#shared/errors';
import { ExclusionPageSchema } from '#shared/results';
import { BulkScreenResultSchema } from '#shared/public-api-bulk';
import { ApiBatchCreatedSchema, ApiBatchStatusSchema } from '#shared/public-api-batches';
import { batches, clients, interactiveSearches, usageRecords } from '#server/db/schema';
import type { JobQueue } from '#server/jobs/queue';
import type { Agent, TestApp } from '#test/app';
import { multipart, signedIn, startQueue } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { createSearchApp } from '#test/search-app';
import { closeScreeningPool, isScreeningPoolRunning } from '#server/screening/screener';
import { bulkAnswerText } from './bulk-answer-json';

let t: TestApp;
let queue: JobQueue;
let acme: { clientId: number; agent: Agent; secret: string };

beforeAll(async () => {
  t = await createSearchApp(0);
  queue = await startQueue(t);
  const client = await createClient(t.ctx.db, { name: 'Acme Health', searchOptions: ['NAME', 'NPI'] });
  const user = await createUser(t.ctx.db, { clientId: client.id, roles: ['paying_user', 'name_search_user', 'npi_search_user', 'api_user'] });
  const agent = await signedIn(t, user);
  acme = { clientId: client.id, agent, secret: await newKey(agent) };
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

async function newKey(agent: Agent): Promise<string> {
  return CreatedApiKeySchema.parse((await agent.post('/services/apikeys', { name: 'HR' })).json()).secret;
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, secret: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, payload: payload as object, headers: { ...headers, authorization: `Bearer ${secret}` } });
}

const usageOf = async (clientId: number) => t.ctx.db.select().from(usageRecords).where(and(eq(usageRecords.clientId, clientId), isNull(usageRecords.batchId)));

describe('bulk screening', () => {
  it('answers every subject in input order, stores each in Search History and bills each as one single search', async () => {
    const before = (await usageOf(acme.clientId)).length;
    const subjects = [
      { type: 'person', firstName: 'Jane', lastName: 'Roe' },
      { type: 'npi', npi: '1000994545' },
      { type: 'npi', npi: '12345' },
      { type: 'person', firstName: 'Donald', lastName: 'Bailey' },
      { type: 'business', companyName: 'United Ambulance Service LLC' },
    ];
    const res = await call('POST', '/api/v1/screenings', acme.secret, { subjects });
    expect(res.statusCode, res.body).toBe(200);
    const body = BulkScreenResultSchema.parse(res.json());
    expect(body.results.map((r) => r.index)).toEqual([0, 1, 2, 3, 4]);
    expect(body.results.map((r) => r.status)).toEqual(['screened', 'screened', 'refused', 'screened', 'screened']);
    expect(body).toMatchObject({ screened: 4, refused: 1 });
    const kinds = body.results.map((r) => (r.status === 'screened' ? r.result.kind : r.error.code));
    expect(kinds).toEqual(['name', 'npi', 'BAD_REQUEST', 'name', 'name']);
    const donald = body.results[3];
    if (donald.status !== 'screened' || donald.result.kind !== 'name') throw new Error('Donald was not screened');
    expect(donald.result.criteria).toMatchObject({ firstName: 'Donald', lastName: 'Bailey' });
    expect(donald.result.hits.some((h) => h.npi === '1000994545')).toBe(true);
    // Each screened subject is a stored search the key can reopen.
    const reopened = await call('GET', `/api/v1/searches/${donald.result.searchId}`, acme.secret);
    expect(reopened.json()).toMatchObject({ reference: donald.result.reference, kind: 'name' });
    const usage = (await usageOf(acme.clientId)).slice(before);
    expect(usage.map((u) => [u.searchType, u.quantity]).sort()).toEqual([
      ['Interactive NPI Search', 1],
      ['Interactive Name Search', 1],
      ['Interactive Name Search', 1],
      ['Interactive Name Search', 1],
    ]);
  });

  it('answers 600 subjects (screened on the worker threads, read and stored once) exactly as single searches answer them, billing each once', async () => {
    const kinds = [
      { type: 'person', firstName: 'Donald', lastName: 'Bailey' },
      { type: 'person', firstName: 'Donald', lastName: 'Baily', matchingAlgorithm: 'Fuzzy' },
      { type: 'person', firstName: 'Jane', lastName: 'Roe' },
      { type: 'business', companyName: 'United Ambulance Service LLC' },
      { type: 'npi', npi: '1000994545' },
      { type: 'npi', npi: '12345' },
    ] as const;
    const single = await Promise.all(
      kinds.map(async ({ type, ...q }) => {
        const res = type === 'npi' ? await call('POST', '/api/v1/searches/npi', acme.secret, q) : await call('POST', '/api/v1/searches/name', acme.secret, type === 'business' ? { companyName: (q as { companyName: string }).companyName } : q);
        return res.statusCode === 200 ? res.json() : res.json().error.code;
      }),
    );
    const before = (await usageOf(acme.clientId)).length;
    const subjects = Array.from({ length: 600 }, (_, i) => kinds[i % kinds.length]);
    const res = await call('POST', '/api/v1/screenings', acme.secret, { subjects });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = BulkScreenResultSchema.parse(res.json());
    expect(body).toMatchObject({ screened: 500, refused: 100 });
    const shapeOf = (r: Record<string, unknown>) => {
      const hits = (r.kind === 'npi' ? r.exclusions : r.hits) as { recordId: string; score: number; matchedOn: string }[];
      return { kind: r.kind, criteria: r.criteria, lists: r.lists, hits: hits.map((h) => [h.recordId, h.score, h.matchedOn]), nppes: r.nppes ?? null, optOutStatus: r.optOutStatus ?? null };
    };
    body.results.forEach((r, i) => {
      expect(r.index).toBe(i);
      const expected = single[i % kinds.length];
      if (r.status === 'refused') expect(r.error.code).toBe(expected);
      else expect(shapeOf(r.result as Record<string, unknown>)).toEqual(shapeOf(expected));
    });
    const ids = new Set(body.results.flatMap((r) => (r.status === 'screened' ? [r.result.searchId] : [])));
    expect(ids.size).toBe(500);
    expect((await usageOf(acme.clientId)).length - before).toBe(500);
    // The answer's text is what the zod serializer of every other route writes, byte for byte.
    const zodText = serializerCompiler({ schema: BulkScreenResultSchema, method: 'POST', url: '/api/v1/screenings', httpStatus: '200' })(res.json());
    expect(res.body === zodText).toBe(true);
    expect(bulkAnswerText(body) === zodText).toBe(true);
    // Each search reopens with the lists it used (kept once per set of lists, ADR 047).
    for (const r of body.results.slice(0, kinds.length)) {
      if (r.status !== 'screened') continue;
      const reopened = await call('GET', `/api/v1/searches/${r.result.searchId}`, acme.secret);
      expect(reopened.json()).toEqual(r.result);
    }
    const sets = await t.ctx.db.selectDistinct({ listSetId: interactiveSearches.listSetId }).from(interactiveSearches).where(inArray(interactiveSearches.id, [...ids]));
    expect(sets.length).toBe(2);
    expect(sets.every((s) => s.listSetId !== null)).toBe(true);
  });

  it('screens a request of 1,000 subjects on the worker threads although each of its two parts has fewer names than start them', async () => {
    await closeScreeningPool();
    // 600 names: two parts of 300, each below POOL_MIN_ROWS (500), the request above it.
    const subjects = Array.from({ length: 1000 }, (_, i) => (i % 5 < 3 ? { type: 'person', firstName: 'Jane', lastName: `Roe${i}` } : { type: 'npi', npi: '1000994545' }));
    const res = await call('POST', '/api/v1/screenings', acme.secret, { subjects });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ screened: 1000, refused: 0 });
    expect(isScreeningPoolRunning()).toBe(true);
    await closeScreeningPool();
  });

  it('refuses more than 1,000 subjects and subjects of unknown shape (400), billing nothing', async () => {
    const before = (await usageOf(acme.clientId)).length;
    const many = Array.from({ length: 1001 }, () => ({ type: 'person', firstName: 'A', lastName: 'B' }));
    const res = await call('POST', '/api/v1/screenings', acme.secret, { subjects: many });
    expect(res.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(res.json()).error.fields).toHaveProperty(['subjects']);
    expect((await call('POST', '/api/v1/screenings', acme.secret, { subjects: [{ type: 'ssn', ssn: '123' }] })).statusCode).toBe(400);
    expect((await usageOf(acme.clientId)).length).toBe(before);
  });

  it('refuses a trial the whole request when its month has too few searches left: nothing searched or billed', async () => {
    const client = await createClient(t.ctx.db, { planType: 'FREE', state: 'trial', searchOptions: ['NAME', 'NPI'], trialSearchesPerMonth: 3, trialEndsAt: new Date('2026-12-01T00:00:00Z') });
    const user = await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user', 'npi_search_user', 'api_user'] });
    const secret = await newKey(await signedIn(t, user));
    const subject = { type: 'person', firstName: 'Jane', lastName: 'Roe' };
    const refused = await call('POST', '/api/v1/screenings', secret, { subjects: [subject, subject, subject, subject] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/needs 4 searches but your trial has 3 of its 3/);
    expect(await t.ctx.db.select().from(interactiveSearches).where(eq(interactiveSearches.clientId, client.id))).toEqual([]);
    expect(await usageOf(client.id)).toEqual([]);
    expect((await call('POST', '/api/v1/screenings', secret, { subjects: [subject, subject, subject] })).statusCode).toBe(200);
    expect((await usageOf(client.id)).length).toBe(3);
  });

  it('refuses a client without NPI searching an NPI subject (403)', async () => {
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    const user = await createUser(t.ctx.db, { clientId: client.id, roles: ['name_search_user', 'npi_search_user', 'api_user'] });
    const secret = await newKey(await signedIn(t, user));
    expect((await call('POST', '/api/v1/screenings', secret, { subjects: [{ type: 'npi', npi: '1000994545' }] })).statusCode).toBe(403);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and bills nothing twice; another body with the same key is 422', async () => {
    const body = { subjects: [{ type: 'person', firstName: 'Donald', lastName: 'Bailey' }] };
    const headers = { 'idempotency-key': 'retry-1' };
    const before = (await usageOf(acme.clientId)).length;
    const first = await call('POST', '/api/v1/screenings', acme.secret, body, headers);
    const again = await call('POST', '/api/v1/screenings', acme.secret, body, headers);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await usageOf(acme.clientId)).length).toBe(before + 1);
    const other = await call('POST', '/api/v1/screenings', acme.secret, { subjects: [{ type: 'person', firstName: 'Jane', lastName: 'Roe' }] }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Keys belong to one API key: another key may use the same string.
    const secondKey = await newKey(acme.agent);
    expect((await call('POST', '/api/v1/screenings', secondKey, body, headers)).headers['idempotent-replayed']).toBeUndefined();
    expect((await usageOf(acme.clientId)).length).toBe(before + 2);
  });

  it('runs one of two concurrent retries; the other gets the first answer or 409, never a second batch', async () => {
    const body = { records: [{ 'First Name': 'Jane', 'Last Name': 'Roe' }], mapping: { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'] } };
    const headers = { 'idempotency-key': 'batch-twice' };
    const countBatches = async () => (await t.ctx.db.select().from(batches).where(eq(batches.clientId, acme.clientId))).length;
    const before = await countBatches();
    const [a, b] = await Promise.all([call('POST', '/api/v1/batches', acme.secret, body, headers), call('POST', '/api/v1/batches', acme.secret, body, headers)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual(a.body === b.body ? [200, 200] : [200, 409]);
    expect(await countBatches()).toBe(before + 1);
    const later = await call('POST', '/api/v1/batches', acme.secret, body, headers);
    expect(later.json()).toEqual((a.statusCode === 200 ? a : b).json());
    expect(await countBatches()).toBe(before + 1);
  });

  it('forgets a key after 24 hours', async () => {
    const body = { npi: '1000994545' };
    const headers = { 'idempotency-key': 'day-old' };
    const first = await call('POST', '/api/v1/searches/npi', acme.secret, body, headers);
    t.setNow(new Date(t.ctx.now().getTime() + 24 * 3600_000 + 1000));
    const next = await call('POST', '/api/v1/searches/npi', acme.secret, body, headers);
    expect(next.headers['idempotent-replayed']).toBeUndefined();
    expect(next.json().searchId).not.toBe(first.json().searchId);
  });
});

describe('batches through the API', () => {
  const mapping = { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name' }, searchTypes: ['Exclusion Search by Individual Name'], uniqueIdColumn: 'Id' };

  it('creates a batch from a CSV upload with a mapping, polls it, pages its results, changes a status with a note and downloads the reports', async () => {
    const form = multipart({ mapping: JSON.stringify(mapping) }, [{ fileName: 'people.csv', content: 'Id,First Name,Last Name\nE-1,Donald,Bailey\nE-2,Jane,Roe\n' }]);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/batches/csv', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${acme.secret}` } });
    expect(created.statusCode, created.body).toBe(200);
    const { batchId, recordCount, status } = ApiBatchCreatedSchema.parse(created.json());
    expect({ recordCount, status }).toEqual({ recordCount: 2, status: 'Submitted' });
    await queue.drain();
    const polled = ApiBatchStatusSchema.parse((await call('GET', `/api/v1/batches/${batchId}`, acme.secret)).json());
    expect(polled).toMatchObject({ batchId, fileName: 'people.csv', status: 'Completed', rowsDone: 2, percentDone: 100 });
    const page = ExclusionPageSchema.parse((await call('GET', `/api/v1/batches/${batchId}/results?page=1&limits=10`, acme.secret)).json());
    const record = page.records[0];
    expect(record).toBeDefined();
    const changed = await call('PUT', `/api/v1/batches/${batchId}/results/status`, acme.secret, { resultIds: [record.id], newStatus: 'CLEARED', note: 'Other date of birth.' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().records[0]).toMatchObject({ id: record.id, status: 'CLEARED' });
    const audit = await call('GET', `/api/v1/batches/${batchId}/reports/audit?format=csv`, acme.secret);
    expect(audit.statusCode).toBe(200);
    expect(audit.headers['content-type']).toMatch(/text\/csv/);
    expect(audit.body).toContain('Other date of birth.');
    // The summary: the cleared record is counted, not listed (issue 55).
    const summary = await call('GET', `/api/v1/batches/${batchId}/reports/summary?format=csv`, acme.secret);
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['content-disposition']).toContain('Audit Summary Report - people.csv');
    expect(summary.body).not.toContain('Other date of birth.');
    const pdf = await call('GET', `/api/v1/batches/${batchId}/reports/exclusions?format=pdf`, acme.secret);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers row errors naming each row, an unknown column naming the field, and a bad mapping field, submitting nothing', async () => {
    const rows = await call('POST', '/api/v1/batches', acme.secret, { records: [{ 'First Name': 'Jane', 'Last Name': 'Roe' }, { 'First Name': 'Ann', 'Last Name': '' }], mapping: { ...mapping, uniqueIdColumn: undefined } });
    expect(rows.statusCode).toBe(400);
    expect(Object.keys(ErrorBodySchema.parse(rows.json()).error.fields ?? {})).toEqual(['rows.1']);
    const column = await call('POST', '/api/v1/batches', acme.secret, { records: [{ 'First Name': 'Jane', 'Last Name': 'Roe' }], mapping });
    expect(column.statusCode).toBe(400);
    expect(column.json().error.fields).toHaveProperty(['mapping.uniqueIdColumn']);
    const form = multipart({ mapping: '{not json' }, [{ fileName: 'people.csv', content: 'First Name,Last Name\nJane,Roe\n' }]);
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/batches/csv', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${acme.secret}` } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['mapping']);
  });

  it('guesses the columns as the upload pages do when the mapping names none, and says which it guessed', async () => {
    const npi = '1234567893';
    const form = multipart({ mapping: JSON.stringify({ searchTypes: ['Exclusion Search by Individual Name', 'NPI Validation'], uniqueIdColumn: 'Emp ID', additionalColumns: ['Dept'] }) }, [
      { fileName: 'hr-export.csv', content: `Emp ID;Given Name;SURNAME;Dept;Column 5\r\nE-1;Donald;Bailey;Nursing;${npi}\r\nE-2;Jane;Roe;Billing;${npi}\r\nE-3;Ann;Lee;Front desk;${npi}\r\n` },
    ]);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/batches/csv', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${acme.secret}` } });
    expect(created.statusCode, created.body).toBe(200);
    const answer = ApiBatchCreatedSchema.parse(created.json());
    expect(answer).toMatchObject({ recordCount: 3, columnMappings: { 'Given Name': 'First Name', SURNAME: 'Last Name', 'Column 5': 'NPI' } });
    expect(answer.guessedColumns.sort()).toEqual(['Column 5', 'Given Name', 'SURNAME']);
    const json = await call('POST', '/api/v1/batches', acme.secret, { records: [{ First: 'Jane', Last: 'Roe' }], mapping: { searchTypes: ['Exclusion Search by Individual Name'] } });
    expect(json.statusCode, json.body).toBe(200);
    expect(ApiBatchCreatedSchema.parse(json.json()).columnMappings).toEqual({ First: 'First Name', Last: 'Last Name' });
    const sent = ApiBatchCreatedSchema.parse((await call('POST', '/api/v1/batches', acme.secret, { records: [{ 'First Name': 'Jane', 'Last Name': 'Roe' }], mapping: { ...mapping, uniqueIdColumn: undefined } })).json());
    expect(sent.guessedColumns).toEqual([]);
    const nothing = await call('POST', '/api/v1/batches', acme.secret, { records: [{ Foo: 'x', Bar: 'y' }], mapping: { searchTypes: ['Exclusion Search by Individual Name'] } });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.fields).toHaveProperty(['mapping.columnMappings']);
  });

  it('never shows another client’s batch, its results, status change or reports (404)', async () => {
    const created = ApiBatchCreatedSchema.parse(
      (await call('POST', '/api/v1/batches', acme.secret, { records: [{ 'First Name': 'Donald', 'Last Name': 'Bailey' }], mapping: { ...mapping, uniqueIdColumn: undefined } })).json(),
    );
    await queue.drain();
    const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
    await t.ctx.db.update(clients).set({ name: 'Other' }).where(eq(clients.id, client.id));
    const stranger = await newKey(await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, roles: ['account_owner_user', 'api_user'] })));
    const id = created.batchId;
    for (const [method, url] of [
      ['GET', `/api/v1/batches/${id}`],
      ['GET', `/api/v1/batches/${id}/results`],
      ['GET', `/api/v1/batches/${id}/results/npi`],
      ['GET', `/api/v1/batches/${id}/results/ssdmf`],
      ['GET', `/api/v1/batches/${id}/reports/audit`],
    ] as const)
      expect((await call(method, url, stranger)).statusCode, url).toBe(404);
    expect((await call('PUT', `/api/v1/batches/${id}/results/status`, stranger, { resultIds: [1], newStatus: 'CLEARED' })).statusCode).toBe(404);
  });
});
