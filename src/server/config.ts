/** The server's configuration: one zod schema over the environment, read only by main.ts. */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional()),
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText,
  ADMIN_EMAIL: optionalText,
  PUBLIC_URL: optionalText.pipe(z.string().regex(/^https?:\/\/[^/?#]+(\/[^?#]*)?$/, 'must be an http(s) URL such as https://clearlist.example.org').optional()),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Clearlist <no-reply@clearlist.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON lines, readable lines, or `auto`: readable on a terminal, JSON elsewhere (log-format.ts). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  LOGIN_MAX_FAILURES_PER_USER: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  ZENDESK_APP_KEY: optionalText,
  ANALYTICS_KEY: optionalText,
  JOBS_IN_PROCESS: z
    .string()
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  /** `clearlist demo` runs its batch queue (ADR 128); "true" starts it paused (ADR 038). */
  DEMO_QUEUE_PAUSED: z
    .string()
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /** Cron (UTC) of the check for list updates, or "off". */
  LIST_UPDATE_SCHEDULE: z
    .string()
    .default('0 6 * * *')
    .refine((v) => v === 'off' || v.trim().split(/\s+/).length === 5, 'a 5-field cron expression or "off"'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** JSON `{ "<source>": ["https://…", …] }`: where `lists update` downloads each source. */
  LIST_URLS: optionalText.transform((v, ctx) => parseListUrls(v, ctx)),
  SAM_API_KEY: optionalText,
  /** Every publisher URL served from this origin instead, host as the first path segment (a stand-in or a mirror; ADR 115). */
  LIST_PUBLISHERS_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/]/.test(v), 'an http(s) URL'),
  /** The proxy for publishers' downloads (hospital networks); both spellings, as curl reads them. */
  HTTPS_PROXY: optionalText,
  https_proxy: optionalText,
  HTTP_PROXY: optionalText,
  http_proxy: optionalText,
  NO_PROXY: optionalText,
  no_proxy: optionalText,
  /** Largest batch file accepted, in MB. */
  UPLOAD_MAX_MB: z.coerce.number().positive().max(2048).default(50),
  /** Most data rows in a batch file. */
  UPLOAD_MAX_ROWS: z.coerce.number().int().positive().default(200_000),
  /** Most columns a line of a batch file may have (ADR 025). */
  UPLOAD_MAX_COLUMNS: z.coerce.number().int().min(1).max(10_000).default(500),
  /** 32-byte key (64 hex characters or base64) encrypting uploaded files; else DATA_DIR/file-encryption.key (ADR 014). */
  FILE_ENCRYPTION_KEY: optionalText,
  /** Rows screened per batch job. */
  BATCH_CHUNK_ROWS: z.coerce.number().int().min(10).max(100_000).default(1000),
  /**
   * Worker threads screening batch chunks (0: on the job's own thread); by default one per core:
   * on the embedded database they screen while the main thread writes the chunk before (ADR 082).
   */
  BATCH_SCREEN_WORKERS: z.coerce.number().int().min(0).max(64).default(Math.min(64, availableParallelism())),
  /**
   * How much lower the screening threads' priority is than the process's main thread (a nice
   * value, Linux): the main thread answers requests and, on the embedded database, runs every
   * statement; the threads take the cores it leaves (ADR 088). `clearlist worker`: 0 unless set.
   */
  SCREEN_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** Screening threads started and warmed once the index is open, then kept (ADR 103); "false": started per batch, closed after a minute idle. */
  SCREEN_THREADS_WARM: z
    .enum(['0', '1', 'false', 'true'])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  /** Folder of match index files (ADR 062); unset: DATA_DIR/index; "off": always build from the database. */
  INDEX_DIR: optionalText,
  /** The match index in parts by source (default, ADR 068, 077), a list change remaking only its part; or in one part. */
  INDEX_PARTS: z.enum(['one', 'sources']).default('sources'),
  /** Index parts built, loaded and written, and their dictionary made, on a worker thread per refresh (ADR 072, 077); on by default, "0" turns it off. */
  INDEX_IN_THREAD: z
    .enum(['0', '1', 'false', 'true'])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  /** Braintree credentials (all three, or none for the offline payment provider, ADR 018). */
  BRAINTREE_MERCHANT_ID: optionalText,
  BRAINTREE_PUBLIC_KEY: optionalText,
  BRAINTREE_PRIVATE_KEY: optionalText,
  BRAINTREE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Sign-up attempts (accounts created or cards refused) one address may make an hour; 0: no limit. */
  SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(20),
  /** Cron (UTC) of the daily billing check (invoices on the first business day), or "off". */
  BILLING_SCHEDULE: z
    .string()
    .default('0 7 * * *')
    .refine((v) => v === 'off' || v.trim().split(/\s+/).length === 5, 'a 5-field cron expression or "off"'),
  /** Password reset requests one address may make an hour; 0: no limit. */
  PASSWORD_RESETS_PER_IP_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(10),
  /** Seconds before a reset request's mail job looks the account up: the answer goes out first, alike for every account (issue 53). */
  PASSWORD_RESET_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(300).default(2),
  /** Password reset requests for one username or e-mail (and mails to one account) an hour; 0: no limit. */
  PASSWORD_RESETS_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(3),
  /** Public username checks (GET /services/user/status) one address may make an hour; 0: no limit. */
  USERNAME_CHECKS_PER_IP_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(120),
  /** Interactive searches an anonymous visitor may run a day from one address. */
  ANONYMOUS_SEARCHES_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(10),
  /** Requests one public API key may make a minute (ADR 029). */
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
});

