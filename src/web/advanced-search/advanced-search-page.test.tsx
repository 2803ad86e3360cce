// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdvancedOptions, AdvancedSearchResult } from '#shared/advanced-search';
import { MESSAGES } from '#shared/messages';
import { apiError, json, makeUser, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';

const OPTIONS: AdvancedOptions = {
  groups: [
    { id: 'federal', title: 'Federal exclusions', lists: [{ source: 'leie', title: 'OIG LEIE', allowed: true }, { source: 'sam', title: 'SAM.gov exclusions', allowed: true }] },
    { id: 'registries', title: 'NPPES, Medicare opt-out and Death Master File', lists: [{ source: 'nppes', title: 'NPPES', allowed: true }, { source: 'dmf', title: 'Death Master File', allowed: false }] },
  ],
  sensitivity: { min: 0.6, max: 0.95, step: 0.05, default: 0.8 },
  reinstatedRecords: 24,
};
const RESULT: AdvancedSearchResult = {
  kind: 'advanced', searchId: 41, reference: 'CL-AAAA-BBBB-CC', searchedAt: '2026-04-15T10:00:03.000Z', searchedBy: 'Ada Reyes, Harbor Health', algorithmVersion: 'fuzzy-2026.11-d',
  lists: [
    { source: 'leie', title: 'OIG LEIE', publisher: 'HHS OIG', officialUrl: 'https://oig.hhs.gov/exclusions/', asOf: '2026-03-01', acquiredOn: '2026-03-02', records: 400, version: 12, synthetic: false, warning: null },
    { source: 'nppes', title: 'NPPES', publisher: 'CMS', officialUrl: 'https://npiregistry.cms.hhs.gov/', asOf: null, acquiredOn: '2026-03-05', records: 900, version: 15, synthetic: false, warning: null },
  ],
  notSearched: [],
  criteria: { subject: 'person', fields: [{ label: 'First name', value: 'Carol' }, { label: 'Last name', value: 'Moore' }], matchingAlgorithm: 'Fuzzy', sensitivity: 0.7, includeReinstated: false },
  hits: [
    {
      source: 'leie', sourceTitle: 'OIG LEIE', recordId: 'r9', kind: 'person', name: 'CAROL RICHARD MOORE', otherNames: [], dateOfBirth: '1965-05-26', npi: null, address: '8653 MAIN ST', city: 'NEW YORK', state: 'NY', postalCode: '10042',
      specialty: null, exclusionType: '1128b14', exclusionDate: '1999-01-10', exclusionTerm: null, reinstatementDate: null, link: null, score: 0.93, matchedOn: 'Last name: same; First name: same', checks: ['Street address: same'], isReinstated: false,
    },
  ],
  reinstatedHidden: 1,
};

function renderPage(path: string, handlers: Record<string, (r: RecordedRequest) => Response>) {
  const server = stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['advanced_search', 'paying_user'] })), 'GET /services/advancedsearch/options': () => json(200, OPTIONS), ...handlers });
  return { ...renderApp(path), server };
}

