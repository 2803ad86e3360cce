/** A background job: its name, the shape of its payload, and an idempotent handler. */
import type { ZodType } from 'zod';
import type { AppContext } from '../app-context';

export interface JobDefinition<T = unknown> {
  name: string;
  payloadSchema: ZodType<T>;
  /** Must be safe to run twice with the same payload (a killed worker's job is retried). */
  handler(ctx: AppContext, payload: T): Promise<void>;
  /** Cron expression when the job runs on a schedule (UTC). */
  schedule?: (ctx: AppContext) => string | null;
  /** Attempts before a job is failed for good. */
  retryLimit?: number;
  /** Held back while an operator has paused the batch queue (ADR 038). */
  isPausable?: boolean;
  /**
   * Jobs of this queue one process runs at once on a PostgreSQL server (default 1): a batch chunk's database work overlaps the next chunk's screening (ADR 065).
   */
  postgresConcurrency?: number;
  /**
   * Jobs of this queue the embedded database's process runs at once (default 1): they share its
   * one connection, and a batch chunk is screened on the pool's threads while the chunk before
   * it is written on the main thread (ADR 082).
   */
  embeddedConcurrency?: number;
}

/** Declares a job with its payload type inferred from the schema. */
export function defineJob<T>(job: JobDefinition<T>): JobDefinition<T> {
  return job;
}