const ListUrlsSchema = z.record(z.string(), z.union([z.string().url(), z.array(z.string().url()).min(1)]));

function parseListUrls(value: string | undefined, ctx: z.RefinementCtx): Record<string, string[]> {
  if (!value) return {};
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be JSON like {"leie": ["https://…/UPDATED.csv"]}' });
    return {};
  }
  const parsed = ListUrlsSchema.safeParse(json);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: `must map source ids to URLs: ${parsed.error.issues[0]?.message}` });
    return {};
  }
  return Object.fromEntries(Object.entries(parsed.data).map(([source, urls]) => [source, typeof urls === 'string' ? [urls] : urls]));
}

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  dataDir: string;
  /** Base of links in e-mails, without a trailing slash: PUBLIC_URL, else this machine's own address (local use). */
  publicUrl: string;
  mailFrom: string;
  smtpUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  logFormat: Env['LOG_FORMAT'];
  trustProxy: boolean;
  sessionTtlHours: number;
  loginLimits: { perUser: number; perIp: number; windowMinutes: number };
  zendeskAppKey: string | undefined;
  /** Answered by GET /services/analytic/apikey; unset: no analytics. */
  analyticsKey: string | undefined;
  bodyLimitBytes: number;
  /** Cron of the scheduled list update check; null when off. */
  listUpdateSchedule: string | null;
  /** Download URLs per list source, overriding the defaults of `lists update`. */
  listUrls: Record<string, string[]>;
  /** SAM.gov API key, needed to download the SAM exclusions extract. */
  samApiKey: string | undefined;
  /** Every publisher URL served from this origin instead (LIST_PUBLISHERS_URL), or null. */
  listPublishersUrl: string | null;
  /** HTTPS_PROXY / HTTP_PROXY / NO_PROXY for publishers' downloads. */
  proxy: { https?: string; http?: string; no?: string };
  /** Directory of the built web app; absent means the API only. */
  webDir: string | undefined;
  uploadMaxBytes: number;
  uploadMaxRows: number;
  uploadMaxColumns: number;
  fileEncryptionKey: string | undefined;
  batchChunkRows: number;
  /** `clearlist demo` seeds its queue paused (ADR 038). */
  demoQueuePaused: boolean;
  batchScreenWorkers: number;
  /** The screening threads' nice value above the main thread's (ADR 088). */
  screenThreadNice: number;
  /** Where this process screens batch chunks: its screening threads started and warmed at start, then kept (ADR 103). */
  screenThreadsWarm: boolean;
  /** Folder of match index files shared by the processes on one DATA_DIR (ADR 062); null: none. */
  indexDir: string | null;
  /** 'sources' (default): the index in parts by source, swapped part by part (ADR 068, 077); 'one': one index. */
  indexParts: 'one' | 'sources';
  /** Index parts built, loaded and written, and their dictionary made, on a worker thread per refresh (ADR 072, 077; default true). */
  indexInThread: boolean;
  /** DATABASE_URL: on the thread path a part is built by a thread that reads its records there on a connection of its own (ADR 081); unset on PGlite. */
  databaseUrl: string | undefined;
  /** Braintree credentials; undefined means the offline payment provider. */
  braintree: { merchantId: string; publicKey: string; privateKey: string; environment: 'sandbox' | 'production' } | undefined;
  /** Sign-ups (created or card refused) one address may make an hour; 0 means no limit. */
  signupsPerIpPerHour: number;
  /** Cron of the daily billing check; null when off. */
  billingSchedule: string | null;
  anonymousSearchesPerDay: number;
  /** Password reset requests an hour per address and per recipient (username or e-mail, and account); 0 means no limit. */
  resetLimits: { perIpPerHour: number; perRecipientPerHour: number };
  /** Seconds a reset request's mail job waits before it looks the account up (PASSWORD_RESET_MAIL_DELAY_SECONDS). */
  resetMailDelaySeconds: number;
  /** Public username checks an hour per address; 0 means no limit. */
  usernameChecksPerIpPerHour: number;
  /** Requests one public API key may make a minute; past it 429 with Retry-After. */
  apiRequestsPerMinute: number;
}

