/**
 * The spec's analytics calls (accounts-and-access §7, ADR 128): the web app asks for the key once
 * and, only when one is configured, reports each page view as `PUT /services/analytic?event=…`
 * naming the route's pattern (`page /flex-search/:batchId/details`): never the path's ids, the
 * query string or anything about the user. Failures are only dropped (spec §8).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AnalyticsKeySchema } from '#shared/analytics';
import { api } from './api';

const analyticsKeyQuery = {
  queryKey: ['analytics', 'key'],
  queryFn: () => api('/services/analytic/apikey', { schema: AnalyticsKeySchema }),
  staleTime: Infinity,
  retry: false,
} as const;

/** The event of a view of the route `pattern`: its pattern only, in the characters an event name allows. */
export function pageViewEvent(pattern: string): string {
  return `page ${pattern.replace(/[^\w .:/-]/g, '')}`.slice(0, 100);
}

/** Reports a view of each route pattern shown, when an analytics key is configured. */
export function usePageAnalytics(pattern: string | undefined): void {
  const key = useQuery(analyticsKeyQuery).data;
  useEffect(() => {
    if (!key || !pattern) return;
    const event = encodeURIComponent(pageViewEvent(pattern));
    api(`/services/analytic?event=${event}`, { method: 'PUT' }).catch(() => undefined);
  }, [key, pattern]);
}
