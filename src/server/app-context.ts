/** What every feature's routes receive: the database, configuration, mailer, logger and clock. */
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { IndexStore } from './screening/index-store';
import type { PaymentProvider } from './billing/public';

export interface AppContext {
  db: Db;
  database: Database;
  config: AppConfig;
  mailer: Mailer;
  /** The process's structured logger (redacting, ADR 025); requests log through its children. */
  log: Logger;
  /** The job queue, once started (null in tests that do not need one). */
  jobs: JobQueue | null;
  /** The match index of the active lists (absent where nothing screens, e.g. the jobs-only worker). */
  screening?: IndexStore | null;
  /** The payment provider; absent means the configured one (billing/payments.ts, ADR 018). */
  payments?: PaymentProvider;
  /** The clock, replaceable in tests. */
  now: () => Date;
}
