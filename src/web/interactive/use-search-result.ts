/** The result a page shows: from the search that just ran, this tab's storage, or the server (Search History). */
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { InteractiveResultSchema, type InteractiveResult } from '#shared/interactive-search';
import { useSessionUser } from '../app/current-user';
import { fetchStoredResult } from './interactive-api';
import { readKeptResult } from './result-store';

export type ResultState = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; result: InteractiveResult };

export function useSearchResult(kind: InteractiveResult['kind']): ResultState {
  const location = useLocation();
  const [params] = useSearchParams();
  const user = useSessionUser();
  const searchId = Number(params.get('search'));
  const passed = InteractiveResultSchema.safeParse((location.state as { result?: unknown } | null)?.result);
  const local = passed.success && passed.data.searchId === searchId ? passed.data : Number.isInteger(searchId) && searchId > 0 ? readKeptResult(searchId) : null;
  const canFetch = !local && Boolean(user) && Number.isInteger(searchId) && searchId > 0;
  const stored = useQuery({ queryKey: ['interactive', 'search', searchId], queryFn: () => fetchStoredResult(searchId), enabled: canFetch, retry: false, staleTime: Infinity });

  const result = local ?? stored.data ?? null;
  if (result && result.kind === kind) return { status: 'ready', result };
  if (result) return { status: 'missing' };
  if (user === undefined || (canFetch && stored.isPending)) return { status: 'loading' };
  return { status: 'missing' };
}
