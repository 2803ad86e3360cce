// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ELIGIBILITY_TEXTS, INTERACTIVE_ERROR_TEXTS, type NpiSearchResult, type SearchHit } from '#shared/interactive-search';
import { json, renderApp, stubServer, userInfoHandler } from '../test-utils';

// Issue 50: an NPI answer with npi-match false still shows what the search found (the proof of
// search is the printed result page: it never leaves out a hit), the spec's NPINotFound beside it.
const LISTS = [{ source: 'leie', title: 'OIG List of Excluded Individuals/Entities (LEIE)', publisher: 'HHS OIG', officialUrl: 'https://oig.hhs.gov/exclusions/', asOf: '2026-03-01', acquiredOn: '2026-03-02', records: 81234, synthetic: false, warning: null }];
const META = { searchId: 9, reference: 'CL-NPIX-NOTN-PP', searchedAt: '2026-04-15T10:00:03.000Z', searchedBy: null, lists: LISTS, notSearched: [] };
const OKAFOR: SearchHit = {
  source: 'leie', sourceTitle: 'OIG List of Excluded Individuals/Entities (LEIE)', recordId: 'r9', kind: 'person', name: 'DANIEL OKAFOR', otherNames: [],
  dateOfBirth: '1971-02-03', npi: '1000000020', address: '9 Elm St', city: 'DAYTON', state: 'OH', postalCode: '45402', specialty: 'NURSING',
  exclusionType: '1128a1', exclusionDate: '2019-05-20', exclusionTerm: null, reinstatementDate: null, link: 'https://oig.hhs.gov/exclusions/', score: 0.99, matchedOn: 'NPI matches exactly',
};
const NOT_IN_NPPES: NpiSearchResult = {
  ...META, kind: 'npi', 'npi-match': false, criteria: { npi: '1000000020', name: null }, nameCheck: null, npiProblem: null, searchedByName: false, nppes: null,
  exclusionStatus: 'Exclusion Found', exclusions: [OKAFOR], optOutStatus: 'Not Found on Opt Out List', optOut: null,
};
const CHECK_DIGIT: NpiSearchResult = {
  ...NOT_IN_NPPES, criteria: { npi: '1730405613', name: 'Sylvie Catarina' }, npiProblem: 'NPI fails the check digit; screened by name', searchedByName: true,
  exclusions: [{ ...OKAFOR, recordId: 'r10', name: 'SYLVIE CATARINA', npi: '1730405613', matchedOn: 'Last name: same; First name: same; NPI matches exactly' }],
};

const card = () => screen.getByRole('region', { name: 'Check a name or NPI now' });
const granted = () => json(200, { name: 'GRANTED', text: ELIGIBILITY_TEXTS.granted });

async function searchNpi(npi: string, answer: NpiSearchResult, name?: string) {
  const handlers: Parameters<typeof stubServer>[0] = { 'GET /services/user/info': userInfoHandler(null), 'GET /services/interactivesearch/eligibility': granted, [`GET /services/interactivesearch/npi/${npi}`]: () => json(200, answer) };
  const server = stubServer(handlers);
  const { router } = renderApp('/');
  await screen.findByRole('heading', { name: 'Check a name or NPI now' });
  fireEvent.click(within(card()).getByRole('radio', { name: 'NPI' }));
  fireEvent.change(within(card()).getByRole('textbox', { name: /^NPI/ }), { target: { value: npi } });
  if (name) fireEvent.change(within(card()).getByRole('textbox', { name: /^Provider's name/ }), { target: { value: name } });
  fireEvent.click(within(card()).getByRole('button', { name: 'Search' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'I Acknowledge' }));
  await screen.findByRole('heading', { level: 1, name: 'NPI search results' });
  return { server, router };
}

describe('an NPI answer with npi-match false and findings', () => {
  it('an NPI on an exclusion list but not in NPPES: NPINotFound word for word, and the exclusion record, on the printable result page', async () => {
    const { router } = await searchNpi('1000000020', NOT_IN_NPPES);
    expect(router.state.location.pathname).toBe('/npi/results');
    const outcome = screen.getByText((text) => text.startsWith(INTERACTIVE_ERROR_TEXTS.NPINotFound));
    expect(outcome.textContent).toBe(`${INTERACTIVE_ERROR_TEXTS.NPINotFound} NPI 1000000020: an exclusion record carries this NPI. Review before any decision.`);
    const exclusions = screen.getByRole('region', { name: 'Exclusion records with this NPI' });
    expect(within(exclusions).getByRole('heading', { name: '1. DANIEL OKAFOR' })).toBeTruthy();
    // The status as the batch's NPI tab has it: Invalid, Exclusion Found.
    const status = screen.getByRole('region', { name: 'Status' });
    expect(within(status).getByText('Invalid')).toBeTruthy();
    expect(within(status).getByText('Exclusion Found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save as PDF' })).toBeTruthy();
  });

  it('an NPI failing the check digit with a name: the NPI’s problem, and the name’s matches', async () => {
    await searchNpi('1730405613', CHECK_DIGIT, 'Sylvie Catarina');
    expect(screen.getByText(`${INTERACTIVE_ERROR_TEXTS.NPINotFound} NPI 1730405613: NPI fails the check digit; screened by name; exclusion records carry this NPI or this name. Review before any decision.`)).toBeTruthy();
    const exclusions = screen.getByRole('region', { name: 'Exclusion records with this NPI or the name Sylvie Catarina' });
    expect(within(exclusions).getByRole('heading', { name: '1. SYLVIE CATARINA' })).toBeTruthy();
  });
});
