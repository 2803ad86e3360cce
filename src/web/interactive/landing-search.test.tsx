// @vitest-environment jsdom
import '../test-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ELIGIBILITY_TEXTS, INTERACTIVE_ERROR_TEXTS, NPI_CHECK_DIGIT_HINT, type NameSearchResult, type NpiSearchResult } from '#shared/interactive-search';
import { INTENT_DECLINED, MESSAGES } from '#shared/messages';
import { apiError, json, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';

const LISTS = [{ source: 'leie', title: 'OIG List of Excluded Individuals/Entities (LEIE)', publisher: 'HHS OIG', officialUrl: 'https://oig.hhs.gov/exclusions/', asOf: '2026-03-01', acquiredOn: '2026-03-02', records: 81234, synthetic: false, warning: null }];
const META = { searchId: 7, reference: 'CL-ABCD-EFGH-JK', searchedAt: '2026-04-15T10:00:03.000Z', searchedBy: null, lists: LISTS, notSearched: [] };
const NAME_RESULT: NameSearchResult = {
  ...META,
  kind: 'name',
  criteria: { entity: 'individual', firstName: 'Donald', lastName: 'Bailey', companyName: null, matchingAlgorithm: 'Exact', dateOfBirth: null, state: null },
  hits: [
    {
      source: 'leie', sourceTitle: 'OIG List of Excluded Individuals/Entities (LEIE)', recordId: 'r1', kind: 'person', name: 'DONALD BAILEY', otherNames: [],
      dateOfBirth: '1960-08-19', npi: '1000994545', address: '1 Main St', city: 'PHOENIX', state: 'AZ', postalCode: '85074', specialty: null,
      exclusionType: '1128b4', exclusionDate: '2013-12-23', exclusionTerm: null, reinstatementDate: null, link: 'https://oig.hhs.gov/exclusions/', score: 0.9, matchedOn: 'name exact',
    },
  ],
};
const NPI_MISSING: NpiSearchResult = {
  ...META, kind: 'npi', 'npi-match': false, criteria: { npi: '1234567893', name: null }, nameCheck: null, npiProblem: null, searchedByName: false, nppes: null, exclusionStatus: 'No Exclusions Found', exclusions: [], optOutStatus: 'Not Found on Opt Out List', optOut: null,
};

// NPI 1000994545 is Donald Bailey's in NPPES; the searcher has it for Jennifer Garcia.
const NPI_SOMEONE_ELSES: NpiSearchResult = {
  ...META, kind: 'npi', 'npi-match': true, criteria: { npi: '1000994545', name: 'Jennifer Garcia' }, npiProblem: null, searchedByName: false,
  nameCheck: { agrees: false, givenName: 'Jennifer Garcia', nppesName: 'BAILEY, DONALD JOHN', verdict: 'Does not agree: the name on your list (Jennifer Garcia) is not the name NPPES holds for this NPI (BAILEY, DONALD JOHN). The NPI may belong to someone else.', lines: ['Last name: different (Garcia vs Bailey)', 'First name: different (Jennifer vs Donald)'] },
  nppes: { npi: '1000994545', name: 'DONALD JOHN BAILEY', entityType: 'Individual', status: 'Active', deactivationDate: null, reactivationDate: null, specialty: null, location: null, link: null },
  exclusionStatus: 'No Exclusions Found', exclusions: [], optOutStatus: 'Not Found on Opt Out List', optOut: null,
};

function renderLanding(handlers: Record<string, (r: RecordedRequest) => Response>) {
  const server = stubServer({ 'GET /services/user/info': userInfoHandler(null), ...handlers });
  const rendered = renderApp('/');
  return { ...rendered, server };
}

const card = () => screen.getByRole('region', { name: 'Check a name or NPI now' });
const searchButton = () => within(card()).getByRole('button', { name: 'Search' });
const fill = (label: RegExp, value: string) => fireEvent.change(within(card()).getByRole('textbox', { name: label }), { target: { value } });
const granted = () => json(200, { name: 'GRANTED', text: ELIGIBILITY_TEXTS.granted });

afterEach(() => sessionStorage.clear());

describe('the landing search form', () => {
  it('keeps Search blocked until the required fields hold more than spaces, and says so on blur', async () => {
    renderLanding({});
    await screen.findByRole('heading', { name: 'Check a name or NPI now' });
    expect(searchButton()).toHaveProperty('disabled', true);
    fill(/^First Name/, '   ');
    fireEvent.blur(within(card()).getByRole('textbox', { name: /^First Name/ }));
    expect(within(card()).getByText(MESSAGES.required)).toBeTruthy();
    fill(/^First Name/, 'Donald');
    fill(/^Last Name/, 'Bailey');
    expect(searchButton()).toHaveProperty('disabled', false);
  });

  it("asks for the business name with the contract's message, and a name longer than the contract allows keeps Search blocked", async () => {
    renderLanding({});
    await screen.findByRole('heading', { name: 'Check a name or NPI now' });
    fireEvent.click(within(card()).getByRole('radio', { name: 'Business' }));
    fill(/^Business Name/, ' ');
    fireEvent.blur(within(card()).getByRole('textbox', { name: /^Business Name/ }));
    expect(within(card()).getByText(MESSAGES.required)).toBeTruthy();
    expect(searchButton()).toHaveProperty('disabled', true);
    fill(/^Business Name/, 'x'.repeat(201));
    expect(searchButton()).toHaveProperty('disabled', true);
    fill(/^Business Name/, 'United Ambulance');
    expect(searchButton()).toHaveProperty('disabled', false);
  });

  it('checks the NPI rule on blur with a clear message', async () => {
    renderLanding({});
    await screen.findByRole('heading', { name: 'Check a name or NPI now' });
    fireEvent.click(within(card()).getByRole('radio', { name: 'NPI' }));
    fill(/^NPI/, '12345');
    fireEvent.blur(within(card()).getByRole('textbox', { name: /^NPI/ }));
    expect(within(card()).getByText('NPI is not valid. Valid NPI is 10 digits with no extra characters or spaces')).toBeTruthy();
    // Ten digits failing the check digit are searched all the same, the hint saying how (issue 50).
    fill(/^NPI/, '1234567890');
    expect(within(card()).getByText(NPI_CHECK_DIGIT_HINT)).toBeTruthy();
    expect(searchButton()).toHaveProperty('disabled', false);
    fill(/^NPI/, '1234567893');
    expect(within(card()).queryByText(NPI_CHECK_DIGIT_HINT)).toBeNull();
    expect(searchButton()).toHaveProperty('disabled', false);
  });

  it('asks for the intent of use, then eligibility, then searches trimmed names and opens the result page', async () => {
    const { server, router } = renderLanding({
      'GET /services/interactivesearch/eligibility': granted,
      'GET /services/interactivesearch/name': () => json(200, NAME_RESULT),
    });
    await screen.findByRole('heading', { name: 'Check a name or NPI now' });
    fill(/^First Name/, '  Donald ');
    fill(/^Last Name/, 'Bailey');
    fireEvent.click(searchButton());
    const dialog = await screen.findByRole('dialog', { name: 'Intent of Use' });
    expect(server.requests.some((r) => r.path.startsWith('/services/interactivesearch'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'I Acknowledge' }));
    await screen.findByRole('heading', { level: 1, name: 'Name search results' });
    const calls = server.requests.filter((r) => r.path.startsWith('/services/interactivesearch'));
    expect(calls.map((r) => r.path)).toEqual(['/services/interactivesearch/eligibility', '/services/interactivesearch/name']);
    expect(Object.fromEntries(calls[1].query)).toEqual({ firstName: 'Donald', lastName: 'Bailey', matchingAlgorithm: 'Exact' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/interactive/results?search=7');
    expect(screen.getByText('1 potential match for “Donald Bailey”. Confirm each against the official record before any decision.')).toBeTruthy();
    expect(screen.getByText('CL-ABCD-EFGH-JK')).toBeTruthy();
    expect(screen.getByText('2026-04-15 10:00:03 UTC')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save as PDF' })).toBeTruthy();
  });

  it('shows an eligibility answer other than GRANTED as the error, and searches nothing', async () => {
    const { server } = renderLanding({ 'GET /services/interactivesearch/eligibility': () => json(200, { name: 'DAILY_LIMIT_REACHED', text: ELIGIBILITY_TEXTS.dailyLimit(10) }) });
    await screen.findByRole('heading', { name: 'Check a name or NPI now' });
    fill(/^First Name/, 'Donald');
    fill(/^Last Name/, 'Bailey');
    fireEvent.click(searchButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'I Acknowledge' }));
    expect((await within(card()).findByRole('alert')).textContent).toBe(ELIGIBILITY_TEXTS.dailyLimit(10));
    expect(server.requests.some((r) => r.path === '/services/interactivesearch/name')).toBe(false);
  });

  it('errors keyed by name: the server text, else the default for the name, else Error occurred.', async () => {
    let answer = () => apiError(422, 'MaxMatchesExceeded', '');
    renderLanding({ 'GET /services/interactivesearch/eligibility': granted, 'GET /services/interactivesearch/name': () => answer() });
    await screen.findByRole('heading', { name: 'Check a name or NPI now' });
    fill(/^First Name/, 'John');
    fill(/^Last Name/, 'Smith');
    const run = async () => {
      fireEvent.click(searchButton());
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'I Acknowledge' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      return within(card()).findByRole('alert');
    };
    expect((await run()).textContent).toBe(INTERACTIVE_ERROR_TEXTS.MaxMatchesExceeded);
    answer = () => apiError(422, 'MaxMatchesExceeded', 'Too many, says the server.');
    await waitFor(async () => expect((await run()).textContent).toBe('Too many, says the server.'));
    answer = () => apiError(500, 'SomethingElse', '');
    await waitFor(async () => expect((await run()).textContent).toBe(MESSAGES.genericError));
  });

  it("sends the provider's name with an NPI; a name NPPES does not hold makes the result a finding, both names side by side", async () => {
    const { server } = renderLanding({ 'GET /services/interactivesearch/eligibility': granted, 'GET /services/interactivesearch/npi/1000994545': () => json(200, NPI_SOMEONE_ELSES) });
    await screen.findByRole('heading', { name: 'Check a name or NPI now' });
    fireEvent.click(within(card()).getByRole('radio', { name: 'NPI' }));
    fill(/^NPI/, '1000994545');
    fill(/^Provider's name/, ' Jennifer Garcia ');
    fireEvent.click(searchButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'I Acknowledge' }));
    await screen.findByRole('heading', { level: 1, name: 'NPI search results' });
    const call = server.requests.find((r) => r.path === '/services/interactivesearch/npi/1000994545')!;
    expect(call.query.get('name')).toBe('Jennifer Garcia');
    expect(screen.getByText(/the NPI may belong to someone else\. Review before any decision\./)).toBeTruthy();
    const check = screen.getByRole('region', { name: 'Name check' });
    expect(within(check).getByText('Jennifer Garcia')).toBeTruthy();
    expect(within(check).getByText('BAILEY, DONALD JOHN')).toBeTruthy();
    expect(within(within(check).getByRole('list', { name: 'Names compared' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Last name: different (Garcia vs Bailey)', 'First name: different (Jennifer vs Donald)']);
  });

  it('an NPI search with npi-match false shows NPINotFound; declining the intent shows its message', async () => {
    renderLanding({ 'GET /services/interactivesearch/eligibility': granted, 'GET /services/interactivesearch/npi/1234567893': () => json(200, NPI_MISSING) });
    await screen.findByRole('heading', { name: 'Check a name or NPI now' });
    fireEvent.click(within(card()).getByRole('radio', { name: 'NPI' }));
    fill(/^NPI/, '1234567893');
    fireEvent.click(searchButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'I Acknowledge' }));
    expect((await within(card()).findByRole('alert')).textContent).toBe(INTERACTIVE_ERROR_TEXTS.NPINotFound);
    fireEvent.click(searchButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'I Decline' }));
    expect((await within(card()).findByRole('alert')).textContent).toBe(INTENT_DECLINED);
  });
});
