/** Every publisher the stand-in serves: the federal ones and the states (research/list-acquisition.md). */
import { federalRoutes } from './federal';
import { stateRoutes } from './states';
import type { PublisherRoutes } from './types';

export function publisherRoutes(): PublisherRoutes {
  return { ...federalRoutes(), ...stateRoutes() };
}

/** The sources the routes serve, sorted. */
export function servedSources(routes: PublisherRoutes = publisherRoutes()): string[] {
  return [...new Set(Object.values(routes).map((r) => r.source))].sort();
}