/** Parses the environment; throws one error listing every problem. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const parsed = EnvSchema.superRefine((e, ctx) => {
    const braintree = [e.BRAINTREE_MERCHANT_ID, e.BRAINTREE_PUBLIC_KEY, e.BRAINTREE_PRIVATE_KEY];
    // Links in mails never follow a request's Host header (ADR 024): once mail reaches real
    // people (SMTP) or the server sits behind a proxy, their base must be configured.
    if (!e.PUBLIC_URL && (e.SMTP_URL || e.TRUST_PROXY)) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: `required with ${e.SMTP_URL ? 'SMTP_URL' : 'TRUST_PROXY'}: the address users open Clearlist at, the base of links in e-mails (e.g. https://clearlist.example.org)` });
    }
    if (braintree.some(Boolean) && !braintree.every(Boolean)) {
      ctx.addIssue({ code: 'custom', path: ['BRAINTREE_MERCHANT_ID'], message: 'set BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY together, or none' });
    }
  }).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * The settings of a `clearlist worker` process: as `parseEnv`, but one screening thread unless
 * `BATCH_SCREEN_WORKERS` is set (ADR 083). Workers scale by process, one per core (the compose
 * file runs two on two cores): a pool of one thread per core in each would put workers × cores
 * screening threads on the cores, each expanding the same names into caches of its own.
 */
export function parseWorkerEnv(env: NodeJS.ProcessEnv): Env {
  const unset = (name: string) => env[name] === undefined || env[name] === '';
  // A worker's main thread answers no request and waits on PostgreSQL: its screening thread
  // keeps the process's priority unless SCREEN_THREAD_NICE says otherwise (ADR 088).
  return parseEnv({ ...env, ...(unset('BATCH_SCREEN_WORKERS') ? { BATCH_SCREEN_WORKERS: '1' } : {}), ...(unset('SCREEN_THREAD_NICE') ? { SCREEN_THREAD_NICE: '0' } : {}) });
}

