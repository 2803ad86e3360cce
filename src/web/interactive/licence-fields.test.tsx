// @vitest-environment jsdom
import '../test-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ELIGIBILITY_TEXTS, type NameSearchResult } from '#shared/interactive-search';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

// Issue 52: the signed-in name search takes a licence number, the state that issued it and a provider type,
// as the API, the batch criteria and Advance Search do.
const RESULT: NameSearchResult = {
  searchId: 31, reference: 'CL-LICE-NSE1-01', searchedAt: '2026-12-03T10:00:03.000Z', searchedBy: 'Ana Lyst, Acme Health', lists: [], notSearched: [],
  kind: 'name',
  criteria: { entity: 'individual', firstName: 'Eric', lastName: 'Rodriguez', companyName: null, matchingAlgorithm: 'Exact', dateOfBirth: null, state: null, licenseNumber: 'A12345', licenseState: 'CA', providerType: 'RN' },
  hits: [],
};

afterEach(() => sessionStorage.clear());

function renderSearch() {
  const user = makeUser({ roles: ['paying_user', 'name_search_user'] });
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(user),
    'GET /services/interactivesearch/eligibility': () => json(200, { name: 'GRANTED', text: ELIGIBILITY_TEXTS.granted }),
    'GET /services/interactivesearch/name': () => json(200, RESULT),
  });
  return { ...renderApp('/interactive/search'), server };
}

const form = () => screen.getByRole('form', { name: 'Interactive search' });
const box = (name: RegExp) => within(form()).getByRole('textbox', { name });

describe('licence and provider type on the name search', () => {
  it('sends the licence number with its state and the provider type, trimmed; the licence state waits for a number', async () => {
    const { server } = renderSearch();
    await screen.findByRole('heading', { level: 1, name: 'Interactive Search' });
    fireEvent.change(box(/^First Name/), { target: { value: 'Eric' } });
    fireEvent.change(box(/^Last Name/), { target: { value: 'Rodriguez' } });
    const licenceState = within(form()).getByLabelText(/^Licence state/, { selector: 'input' });
    expect(licenceState).toHaveProperty('disabled', true);
    fireEvent.change(box(/^Licence number/), { target: { value: ' A12345 ' } });
    expect(licenceState).toHaveProperty('disabled', false);
    fireEvent.click(licenceState);
    fireEvent.click(await screen.findByRole('option', { name: /California/ }));
    fireEvent.change(box(/^Provider type/), { target: { value: ' RN ' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Search' }));
    await screen.findByRole('heading', { level: 1, name: 'Name search results' });
    const call = server.requests.find((r) => r.path === '/services/interactivesearch/name')!;
    expect(call.query.get('licenseNumber')).toBe('A12345');
    expect(call.query.get('providerType')).toBe('RN');
    expect(call.query.get('licenseState')).toBe('CA');
  });

  it('sends no licence state without a licence number', async () => {
    const { server } = renderSearch();
    await screen.findByRole('heading', { level: 1, name: 'Interactive Search' });
    fireEvent.change(box(/^First Name/), { target: { value: 'Eric' } });
    fireEvent.change(box(/^Last Name/), { target: { value: 'Rodriguez' } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Search' }));
    await screen.findByRole('heading', { level: 1, name: 'Name search results' });
    const call = server.requests.find((r) => r.path === '/services/interactivesearch/name')!;
    expect([call.query.get('licenseNumber'), call.query.get('licenseState'), call.query.get('providerType')]).toEqual([null, null, null]);
  });
});