describe('Advance Search page', () => {
  it('offers every list the options allow, ticked, and shows the others without offering them', async () => {
    renderPage('/advancedSearch/search', {});
    const leie = await screen.findByRole('checkbox', { name: 'OIG LEIE' });
    expect((leie as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'NPPES' }) as HTMLInputElement).checked).toBe(true);
    const dmf = screen.getByRole('checkbox', { name: /Death Master File/ }) as HTMLInputElement;
    expect(dmf.checked).toBe(false);
    expect(dmf.disabled).toBe(true);
    expect(screen.getByText(/24 records of the loaded lists show a reinstatement/)).toBeTruthy();
  });

  it('asks for the name first, then sends every criterion given with the lists chosen, and shows the result grouped by list', async () => {
    const { server, router } = renderPage('/advancedSearch/search', { 'POST /services/advancedsearch': () => json(200, RESULT) });
    fireEvent.click(await screen.findByRole('button', { name: 'Run search' }));
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: ' Carol ' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Moore' } });
    fireEvent.change(screen.getByLabelText(/^Other or maiden names/), { target: { value: 'Smith; Mary Jones' } });
    fireEvent.change(screen.getByLabelText(/^Date of birth/), { target: { value: '1965-05-26' } });
    fireEvent.change(screen.getByLabelText(/^Licence number/), { target: { value: 'MD-1234' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'NPPES' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Exact' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Include reinstated records/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Run search' }));

    await screen.findByRole('heading', { name: 'Advance Search result' });
    const sent = server.requests.find((r) => r.path === '/services/advancedsearch' && r.method === 'POST')!.body;
    expect(sent).toEqual({
      subject: 'person',
      person: { firstName: 'Carol', lastName: 'Moore', otherNames: ['Smith', 'Mary Jones'], dateOfBirth: '1965-05-26', licenseNumber: 'MD-1234' },
      sources: ['leie', 'sam'],
      matchingAlgorithm: 'Exact',
      sensitivity: 0.8,
      includeReinstated: true,
    });
    await waitFor(() => expect(router.state.location.search).toBe('?search=41'));
    const leie = screen.getByRole('region', { name: 'OIG LEIE' });
    expect(within(leie).getByText(/version 12, as of 2026-03-01 · 1 potential match/)).toBeTruthy();
    expect(within(leie).getByText('Score 0.93')).toBeTruthy();
    expect(within(leie).getByText('Street address: same')).toBeTruthy();
    expect(within(leie).getByText(/Why it matched: Last name: same; First name: same/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'NPPES' })).getByText(/version 15, downloaded 2026-03-05 · no match/)).toBeTruthy();
    expect(screen.getByText(/1 reinstated record matched and was left out/)).toBeTruthy();
    expect(screen.getByText('CL-AAAA-BBBB-CC')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Result' })).getByRole('button', { name: 'Save as PDF' })).toBeTruthy();
  });

  it('says why the server refused the search', async () => {
    renderPage('/advancedSearch/search', { 'POST /services/advancedsearch': () => apiError(403, 'FORBIDDEN', 'Your account’s search options do not include: SSA Death Master File (DMF).') });
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Carol' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Moore' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run search' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/do not include: SSA Death Master File/);
  });

  it("shows the contract's format messages on their fields before sending", async () => {
    const { server } = renderPage('/advancedSearch/search', { 'POST /services/advancedsearch': () => json(200, RESULT) });
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Carol' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Moore' } });
    fireEvent.change(screen.getByLabelText(/^NPI/), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText(/^Date of birth/), { target: { value: '26/05/1965' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run search' }));
    expect(await screen.findByText(MESSAGES.npiInvalid)).toBeTruthy();
    expect(screen.getByText('Use the date format YYYY-MM-DD.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    for (const box of ['OIG LEIE', 'SAM.gov exclusions', 'NPPES']) fireEvent.click(screen.getByRole('checkbox', { name: box }));
    fireEvent.click(screen.getByRole('button', { name: 'Run search' }));
    expect(await screen.findByText('Choose at least one list.')).toBeTruthy();
  });

  it('reopens a stored search from Search History (?search=id)', async () => {
    renderPage('/advancedSearch/search?search=41', { 'GET /services/advancedsearch/searches/41': () => json(200, RESULT) });
    expect(await screen.findByRole('heading', { name: 'Advance Search result' })).toBeTruthy();
    expect(screen.getByText(/First name: Carol; Last name: Moore · Fuzzy, from score 0.70/)).toBeTruthy();
    // The matching rules in words (issue 55).
    expect(screen.getByText(/^Matching rules of November 2026 \(version fuzzy-2026\.11-d\)\. A potential match/)).toBeTruthy();
  });

  it('searches a business by name, DBA and EIN', async () => {
    const { server } = renderPage('/advancedSearch/search', { 'POST /services/advancedsearch': () => json(200, { ...RESULT, hits: [], reinstatedHidden: 0 }) });
    fireEvent.click(await screen.findByRole('radio', { name: 'Business' }));
    fireEvent.change(screen.getByLabelText(/^Business name/), { target: { value: 'United Ambulance' } });
    fireEvent.change(screen.getByLabelText(/^DBA/), { target: { value: 'UAS' } });
    fireEvent.change(screen.getByLabelText(/^EIN/), { target: { value: '12-3456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run search' }));
    expect(await screen.findByText('No potential match on the lists searched.')).toBeTruthy();
    const sent = server.requests.find((r) => r.method === 'POST')!.body as { business: unknown };
    expect(sent.business).toEqual({ name: 'United Ambulance', dba: 'UAS', ein: '12-3456789' });
  });
});