export function toAppConfig(env: Env, webDir: string | undefined): AppConfig {
  return {
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: publicUrlOf(env),
    mailFrom: env.MAIL_FROM,
    smtpUrl: env.SMTP_URL,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    trustProxy: env.TRUST_PROXY,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    loginLimits: {
      perUser: env.LOGIN_MAX_FAILURES_PER_USER,
      perIp: env.LOGIN_MAX_FAILURES_PER_IP,
      windowMinutes: env.LOGIN_WINDOW_MINUTES,
    },
    zendeskAppKey: env.ZENDESK_APP_KEY,
    analyticsKey: env.ANALYTICS_KEY,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    listUpdateSchedule: env.LIST_UPDATE_SCHEDULE === 'off' ? null : env.LIST_UPDATE_SCHEDULE,
    listUrls: env.LIST_URLS,
    samApiKey: env.SAM_API_KEY,
    listPublishersUrl: env.LIST_PUBLISHERS_URL ?? null,
    proxy: { https: env.HTTPS_PROXY ?? env.https_proxy, http: env.HTTP_PROXY ?? env.http_proxy, no: env.NO_PROXY ?? env.no_proxy },
    webDir,
    uploadMaxBytes: Math.round(env.UPLOAD_MAX_MB * 1_048_576),
    uploadMaxRows: env.UPLOAD_MAX_ROWS,
    uploadMaxColumns: env.UPLOAD_MAX_COLUMNS,
    fileEncryptionKey: env.FILE_ENCRYPTION_KEY,
    batchChunkRows: env.BATCH_CHUNK_ROWS,
    demoQueuePaused: env.DEMO_QUEUE_PAUSED,
    batchScreenWorkers: env.BATCH_SCREEN_WORKERS,
    screenThreadNice: env.SCREEN_THREAD_NICE,
    screenThreadsWarm: env.SCREEN_THREADS_WARM,
    indexDir: env.INDEX_DIR === 'off' ? null : path.resolve(env.INDEX_DIR ?? path.join(env.DATA_DIR, 'index')),
    indexParts: env.INDEX_PARTS,
    indexInThread: env.INDEX_IN_THREAD,
    databaseUrl: env.DATABASE_URL,
    braintree:
      env.BRAINTREE_MERCHANT_ID && env.BRAINTREE_PUBLIC_KEY && env.BRAINTREE_PRIVATE_KEY
        ? { merchantId: env.BRAINTREE_MERCHANT_ID, publicKey: env.BRAINTREE_PUBLIC_KEY, privateKey: env.BRAINTREE_PRIVATE_KEY, environment: env.BRAINTREE_ENVIRONMENT }
        : undefined,
    billingSchedule: env.BILLING_SCHEDULE === 'off' ? null : env.BILLING_SCHEDULE,
    signupsPerIpPerHour: env.SIGNUPS_PER_IP_PER_HOUR,
    anonymousSearchesPerDay: env.ANONYMOUS_SEARCHES_PER_DAY,
    resetLimits: { perIpPerHour: env.PASSWORD_RESETS_PER_IP_PER_HOUR, perRecipientPerHour: env.PASSWORD_RESETS_PER_RECIPIENT_PER_HOUR },
    resetMailDelaySeconds: env.PASSWORD_RESET_MAIL_DELAY_SECONDS,
    usernameChecksPerIpPerHour: env.USERNAME_CHECKS_PER_IP_PER_HOUR,
    apiRequestsPerMinute: env.API_REQUESTS_PER_MINUTE,
  };
}

/** PUBLIC_URL, or for local use (mail in the outbox, no proxy) the address the server listens at. */
export function publicUrlOf(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' || env.HOST === '' ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

/**
 * Configuration for tests and tools: everything defaulted (no index files; the index made on the
 * serving thread, so a test's store starts no thread: the thread path's tests ask for it), overridable.
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...toAppConfig(parseEnv({ LOG_LEVEL: 'silent', LIST_UPDATE_SCHEDULE: 'off', INDEX_DIR: 'off', INDEX_IN_THREAD: '0', PASSWORD_RESET_MAIL_DELAY_SECONDS: '0' }), undefined), ...overrides };
}
