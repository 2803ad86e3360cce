import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatedApiKeySchema } from '#shared/api-keys';
import { apiKeys } from '#server/db/schema';
import { createApp } from '#server/app';
import { createTestApp, type TestApp } from '#test/app';
import { signedIn } from '#test/batches';
import { createUser } from '#test/factories';

let t: TestApp;
let secrets: string[];
let agent: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ apiRequestsPerMinute: 3 });
  t.setNow(new Date('2026-06-01T10:00:15Z'));
  agent = await signedIn(t, await createUser(t.ctx.db, { roles: ['api_user'] }));
  secrets = [];
  for (const name of ['one', 'two']) secrets.push(CreatedApiKeySchema.parse((await agent.post('/services/apikeys', { name })).json()).secret);
});
afterAll(async () => {
  await t.close();
});

const lists = (secret: string) => t.app.inject({ method: 'GET', url: '/api/v1/lists', headers: { authorization: `Bearer ${secret}` } });

describe('rate limit per key', () => {
  it('answers 429 with Retry-After past the limit, for that key only, until the next minute', async () => {
    for (let i = 0; i < 3; i += 1) expect((await lists(secrets[0])).statusCode).toBe(200);
    const limited = await lists(secrets[0]);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/45 seconds/) });
    expect((await lists(secrets[1])).statusCode).toBe(200);
    t.setNow(new Date('2026-06-01T10:01:00Z'));
    expect((await lists(secrets[0])).statusCode).toBe(200);
  });
});

describe('rate limit across processes', () => {
  it('is one count per key for every web process on the database', async () => {
    // A second app on the same database stands for a second web process.
    const other = await createApp(t.ctx);
    try {
      const created = CreatedApiKeySchema.parse((await agent.post('/services/apikeys', { name: 'shared' })).json());
      t.setNow(new Date('2026-06-01T12:00:05Z'));
      const call = (app: typeof other) => app.inject({ method: 'GET', url: '/api/v1/lists', headers: { authorization: `Bearer ${created.secret}` } });
      expect((await call(t.app)).statusCode).toBe(200);
      expect((await call(other)).statusCode).toBe(200);
      expect((await call(t.app)).statusCode).toBe(200);
      const limited = await call(other);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('55');
    } finally {
      await other.close();
    }
  });
});

describe('last used', () => {
  it('is written at most once a minute per key, however many requests', async () => {
    const created = CreatedApiKeySchema.parse((await agent.post('/services/apikeys', { name: 'busy' })).json());
    const lastUsed = async () => (await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id)))[0].lastUsedAt?.toISOString();
    t.setNow(new Date('2026-06-01T11:00:00Z'));
    expect((await lists(created.secret)).statusCode).toBe(200);
    expect(await lastUsed()).toBe('2026-06-01T11:00:00.000Z');
    t.setNow(new Date('2026-06-01T11:00:40Z'));
    expect((await lists(created.secret)).statusCode).toBe(200);
    expect(await lastUsed()).toBe('2026-06-01T11:00:00.000Z');
    t.setNow(new Date('2026-06-01T11:01:05Z'));
    expect((await lists(created.secret)).statusCode).toBe(200);
    expect(await lastUsed()).toBe('2026-06-01T11:01:05.000Z');
  });
});
