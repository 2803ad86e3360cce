// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '#shared/auth';
import { apiError, json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';
import { makeBatch, SEARCH_TYPE_LIST } from './batch-fixtures';
import type { BatchItem } from './batches-api';

type Handlers = Parameters<typeof stubServer>[0];

function renderWith(batch: BatchItem, extra: Handlers = {}, user: CurrentUser = makeUser()) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(user),
    'GET /services/flexsearchs/searchtypes': () => json(200, SEARCH_TYPE_LIST),
    'GET /services/flexsearchs': () => json(200, { items: [batch], total: 1 }),
    'GET /services/flexsearchs/filters': () => json(200, { clients: [], teams: [], uploaders: [] }),
    ...extra,
  });
  renderApp('/flex-search');
  return server;
}

async function openMenu(batch: BatchItem): Promise<string[]> {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${batch.fileName}` }));
  return within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent ?? '');
}

async function confirmAction(item: string, question: string) {
  fireEvent.click(screen.getByRole('menuitem', { name: item }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(question)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
}

describe('Batch actions', () => {
  it('offers Download File and Cancel Batch for a running batch, and no Remove Batch to a user who is not a system admin', async () => {
    const running = makeBatch({ status: 'Processing' });
    renderWith(running);
    expect(await openMenu(running)).toEqual(['Download File', 'Cancel Batch']);
    const download = screen.getByRole('menuitem', { name: 'Download File' });
    expect(download.getAttribute('href')).toBe(`/services/flexsearchs/${running.batchId}/file`);
  });

  it('offers only Remove Batch, to a system admin, while a kill is requested', async () => {
    const killing = makeBatch({ status: 'Batch Kill Requested' });
    renderWith(killing, {}, makeUser({ roles: ['system_admin_user'] }));
    expect(await openMenu(killing)).toEqual(['Remove Batch']);
  });

  it('cancels after the confirmation, and says so when the server refuses', async () => {
    const batch = makeBatch({ status: 'Pending' });
    const server = renderWith(batch, { [`POST /services/flexsearchs/${batch.batchId}/kill`]: () => apiError(409, 'CONFLICT', 'No.') });
    await openMenu(batch);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cancel Batch' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to cancel this batch?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    await openMenu(batch);
    await confirmAction('Cancel Batch', 'Are you sure you want to cancel this batch?');
    expect(await screen.findByText('Failed to cancel batch search.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/services/flexsearchs/${batch.batchId}/kill`]);
  });

  it('says when a cancel is done: at once for a batch not begun, asked for one being screened', async () => {
    const batch = makeBatch({ status: 'Pending' });
    let answer = json(200, { message: 'The batch was cancelled before it started: nothing was screened or billed.' });
    renderWith(batch, { [`POST /services/flexsearchs/${batch.batchId}/kill`]: () => answer });
    await openMenu(batch);
    await confirmAction('Cancel Batch', 'Are you sure you want to cancel this batch?');
    const done = await screen.findByText('The batch was cancelled before it started: nothing was screened or billed.');
    expect(done.closest('[data-kind]')?.getAttribute('data-kind')).toBe('success');
    answer = json(200, { message: 'Batch Kill Requested' });
    await openMenu(batch);
    await confirmAction('Cancel Batch', 'Are you sure you want to cancel this batch?');
    expect(await screen.findByText('Cancel requested: the batch stops once the rows being screened now are written.')).toBeTruthy();
  });

  it('removes after the confirmation, and says so when the server refuses', async () => {
    const batch = makeBatch();
    const server = renderWith(batch, { [`POST /services/flexsearchs/${batch.batchId}/trash`]: () => apiError(500, 'INTERNAL', 'Error occurred.') }, makeUser({ roles: ['system_admin_user'] }));
    await openMenu(batch);
    await confirmAction('Remove Batch', 'Are you sure you want to remove this batch?');
    expect(await screen.findByText('Failed to trash batch search.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST' && r.path.endsWith('/trash'))).toBe(true);
  });

  it("resubmits after the confirmation and shows the server's message, as success or error", async () => {
    const batch = makeBatch({ status: 'Error' });
    let answer = json(200, 'The batch was resubmitted.');
    const server = renderWith(batch, { [`GET /services/flexsearchs/${batch.batchId}/resubmit`]: () => answer });
    await openMenu(batch);
    await confirmAction('Resubmit', 'Are you sure you want to resubmit this batch?');
    const ok = await screen.findByText('The batch was resubmitted.');
    expect(ok.closest('[data-kind]')?.getAttribute('data-kind')).toBe('success');
    answer = apiError(409, 'CONFLICT', 'Only a batch that ended in an error or was cancelled can be resubmitted.');
    await openMenu(batch);
    await confirmAction('Resubmit', 'Are you sure you want to resubmit this batch?');
    const refused = await screen.findByText('Only a batch that ended in an error or was cancelled can be resubmitted.');
    expect(refused.closest('[data-kind]')?.getAttribute('data-kind')).toBe('error');
    expect(server.requests.filter((r) => r.path.endsWith('/resubmit'))).toHaveLength(2);
  });
});
