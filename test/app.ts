/**
 * A real app on a fresh database for each test file: PGlite in memory by default, a new
 * database on the PostgreSQL server when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { createApp } from '#server/app';
import type { AppContext } from '#server/app-context';
import { testConfig, type AppConfig } from '#server/config';
import { openDatabase, type Database } from '#server/db/client';
import { createLogger, type LogLevel } from '#server/logger';
import { createMailer } from '#server/mail/mailer';
import { importMissingSamples } from '#server/lists/samples';
import { createPostgresWithSamples, pgliteWithSamples } from './sample-template';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The test database's URL on the PostgreSQL server (none on PGlite), for child processes. */
  databaseUrl?: string;
  outboxDir: string;
  /** Moves the app's clock. */
  setNow(date: Date): void;
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Every shipped sample list imported at this time (copied from the run's template, test/sample-template.ts). */
  samplesAt?: Date;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const { samplesAt } = options;
  if (!url) {
    const database = samplesAt ? await pgliteWithSamples(samplesAt) : await openDatabase({});
    if (!samplesAt) await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `clearlist_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  let copied = false;
  if (samplesAt) copied = await createPostgresWithSamples(url, name, samplesAt);
  else {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: testUrl.toString() });
  await database.migrate();
  if (samplesAt && !copied) await importMissingSamples(database.db, samplesAt);
  return {
    database,
    url: testUrl.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface TestAppOptions extends TestDatabaseOptions {
  /** Captures the app's log lines (JSON, one per call) at this level instead of discarding them. */
  logTo?: { write(line: string): void; level?: LogLevel };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const { database, url, drop } = await createTestDatabase({ samplesAt: options.samplesAt });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clearlist-test-'));
  const config = testConfig({ dataDir, ...overrides });
  const outboxDir = path.join(dataDir, 'outbox');
  let now = new Date();
  const ctx: AppContext = {
    db: database.db,
    database,
    config,
    mailer: createMailer({ outboxDir, from: config.mailFrom }),
    log: createLogger(options.logTo ? { level: options.logTo.level ?? 'info', destination: options.logTo } : { level: config.logLevel }),
    jobs: null,
    now: () => now,
  };
  const app = await createApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    databaseUrl: url,
    outboxDir,
    setNow: (date) => {
      now = date;
    },
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps cookies and echoes the CSRF cookie on writes. */
export class Agent {
  private cookies = new Map<string, string>();

  constructor(
    private app: FastifyInstance,
    private remoteAddress = '127.0.0.1',
  ) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('csrf')) await this.send({ method: 'GET', url: '/services/health' });
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    // Like the web app: the token on every call, so the GETs that change state pass too (ADR 026).
    if (!('x-csrf-token' in headers)) headers['x-csrf-token'] = this.cookies.get('csrf') ?? '';
    return this.send({ ...options, headers });
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }

  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }

  async login(username: string, password: string): Promise<string> {
    const res = await this.post('/services/user/login', { username, password });
    return res.json() as string;
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  private async send(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookieHeader = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers = { ...(options.headers as Record<string, string>), ...(cookieHeader ? { cookie: cookieHeader } : {}) };
    const res = await this.app.inject({ ...options, headers, remoteAddress: this.remoteAddress });
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
}
