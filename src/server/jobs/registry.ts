/** Every background job of the app, in one list. */
import type { JobDefinition } from './job';

export const JOBS: readonly JobDefinition<never>[] = [];
