// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { json, makeUser, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';

const Page = (name: string) => () => <h1>{name}</h1>;
const PAGES = { '/flex-search/:batchId/details': Page('Results of batch'), '/privacy': Page('Privacy') };
const events = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'PUT' && r.path === '/services/analytic').map((r) => r.query.get('event'));

function stub(key: string | null) {
  return stubServer({
    'GET /services/user/info': userInfoHandler(makeUser()),
    'GET /services/analytic/apikey': () => json(200, key),
    'PUT /services/analytic': () => new Response(null, { status: 204 }),
  });
}

describe('page analytics', () => {
  it('reports each page view by its route pattern when a key is configured: no ids, no query, no user', async () => {
    const server = stub('analytics-key-1');
    const { router } = renderApp('/flex-search/4711/details?status=open', PAGES);
    await screen.findByRole('heading', { name: 'Results of batch' });
    await waitFor(() => expect(events(server.requests)).toEqual(['page /flex-search/:batchId/details']));
    await act(() => router.navigate('/privacy'));
    await waitFor(() => expect(events(server.requests)).toEqual(['page /flex-search/:batchId/details', 'page /privacy']));
    const sent = server.requests.filter((r) => r.path === '/services/analytic').map((r) => `${r.query.toString()} ${JSON.stringify(r.body ?? '')}`).join(' ');
    for (const personal of ['4711', 'open', 'Ada', 'Reyes', 'Harbor']) expect(sent).not.toContain(personal);
  });

  it('sends nothing when no key is configured', async () => {
    const server = stub(null);
    const { router } = renderApp('/privacy', PAGES);
    await screen.findByRole('heading', { name: 'Privacy' });
    await waitFor(() => expect(server.requests.some((r) => r.path === '/services/analytic/apikey')).toBe(true));
    await act(() => router.navigate('/flex-search/4711/details'));
    await screen.findByRole('heading', { name: 'Results of batch' });
    expect(events(server.requests)).toEqual([]);
  });
});
