/** Every background job of the app, in one list. */
import { checkListUpdatesJob } from '../lists/jobs';
import type { JobDefinition } from './job';

export const JOBS: readonly JobDefinition<never>[] = [checkListUpdatesJob as JobDefinition<never>];
