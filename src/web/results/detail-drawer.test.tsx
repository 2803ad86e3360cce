// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MatchDetail } from '#shared/result-detail';
import { json } from '../test-utils';
import { callsTo, makeDetail, makeExclusion, makeGroup, makeSsdmf, renderResults } from './results-test-kit';

const carol = makeExclusion({ name: 'CAROL MOORE', searchCriteriaKey: 'E1: Carol Moore' });

function renderWithDrawer(detail: MatchDetail) {
  return renderResults({
    exclusions: () => json(200, { records: [carol], total: 1, scGroups: [makeGroup('E1: Carol Moore', { NONCLEARED: 1 }, 'E1')] }),
    extra: { [`GET /services/flexsearchs/42/result/${carol.id}`]: () => json(200, detail) },
  });
}

const openDrawer = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Open details of CAROL MOORE' }));
  return screen.findByRole('dialog', { name: 'Record details' });
};

describe('Detail drawer', () => {
  it('shows the match status with its dropdown, why it matched, the list version, details, the customer’s row and the history', async () => {
    renderWithDrawer(
      makeDetail({
        id: carol.id,
        explanationWords: { verdict: 'Potential match', matchedThrough: "Matched through the list's other name (AKA) Jose Ignacio", lines: ['Last name: same', 'First name: Bill is a nickname of William'], notes: [] },
      }),
    );
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('Carol Moore')).toBeTruthy();
    expect(within(drawer).getByText('Unique ID: E1')).toBeTruthy();
    expect(within(drawer).queryByText('E1: Carol Moore')).toBeNull();
    // The status once, with its dropdown and the latest note; no details section repeats it (issue 55).
    expect(within(drawer).getAllByText(/^Match status$/i)).toHaveLength(1);
    expect(within(drawer).queryByRole('region', { name: 'Match Status' })).toBeNull();
    expect(within(drawer).getByText('Latest note:').parentElement!.textContent).toBe('Latest note: Checking the date of birth');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Status of this record: Needs Review' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Under Review', 'Reviewed: Match', 'Reviewed: Clear']);

    const why = within(drawer).getByRole('region', { name: 'Why it matched' });
    expect(why.textContent).toContain('Score 0.91');
    expect(why.textContent).toContain('threshold 0.80');
    // The matching rules in words; the engineer's label only in brackets.
    expect(why.textContent).toContain('Matching rules of November 2026 (version fuzzy-2026.11-d)');
    expect(why.textContent).not.toContain('scored by version');
    expect(why.textContent).toContain('Matched through the list\'s other name (AKA) Jose Ignacio');
    const compared = within(why).getByRole('list', { name: 'What was compared' });
    expect(within(compared).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Last name: same', 'First name: Bill is a nickname of William']);
    // Reviewers read words: no field paths, no score arithmetic.
    expect(why.textContent).not.toMatch(/akas\[|Raised|Lowered|firstName/);
    expect(within(drawer).getByText(/From OIG LEIE, list version 7, as of 2026-02-28/)).toBeTruthy();

    const exclusion = within(drawer).getByRole('region', { name: 'Exclusion' });
    expect(within(exclusion).getByText('CAROL MOORE')).toBeTruthy();
    // Underscore keys are hidden; View Details and Source carry their links; the label is shortened.
    expect(within(exclusion).queryByText('_internal')).toBeNull();
    expect(within(exclusion).queryByText('hidden value')).toBeNull();
    expect(within(exclusion).getByRole('link', { name: 'OIG LEIE' }).getAttribute('href')).toBe('https://oig.hhs.gov/exclusions/');
    expect(within(exclusion).getByRole('link', { name: 'Record at the publisher' }).getAttribute('href')).toBe('https://oig.hhs.gov/exclusions/record/1');
    expect(within(exclusion).getByText('Date Acquired')).toBeTruthy();
    expect(within(exclusion).queryByText('Date Acquired From Source')).toBeNull();

    expect(within(drawer).getByRole('heading', { name: 'Your data' })).toBeTruthy();
    expect(within(within(drawer).getByRole('region', { name: 'Mapped columns' })).getByText('Carol')).toBeTruthy();
    const additional = within(drawer).getByRole('region', { name: 'Additional columns' });
    expect(within(additional).getByText('Employee Id')).toBeTruthy();
    expect(within(additional).queryByText('_rowIndex')).toBeNull();

    const history = within(drawer).getByRole('region', { name: 'Change history' });
    expect(history.textContent).toContain('Under Review');
    expect(history.textContent).toContain('Ada Reyes · 2026-03-02 10:15 UTC');
    expect(history.textContent).toContain('Checking the date of birth');
  });

  it('in clear-only mode shows just Clear, with no dropdown and no history', async () => {
    renderWithDrawer(makeDetail({ id: carol.id, clearOnly: true, matchStatus: 'CLEARED', statusChoices: [], explanation: null }));
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('Clear')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /^Status of/ })).toBeNull();
    expect(within(drawer).queryByRole('region', { name: 'Change history' })).toBeNull();
    expect(within(drawer).queryByRole('region', { name: 'Why it matched' })).toBeNull();
  });

  it('names a carried-forward decision in the history', async () => {
    const carried = makeDetail({
      id: carol.id,
      matchStatus: 'CLEARED',
      statusChoices: ['NONCLEARED', 'UNDER_REVIEW', 'HISTORICAL_MATCH'],
      changeHistorys: [
        {
          id: 9,
          previousStatus: null,
          newStatus: 'CLEARED',
          modifiedBy: 'Clearlist',
          modifiedDate: '2026-04-01T08:00:00.000Z',
          notes: null,
          kind: 'carried-forward',
          carriedFrom: { batchId: 3, fileName: 'staff-feb.csv', resultId: 77, decidedBy: 'Ada Reyes', decidedAt: '2026-02-10T09:30:00.000Z', notes: 'Different person' },
        },
      ],
    });
    renderWithDrawer(carried);
    const drawer = await openDrawer();
    const history = await within(drawer).findByRole('region', { name: 'Change history' });
    expect(history.textContent).toContain('Carried forward from staff-feb.csv: decided by Ada Reyes on 2026-02-10 09:30 UTC (“Different person”).');
  });

  it('changes the status from the drawer with a note, then shows the fetched history', async () => {
    let detail = makeDetail({ id: carol.id, changeHistorys: [] });
    const { server } = renderResults({
      exclusions: () => json(200, { records: [carol], total: 1, scGroups: [makeGroup('E1: Carol Moore', { NONCLEARED: 1 }, 'E1')] }),
      extra: {
        [`GET /services/flexsearchs/42/result/${carol.id}`]: () => json(200, detail),
        [`PUT /services/flexsearchs/42/result/${carol.id}`]: (request) => {
          const body = request.body as { newStatus: 'HISTORICAL_MATCH'; comment: string };
          detail = {
            ...detail,
            matchStatus: body.newStatus,
            statusChoices: ['NONCLEARED', 'UNDER_REVIEW', 'CLEARED'],
            changeHistorys: [{ id: 2, previousStatus: 'NONCLEARED', newStatus: body.newStatus, modifiedBy: 'Ada Reyes', modifiedDate: '2026-03-03T12:00:00.000Z', notes: body.comment, kind: 'change', carriedFrom: null }],
          };
          return json(200, { records: [{ ...carol, status: body.newStatus }], scGroups: [makeGroup('E1: Carol Moore', { HISTORICAL_MATCH: 1 }, 'E1')] });
        },
      },
    });
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('No change yet.')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Status of this record: Needs Review' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reviewed: Match' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change review status' });
    fireEvent.change(within(confirm).getByRole('textbox', { name: /Note/ }), { target: { value: 'Licence number matches' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(server.requests, 'PUT', `/services/flexsearchs/42/result/${carol.id}`)).toHaveLength(1));
    expect(await within(drawer).findByText('Licence number matches')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Status of this record: Reviewed: Match' })).toBeTruthy();
  });

  it('opens an SSDMF row without an id by its search id, and names the DMF version it was checked against', async () => {
    // An SSN not in the DMF has the id its chunk gives it: 2^52 + its row.
    const searchId = 2 ** 52 + 3;
    const notFound = makeSsdmf({ id: null, searchId, ssdmfStatus: 'Not Found on SSDMF', status: 'CLEARED', name: 'Ben Ode' });
    const dmf = { source: 'dmf', sourceName: 'SSA Death Master File', versionId: 9, asOf: '2026-03-01', fetchedAt: '2026-03-01T06:00:00.000Z' };
    const { server } = renderResults({
      searchTypes: [false, false, true],
      ssdmf: () => json(200, { ssdmfResults: [notFound], total: 1, nameSearch: true }),
      extra: { [`GET /services/flexsearchs/42/ssdmfdetails/${searchId}`]: () => json(200, makeDetail({ id: searchId, resultType: 'ssdmf', clearOnly: true, statusChoices: [], matchStatus: 'CLEARED', explanation: null, listVersion: dmf })) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Open details of ***-**-6789' }));
    const drawer = await screen.findByRole('dialog', { name: 'Record details' });
    expect(await within(drawer).findByText('Clear')).toBeTruthy();
    expect(within(drawer).getByLabelText('List version').textContent).toMatch(/^Checked against SSA Death Master File, list version 9, as of 2026-03-01/);
    expect(callsTo(server.requests, 'GET', `/services/flexsearchs/42/ssdmfdetails/${searchId}`)[0].query.get('searchId')).toBe(String(searchId));
  });
});
