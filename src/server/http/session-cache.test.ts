/**
 * The session cache on PostgreSQL (ADR 063): two app instances (two processes of a deployment)
 * on the same database. A session read by one is served from its memory; a change committed by
 * the other (a logout, any change the triggers of migration 0026 announce) holds on the very
 * next request.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { AppContext } from '../app-context';
import { openDatabase, type Database } from '../db/client';
import { createTestApp, type TestApp } from '#test/app';
import { createUser } from '#test/factories';

const url = process.env.DATABASE_URL;
let a: TestApp;
let bDatabase: Database;
let b: FastifyInstance;

beforeAll(async () => {
  if (!url) return;
  a = await createTestApp();
  bDatabase = await openDatabase({ url: a.databaseUrl });
  const ctx: AppContext = { ...a.ctx, db: bDatabase.db, database: bDatabase };
  b = await createApp(ctx);
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await bDatabase?.close();
  await a?.close();
});

/** Signs in on app A; answers the cookie header and CSRF token of the session. */
async function signIn(username: string, password: string): Promise<{ cookie: string; csrf: string }> {
  const res = await a.app.inject({ method: 'POST', url: '/services/user/login', payload: { username, password } });
  expect(res.json()).toBe('LOGIN_SUCCESSFUL');
  const cookies = new Map(res.cookies.map((c) => [c.name, c.value]));
  return { cookie: `sid=${cookies.get('sid')}; csrf=${cookies.get('csrf')}`, csrf: cookies.get('csrf')! };
}

const info = (app: FastifyInstance, session: { cookie: string }) => app.inject({ method: 'GET', url: '/services/user/info', headers: { cookie: session.cookie } });

describe.skipIf(!url)('the session cache on PostgreSQL, across two processes', () => {
  it('serves a read session from memory, and a change announced by another process holds on the next request', async () => {
    const user = await createUser(a.ctx.db);
    const session = await signIn(user.username, user.password);
    expect((await info(b, session)).statusCode).toBe(200);

    // A change made without the notice (triggers off for that connection) is not seen: B
    // answers from its cache.
    const silent = new pg.Client({ connectionString: a.databaseUrl });
    await silent.connect();
    try {
      await silent.query('SET session_replication_role = replica');
      await silent.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [user.id]);
    } finally {
      await silent.end();
    }
    expect((await info(b, session)).statusCode).toBe(200);

    // Any announced change, here made through A's database, empties B's cache before its next request.
    await a.ctx.db.execute(sql`UPDATE clients SET name = name WHERE id = ${user.clientId}`);
    expect((await info(b, session)).statusCode).toBe(401);
  });

  it('holds a logout made in one process on the next request in the other', async () => {
    const user = await createUser(a.ctx.db);
    const session = await signIn(user.username, user.password);
    for (let i = 0; i < 3; i++) expect((await info(b, session)).statusCode).toBe(200);
    const out = await a.app.inject({ method: 'POST', url: '/services/user/logout', headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } });
    expect(out.statusCode).toBe(204);
    expect((await info(b, session)).statusCode).toBe(401);
    expect((await info(a.app, session)).statusCode).toBe(401);
  });
});
