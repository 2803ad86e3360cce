// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExclusionRecord } from '#shared/results';
import type { ScGroup } from '#shared/review-status';
import { json } from '../test-utils';
import { callsTo, makeExclusion, makeGroup, renderResults } from './results-test-kit';

/** A server whose PUT changes the records it keeps, so that the re-fetched list shows the change. */
function reviewServer() {
  const records: ExclusionRecord[] = [
    makeExclusion({ name: 'CAROL MOORE', searchCriteriaKey: 'E1: Carol Moore' }),
    makeExclusion({ name: 'CAROLE MOORE', searchCriteriaKey: 'E1: Carol Moore', status: 'UNDER_REVIEW' }),
    makeExclusion({ name: 'CAROL MOOR', searchCriteriaKey: 'E1: Carol Moore', status: 'CLEARED' }),
    makeExclusion({ name: 'CHRIS DAVIS', searchCriteriaKey: 'E2: Chris Davis' }),
  ];
  const groups = (): ScGroup[] =>
    ['E1: Carol Moore', 'E2: Chris Davis'].map((key) => {
      const mine = records.filter((r) => r.searchCriteriaKey === key);
      const count = (s: string) => mine.filter((r) => r.status === s).length;
      return makeGroup(key, { NONCLEARED: count('NONCLEARED'), UNDER_REVIEW: count('UNDER_REVIEW'), HISTORICAL_MATCH: count('HISTORICAL_MATCH'), CLEARED: count('CLEARED') }, key.slice(0, 2));
    });
  const setup = renderResults({
    exclusions: () => json(200, { records, total: 2, scGroups: groups() }),
    extra: {
      [`PUT /services/flexsearchs/42/result/${records[0].id}`]: (request) => {
        const body = request.body as { newStatus: ExclusionRecord['status']; comment: string };
        records[0] = { ...records[0], status: body.newStatus, latestNote: body.comment || null };
        return json(200, { records: [records[0]], scGroups: groups() });
      },
      [`PUT /services/flexsearchs/42/result/${records[0].id},${records[1].id}`]: (request) => {
        const body = request.body as { newStatus: ExclusionRecord['status']; comment: string };
        for (const i of [0, 1]) records[i] = { ...records[i], status: body.newStatus, latestNote: body.comment || null };
        return json(200, { records: records.slice(0, 2), scGroups: groups() });
      },
    },
  });
  return { ...setup, records };
}

const carolGroup = () => screen.findByRole('rowgroup', { name: 'Search criteria E1: Carol Moore' });

describe('Changing review statuses', () => {
  it('offers every status but the current one on a row, asks for a note, saves, then shows the re-fetched list and counts', async () => {
    const { server, records, base } = reviewServer();
    const group = await carolGroup();
    expect(within(group).getByText('2 record(s) to review')).toBeTruthy();
    const before = callsTo(server.requests, 'GET', `${base}/result`).length;

    fireEvent.click(within(group).getByRole('button', { name: 'Status of CAROL MOORE: Needs Review' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Under Review', 'Reviewed: Match', 'Reviewed: Clear']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Reviewed: Clear' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change review status' });
    expect(dialog.textContent).toContain('Set this record to Reviewed: Clear?');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note \(optional\)/ }), { target: { value: '  Different date of birth  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change review status' })).toBeNull());
    const put = callsTo(server.requests, 'PUT', `${base}/result/${records[0].id}`)[0];
    expect(put.body).toEqual({ newStatus: 'CLEARED', comment: 'Different date of birth' });
    await waitFor(() => expect(callsTo(server.requests, 'GET', `${base}/result`).length).toBeGreaterThan(before));
    expect(await within(group).findByText('1 record(s) to review')).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Status of CAROL MOORE: Reviewed: Clear' })).toBeTruthy();
    expect(within(group).getByText('Different date of birth')).toBeTruthy();
  });

  it('cancels without calling the server', async () => {
    const { server } = reviewServer();
    const group = await carolGroup();
    fireEvent.click(within(group).getByRole('button', { name: 'Status of CAROL MOORE: Needs Review' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Under Review' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Change review status' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change review status' })).toBeNull());
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('bulk-changes a selected group, leaving out the records already in the chosen status', async () => {
    const { server, records, base } = reviewServer();
    const group = await carolGroup();
    expect(screen.getByRole('button', { name: 'Change status' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Select every record of E1: Carol Moore' }));
    expect(await screen.findByText('3 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reviewed: Match' }));
    // The cleared record moves too: it is not in Reviewed: Match.
    const dialog = await screen.findByRole('dialog', { name: 'Change review status' });
    expect(dialog.textContent).toContain('Set 3 records to Reviewed: Match?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(group).getByRole('checkbox', { name: 'Select CAROL MOOR' }));
    expect(await screen.findByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reviewed: Match' }));
    const second = await screen.findByRole('dialog', { name: 'Change review status' });
    fireEvent.change(within(second).getByRole('textbox', { name: /Note/ }), { target: { value: 'Same person, confirmed by HR' } });
    fireEvent.click(within(second).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(server.requests, 'PUT', `${base}/result/${records[0].id},${records[1].id}`)).toHaveLength(1));
    expect(await within(group).findByText('2 confirmed match(es)')).toBeTruthy();
    // The selection is cleared after a change.
    expect(await screen.findByText('0 selected')).toBeTruthy();
  });

  it('shows the server refusal in the dialog and keeps it open', async () => {
    const { records } = reviewServer();
    const chris = await screen.findByRole('rowgroup', { name: 'Search criteria E2: Chris Davis' });
    // This record's PUT path has no handler: the stub answers 404 in the error shape.
    fireEvent.click(within(chris).getByRole('button', { name: 'Status of CHRIS DAVIS: Needs Review' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Under Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change review status' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Not found.');
    expect(records[3].status).toBe('NONCLEARED');
  });
});

describe('First column', () => {
  function observeWidth(width: number) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe(target: Element) {
          const entry = { target, contentRect: { width, height: 400, top: 0, left: 0, x: 0, y: 0, right: width, bottom: 400 }, borderBoxSize: [{ inlineSize: width, blockSize: 400 }], contentBoxSize: [{ inlineSize: width, blockSize: 400 }] };
          this.callback([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        unobserve() {}
        disconnect() {}
      },
    );
  }

  it('is fixed when the columns are wider than the table', async () => {
    observeWidth(600);
    reviewServer();
    await carolGroup();
    const table = screen.getByRole('table', { name: 'Exclusion records' });
    await waitFor(() => expect(table.parentElement!.dataset.firstColumnFixed).toBe('true'));
    const firstHeader = within(table).getAllByRole('columnheader')[1];
    expect(firstHeader.textContent).toBe('Name');
    expect(firstHeader.style.position).toBe('sticky');
  });

  it('is not fixed when the table is wide enough', async () => {
    observeWidth(4000);
    reviewServer();
    await carolGroup();
    const table = screen.getByRole('table', { name: 'Exclusion records' });
    await waitFor(() => expect(table.parentElement!.dataset.firstColumnFixed).toBe('false'));
    expect(within(table).getAllByRole('columnheader')[1].style.position).toBe('');
  });
});
