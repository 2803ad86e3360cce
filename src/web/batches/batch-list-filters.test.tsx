// @vitest-environment jsdom
import '../test-setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CurrentUser } from '#shared/auth';
import { json, makeUser, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';
import { makeBatch, SEARCH_TYPE_LIST } from './batch-fixtures';

const OPTIONS = {
  clients: [{ id: 3, name: 'Acme Health' }],
  teams: [{ id: 8, name: 'Pharmacy' }],
  uploaders: [{ id: 21, name: 'owner' }],
};

function renderList(user: CurrentUser, total = 2) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(user),
    'GET /services/flexsearchs/searchtypes': () => json(200, SEARCH_TYPE_LIST),
    'GET /services/flexsearchs': () => json(200, { items: [makeBatch({ fileName: 'roster.csv' }), makeBatch()], total }),
    'GET /services/flexsearchs/filters': () => json(200, OPTIONS),
  });
  renderApp('/flex-search');
  return server;
}

const listCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.path === '/services/flexsearchs');
const lastList = (requests: RecordedRequest[]) => listCalls(requests).at(-1)!.query;

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByLabelText(label, { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Batch dashboard filters and paging', () => {
  it('shows Client only to system admins and Team only to team owners', async () => {
    renderList(makeUser());
    await screen.findByText('roster.csv');
    expect(screen.queryByLabelText('Client', { selector: 'input' })).toBeNull();
    expect(screen.queryByLabelText('Team', { selector: 'input' })).toBeNull();
    expect(screen.getByLabelText('Uploaded by', { selector: 'input' })).toBeTruthy();
  });

  it('filters by client, team and uploader through the server, and Reset clears them', async () => {
    const server = renderList(makeUser({ roles: ['system_admin_user'], teamOwner: true }));
    await screen.findByText('roster.csv');
    await choose('Client', 'Acme Health');
    await waitFor(() => expect(lastList(server.requests).get('clientFilter')).toBe('3'));
    expect(server.requests.some((r) => r.path === '/services/flexsearchs/filters' && r.query.get('clientFilter') === '3')).toBe(true);
    await choose('Team', 'Pharmacy');
    await choose('Uploaded by', 'owner');
    await waitFor(() => expect(lastList(server.requests).get('uploaderFilter')).toBe('21'));
    expect(lastList(server.requests).get('teamFilter')).toBe('8');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect([...lastList(server.requests).keys()].sort()).toEqual(['limit', 'page']));
  });

  it('waits 500 ms after typing before searching by file name', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = renderList(makeUser());
    await screen.findByText('roster.csv');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'roster' } });
    await act(() => vi.advanceTimersByTimeAsync(450));
    expect(listCalls(server.requests).some((r) => r.query.get('fileNameFilter') === 'roster')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(lastList(server.requests).get('fileNameFilter')).toBe('roster'));
  });

  it('refreshes the list every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = renderList(makeUser());
    await screen.findByText('roster.csv');
    const before = listCalls(server.requests).length;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(listCalls(server.requests).length).toBe(before + 1));
  });

  it('pages by 25 rows with seven page buttons', async () => {
    const server = renderList(makeUser(), 250);
    await screen.findByText('roster.csv');
    expect(lastList(server.requests).get('limit')).toBe('25');
    const pageButtons = () => screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    fireEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    await waitFor(() => expect(lastList(server.requests).get('page')).toBe('6'));
    expect(pageButtons()).toEqual(['3', '4', '5', '6', '7', '8', '9']);
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(lastList(server.requests).get('page')).toBe('10'));
    expect(pageButtons()).toEqual(['4', '5', '6', '7', '8', '9', '10']);
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
  });
});
