// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NpiSearchResult, SearchHistory } from '#shared/interactive-search';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const HISTORY: SearchHistory = {
  total: 2,
  items: [
    { searchId: 12, reference: 'CL-AAAA-BBBB-CC', searchedAt: '2026-04-15T10:00:03.000Z', searchedBy: 'Ada Reyes', kind: 'npi', criteria: 'NPI 1000994545', outcome: 'NPPES: Active · 1 exclusion record · opted out of Medicare', hits: 1 },
    { searchId: 11, reference: 'CL-DDDD-EEEE-FF', searchedAt: '2026-04-14T09:00:00.000Z', searchedBy: 'Ada Reyes', kind: 'name', criteria: 'Jane Roe · Exact', outcome: 'No match', hits: 0 },
  ],
};
const NPI_RESULT: NpiSearchResult = {
  searchId: 12, reference: 'CL-AAAA-BBBB-CC', searchedAt: '2026-04-15T10:00:03.000Z', searchedBy: 'Ada Reyes, Harbor Health',
  lists: [{ source: 'nppes', title: 'NPPES National Provider Identifier Registry', publisher: 'CMS', officialUrl: 'https://npiregistry.cms.hhs.gov/', asOf: '2026-04-01', acquiredOn: '2026-04-02', records: 9000000, synthetic: false, warning: null }],
  notSearched: [],
  kind: 'npi', 'npi-match': true, criteria: { npi: '1000994545', name: null }, nameCheck: null, npiProblem: null, searchedByName: false,
  nppes: { npi: '1000994545', name: 'DONALD BAILEY', entityType: 'Individual', status: 'Deactivated', deactivationDate: '2024-01-31', reactivationDate: null, specialty: null, location: 'PHOENIX, AZ', link: 'https://npiregistry.cms.hhs.gov/provider-view/1000994545' },
  exclusionStatus: 'No Exclusions Found', exclusions: [], optOutStatus: 'Found on Opt Out List', optOut: { effectiveDate: '2025-07-11', term: 'until 2027-07-11', link: 'https://data.cms.gov/' },
};

describe('Search History', () => {
  it('lists date, who, criteria and outcome, and reopens a result from the server', async () => {
    const user = makeUser({ roles: ['paying_user', 'npi_search_user'] });
    const server = stubServer({
      'GET /services/user/info': userInfoHandler(user),
      'GET /services/interactivesearch/history': () => json(200, HISTORY),
      'GET /services/interactivesearch/searches/12': () => json(200, NPI_RESULT),
    });
    const { router } = renderApp('/searchhistory/main');
    await screen.findByRole('heading', { level: 1, name: 'Search History' });
    const row = (await screen.findByText('CL-AAAA-BBBB-CC')).closest('tr')!;
    expect(within(row).getByText('2026-04-15 10:00 UTC')).toBeTruthy();
    expect(within(row).getByText('NPI 1000994545')).toBeTruthy();
    expect(within(row).getByText(/opted out of Medicare/)).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/services/interactivesearch/history')?.query.get('page')).toBe('1');

    fireEvent.click(within(row).getByRole('link', { name: /Open result/ }));
    await screen.findByRole('heading', { level: 1, name: 'NPI search results' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/npi/results?search=12');
    // The spec's status colours: Inactive and Found on Opt Out List in red.
    expect(screen.getByText('Inactive').style.color).toBe('var(--mantine-color-red-9)');
    expect(screen.getByText('Found on Opt Out List').style.color).toBe('var(--mantine-color-red-9)');
    expect(screen.getByText('No Exclusions Found').style.color).toBe('var(--mantine-color-dark-6)');
    expect(screen.getByText(/NPPES lists the NPI as deactivated/)).toBeTruthy();
  });

  it('filters by type, result and text, back on the first page, and says when nothing matches', async () => {
    const server = stubServer({
      'GET /services/user/info': userInfoHandler(makeUser({ roles: ['paying_user', 'npi_search_user'] })),
      'GET /services/interactivesearch/history': (request) =>
        json(200, request.query.get('q') === 'nobody' ? { total: 0, items: [] } : { total: 60, items: HISTORY.items }),
    });
    renderApp('/searchhistory/main');
    await screen.findByText('CL-AAAA-BBBB-CC');
    const lastQuery = () => server.requests.filter((r) => r.path === '/services/interactivesearch/history').at(-1)!.query;
    fireEvent.click(screen.getByRole('button', { name: '2' })); // page 2 of 3
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));

    fireEvent.click(screen.getByLabelText('Type', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'NPI' }));
    await waitFor(() => expect(lastQuery().get('kind')).toBe('npi'));
    expect(lastQuery().get('page')).toBe('1');
    fireEvent.click(screen.getByLabelText('Result', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Records found' }));
    await waitFor(() => expect(lastQuery().get('result')).toBe('matches'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Criteria or reference' }), { target: { value: ' nobody ' } });
    await waitFor(() => expect(lastQuery().get('q')).toBe('nobody'));
    expect(await screen.findByText('No searches match these filters.')).toBeTruthy();
    expect(screen.queryByText(/No searches yet/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect([...lastQuery().keys()].sort()).toEqual(['limits', 'page']));
    expect(await screen.findByText('CL-AAAA-BBBB-CC')).toBeTruthy();
  });

  it('a result page with nothing to show says where results are kept', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(null) });
    renderApp('/interactive/results?search=99');
    expect(await screen.findByText('This result is not available here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new search' }).getAttribute('href')).toBe('/');
  });
});
