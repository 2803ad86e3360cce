/** What every feature's routes receive: the database, configuration, mailer and clock. */
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';

export interface AppContext {
  db: Db;
  database: Database;
  config: AppConfig;
  mailer: Mailer;
  /** The job queue, once started (null in tests that do not need one). */
  jobs: JobQueue | null;
  /** The clock, replaceable in tests. */
  now: () => Date;
}
