// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json } from '../test-utils';
import { callsTo, makeExclusion, makeGroup, makeSummary, renderResults, type ServerSetup } from './results-test-kit';

const carol = makeExclusion({ name: 'CAROL MOORE', searchCriteriaKey: 'E1: Carol Moore', score: 0.97 });
const chris = makeExclusion({ name: 'CHRISTOPHER DAVIS', searchCriteriaKey: 'E2: Chris Davis', score: 0.86 });
const groups = [makeGroup('E1: Carol Moore', { NONCLEARED: 1 }, 'E1'), makeGroup('E2: Chris Davis', { NONCLEARED: 1 }, 'E2')];

/** Two groups on the page of 57 the filter matches (so there are more pages). */
function renderTriage(extra: ServerSetup['extra'] = {}) {
  const utils = renderResults({ exclusions: () => json(200, { records: [carol, chris], total: 57, scGroups: groups }), extra });
  return { ...utils, lastList: () => callsTo(utils.server.requests, 'GET', `${utils.base}/result`).at(-1)!.query };
}

describe('Triage of the Exclusions tab', () => {
  it('lets the reviewer choose 10 to 100 groups per page and remembers it in this browser', async () => {
    const first = renderTriage();
    await screen.findByRole('rowgroup', { name: 'Search criteria E1: Carol Moore' });
    expect(first.lastList().get('limits')).toBe('10');
    fireEvent.click(screen.getByRole('combobox', { name: 'Groups per page' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);
    fireEvent.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(first.lastList().get('limits')).toBe('50'));
    expect(within(screen.getByRole('navigation', { name: 'Pages of search criteria groups' })).getAllByRole('button', { name: /^Page/ })).toHaveLength(2);
    first.unmount();

    const second = renderTriage();
    await screen.findByRole('rowgroup', { name: 'Search criteria E1: Carol Moore' });
    expect(callsTo(second.server.requests, 'GET', `${second.base}/result`)[0].query.get('limits')).toBe('50');
  });

  it('switches to a compact density, remembered too', async () => {
    const first = renderTriage();
    await screen.findByRole('rowgroup', { name: 'Search criteria E1: Carol Moore' });
    const table = () => screen.getByRole('table', { name: 'Exclusion records' });
    expect(table().dataset.density).toBe('comfortable');
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Density' })).getByRole('radio', { name: 'Compact' }));
    await waitFor(() => expect(table().dataset.density).toBe('compact'));
    first.unmount();
    renderTriage();
    await screen.findByRole('rowgroup', { name: 'Search criteria E1: Carol Moore' });
    expect(table().dataset.density).toBe('compact');
  });

  it('shows the summary bar and fetches it again after a status change', async () => {
    let summaries = 0;
    const { base, server } = renderTriage({
      [`GET /services/flexsearchs/42/result/summary`]: () => {
        summaries += 1;
        return json(200, makeSummary({ toReview: summaries === 1 ? 10 : 9 }));
      },
      [`PUT /services/flexsearchs/42/result/${carol.id}`]: () => json(200, { records: [{ ...carol, status: 'CLEARED' }], scGroups: [makeGroup('E1: Carol Moore', { CLEARED: 1 }, 'E1')] }),
    });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    for (const text of ['Rows screened', '300', 'Rows with findings', '12', 'Left to review (all tabs)', '10', 'Review threshold', '0.80', 'Needs Review: 9', 'Reviewed: Clear: 4', 'OIG LEIE: 11', 'SAM.gov: 4']) {
      expect(within(summary).getByText(text)).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Status of CAROL MOORE: Needs Review' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reviewed: Clear' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Change review status' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(server.requests, 'PUT', `${base}/result/${carol.id}`)).toHaveLength(1));
    expect(await within(summary).findByText('9')).toBeTruthy();
  });

  it('selects the page, then every record that matches the filter, and changes them all with one note after confirming the count', async () => {
    const { base, server } = renderTriage({
      [`GET /services/flexsearchs/42/result/count`]: () => json(200, { count: 57 }),
      [`PUT /services/flexsearchs/42/result/by-filter`]: () => json(200, { matched: 57, changed: 55 }),
    });
    await screen.findByRole('rowgroup', { name: 'Search criteria E1: Carol Moore' });
    fireEvent.click(within(await screen.findByRole('search', { name: 'Filter exclusions' })).getByRole('combobox', { name: 'Score' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Likely (0.90–0.94)' }));
    await waitFor(() => expect(callsTo(server.requests, 'GET', `${base}/result`).at(-1)!.query.getAll('scoreBand[]')).toEqual(['likely']));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every record on this page' }));
    expect(await screen.findByText('2 selected')).toBeTruthy();
    expect(screen.getByText('All 2 records on this page are selected.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all records that match the filter' }));
    expect(await screen.findByText(/^All 57 records that match the filter are selected\./)).toBeTruthy();
    expect(callsTo(server.requests, 'GET', `${base}/result/count`).at(-1)!.query.getAll('scoreBand[]')).toEqual(['likely']);
    expect(screen.getByText('57 selected')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reviewed: Clear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change review status' });
    expect(dialog.textContent).toContain('Set all 57 records that match the filter to Reviewed: Clear?');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/ }), { target: { value: 'Different dates of birth' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(server.requests, 'PUT', `${base}/result/by-filter`)).toHaveLength(1));
    expect(callsTo(server.requests, 'PUT', `${base}/result/by-filter`)[0].body).toEqual({
      filter: { scoreBand: ['likely'] },
      expectedCount: 57,
      newStatus: 'CLEARED',
      comment: 'Different dates of birth',
    });
    // No list of ids travels, and the selection is cleared after the change.
    expect(server.requests.some((r) => r.method === 'PUT' && r.path !== `${base}/result/by-filter`)).toBe(false);
    expect(await screen.findByText('0 selected')).toBeTruthy();
  });
});
