/** The federal publishers in the stand-in (research/list-acquisition.md §1). */
import type { PublisherRoutes } from './types';

export function federalRoutes(): PublisherRoutes {
  return {};
}
