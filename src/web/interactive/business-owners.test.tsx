// @vitest-environment jsdom
import '../test-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MAX_OWNERS, OWNER_TEXTS } from '#shared/business-owners';
import { ELIGIBILITY_TEXTS, type NameSearchResult, type SearchHit } from '#shared/interactive-search';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const LISTS = [{ source: 'leie', title: 'OIG List of Excluded Individuals/Entities (LEIE)', publisher: 'HHS OIG', officialUrl: 'https://oig.hhs.gov/exclusions/', asOf: '2026-03-01', acquiredOn: '2026-03-02', records: 81234, synthetic: false, warning: null }];
const HIT: SearchHit = {
  source: 'leie', sourceTitle: 'OIG List of Excluded Individuals/Entities (LEIE)', recordId: 'r9', kind: 'person', name: 'GEORGE JOHN MORALES', otherNames: [],
  dateOfBirth: '1990-03-18', npi: null, address: '3735 MAIN ST', city: 'DALLAS', state: 'TX', postalCode: '75255', specialty: 'HOME HEALTH AGENCY',
  exclusionType: '1128a1', exclusionDate: '1990-09-06', exclusionTerm: null, reinstatementDate: null, link: 'https://oig.hhs.gov/exclusions/', score: 1, matchedOn: 'Name: same',
};
const person = (firstName: string, lastName: string) => ({ entity: 'individual' as const, firstName, lastName, companyName: null, matchingAlgorithm: 'Exact' as const, dateOfBirth: null, state: null });
const RESULT: NameSearchResult = {
  searchId: 21, reference: 'CL-OWNR-SRCH-01', searchedAt: '2026-12-03T10:00:03.000Z', searchedBy: 'Ana Lyst, Acme Health', lists: LISTS, notSearched: [],
  kind: 'name',
  criteria: { entity: 'business', firstName: null, lastName: null, companyName: 'Lone Star Home Health LLC', matchingAlgorithm: 'Exact', dateOfBirth: null, state: null },
  hits: [],
  owners: [
    { name: 'MORALES, George John', criteria: person('George John', 'MORALES'), hits: [HIT] },
    { name: 'Maria Elena Garcia Lopez', criteria: person('Maria Elena', 'Garcia Lopez'), hits: [] },
  ],
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
const ownerBox = (n: number) => within(form()).getByRole('textbox', { name: `Owner ${n}` });
const searchButton = () => within(form()).getByRole('button', { name: 'Search' });

describe('a business searched with its owners', () => {
  it('takes each owner’s whole name in one field, says what the search counts as, checks each name and sends them as owner', async () => {
    const { server, router } = renderSearch();
    await screen.findByRole('heading', { level: 1, name: 'Interactive Search' });
    expect(within(form()).queryByRole('button', { name: 'Add owner' })).toBeNull();
    fireEvent.click(within(form()).getByRole('radio', { name: 'Business' }));
    fireEvent.change(within(form()).getByRole('textbox', { name: /^Business Name/ }), { target: { value: 'Lone Star Home Health LLC' } });
    expect(within(form()).getByText(OWNER_TEXTS.billing(0))).toBeTruthy();

    fireEvent.click(within(form()).getByRole('button', { name: 'Add owner' }));
    fireEvent.click(within(form()).getByRole('button', { name: 'Add owner' }));
    fireEvent.change(ownerBox(1), { target: { value: ' MORALES, George John ' } });
    fireEvent.change(ownerBox(2), { target: { value: '12345' } });
    fireEvent.blur(ownerBox(2));
    expect(within(form()).getByText(OWNER_TEXTS.noLetters(2))).toBeTruthy();
    expect(searchButton()).toHaveProperty('disabled', true);
    fireEvent.change(ownerBox(2), { target: { value: 'Maria Elena Garcia Lopez' } });
    expect(searchButton()).toHaveProperty('disabled', false);
    expect(within(form()).getByText(OWNER_TEXTS.billing(2))).toBeTruthy();
    // A third field left blank is not searched, nor counted.
    fireEvent.click(within(form()).getByRole('button', { name: 'Add owner' }));
    expect(within(form()).getByText(OWNER_TEXTS.billing(2))).toBeTruthy();

    fireEvent.click(searchButton());
    await screen.findByRole('heading', { level: 1, name: 'Name search results' });
    const call = server.requests.find((r) => r.path === '/services/interactivesearch/name')!;
    expect(call.query.getAll('owner')).toEqual(['MORALES, George John', 'Maria Elena Garcia Lopez']);
    expect(call.query.get('companyName')).toBe('Lone Star Home Health LLC');
    expect(router.state.location.search).toBe('?search=21');
  });

  it('stops adding owners at ten', async () => {
    renderSearch();
    await screen.findByRole('heading', { level: 1, name: 'Interactive Search' });
    fireEvent.click(within(form()).getByRole('radio', { name: 'Business' }));
    const add = within(form()).getByRole('button', { name: 'Add owner' });
    for (let i = 0; i < MAX_OWNERS; i++) fireEvent.click(add);
    expect(within(form()).getAllByRole('textbox', { name: /^Owner \d+$/ })).toHaveLength(MAX_OWNERS);
    expect(add).toHaveProperty('disabled', true);
    fireEvent.click(within(form()).getByRole('button', { name: 'Remove owner 3' }));
    expect(within(form()).getAllByRole('textbox', { name: /^Owner \d+$/ })).toHaveLength(MAX_OWNERS - 1);
    expect(add).toHaveProperty('disabled', false);
  });

  it('shows the business’s findings and, per owner, how the name was read and its matches or “no match”', async () => {
    sessionStorage.setItem(`clearlist.search.${RESULT.searchId}`, JSON.stringify(RESULT));
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['paying_user', 'name_search_user'] })) });
    renderApp(`/interactive/results?search=${RESULT.searchId}`);
    await screen.findByRole('heading', { level: 1, name: 'Name search results' });
    expect(screen.getByText('No match: “Lone Star Home Health LLC” was not found on any list searched. 1 of 2 owners has potential matches: “MORALES, George John”.')).toBeTruthy();
    expect(screen.getByText('Lone Star Home Health LLC · Exact · owners: MORALES, George John; Maria Elena Garcia Lopez')).toBeTruthy();
    const first = screen.getByRole('region', { name: 'Owner 1: MORALES, George John' });
    expect(within(first).getByText('Searched as a person: first name George John, last name MORALES · Exact')).toBeTruthy();
    expect(within(first).getByText(/^1 potential match for “MORALES, George John”/)).toBeTruthy();
    expect(within(within(first).getByRole('article')).getByRole('heading', { name: '1. GEORGE JOHN MORALES' })).toBeTruthy();
    const second = screen.getByRole('region', { name: 'Owner 2: Maria Elena Garcia Lopez' });
    expect(within(second).getByText('No match: “Maria Elena Garcia Lopez” was not found on any list searched.')).toBeTruthy();
    expect(within(second).queryByRole('article')).toBeNull();
    // The lists searched are named once, for the business and its owners alike.
    expect(screen.getAllByRole('heading', { name: 'Lists searched' })).toHaveLength(1);
  });
});
