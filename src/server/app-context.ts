/** What every feature's routes receive: the database, configuration, mailer and clock. */
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './mail/mailer';

export interface AppContext {
  db: Db;
  database: Database;
  config: AppConfig;
  mailer: Mailer;
  /** The clock, replaceable in tests. */
  now: () => Date;
}
