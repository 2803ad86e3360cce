// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QUEUE_MESSAGES } from '#shared/messages';
import type { QueueOverview } from '#shared/queue';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const now = '2026-05-04T10:00:00.000Z';
const base: QueueOverview = {
  now,
  pause: { isPaused: false, by: null, at: null },
  rowsPerSecond: 12.5,
  batches: [
    { id: 41, clientName: 'Acme Health', fileName: 'acme-march.csv', submitter: 'Andre Nguyen', status: 'Processing', rows: 1200, rowsDone: 600, rowsPerSecond: 12.5, position: 1, submittedAt: now, estimatedFinish: '2026-05-04T10:00:48.000Z', waitingJobs: 3 },
    { id: 42, clientName: 'Sunrise Clinic', fileName: 'sunrise-staff.csv', submitter: 'Tara Lee', status: 'Submitted', rows: 400, rowsDone: 0, rowsPerSecond: null, position: 2, submittedAt: now, estimatedFinish: '2026-05-04T10:01:20.000Z', waitingJobs: 1 },
  ],
  failedChunks: [{ batchId: 40, clientName: 'Acme Health', fileName: 'acme-feb.csv', chunkIndex: 2, firstRow: 1000, rowCount: 500, attempts: 3, error: 'disk full' }],
  workers: [{ id: 'web-1:4242:ab12cd', kind: 'server', host: 'web-1', pid: 4242, startedAt: now, beatAt: '2026-05-04T09:59:55.000Z', isAlive: true, running: [{ name: 'batches.screen-chunk', batchId: 41, chunkIndex: 1, since: now }] }],
  recentActions: [
    { id: 9, at: now, actorUsername: 'ops-ana', action: 'queue.batch.moved', batchId: 42, fileName: 'sunrise-staff.csv', clientName: 'Sunrise Clinic', detail: 'Moved to the front' },
    { id: 8, at: now, actorUsername: 'ops-ana', action: 'queue.resumed', batchId: null, fileName: null, clientName: null, detail: 'Queue running again' },
  ],
};

function renderQueue(overview: () => QueueOverview = () => base, extra: Parameters<typeof stubServer>[0] = {}) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(makeUser({ roles: ['system_admin_user'] })),
    'GET /services/admin/queue': () => json(200, overview()),
    ...extra,
  });
  renderApp('/admin/queueManagement');
  return server;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('Batch Queue Management page', () => {
  it('shows the queue in order with client, submitter, progress, rate and estimate; failed chunks; workers', async () => {
    renderQueue();
    expect(await screen.findByRole('heading', { level: 1, name: 'Batch Queue Management' })).toBeTruthy();
    const first = await rowOf('acme-march.csv');
    for (const text of ['1', 'Acme Health', 'Andre Nguyen', 'In progress', '600 of 1,200 rows', '12.5']) expect(within(first).getByText(text)).toBeTruthy();
    const second = await rowOf('sunrise-staff.csv');
    for (const text of ['2', 'Sunrise Clinic', 'Tara Lee', 'Queued', '0 of 400 rows', '—']) expect(within(second).getByText(text)).toBeTruthy();
    const failed = within(screen.getByRole('table', { name: 'Failed chunks' }));
    expect(failed.getByText('disk full')).toBeTruthy();
    expect(failed.getByText('1,001–1,500')).toBeTruthy();
    const workers = within(screen.getByRole('table', { name: 'Workers' }));
    expect(workers.getByText('Alive')).toBeTruthy();
    expect(workers.getByText('web-1 · 4242')).toBeTruthy();
    expect(workers.getByText('Batch #41, chunk 2')).toBeTruthy();
    expect(screen.getByText(/12\.5 rows\/s, all workers together/)).toBeTruthy();
    const log = within(screen.getByRole('table', { name: 'Recent queue actions' }));
    expect(log.getByText('Moved to the front').closest('tr')!.textContent).toContain('sunrise-staff.csv (#42, Sunrise Clinic)');
    expect(log.getByText('Queue running again').closest('tr')!.textContent).toContain('Whole queue');
  });

  it('asks before pausing, then pauses the queue', async () => {
    const server = renderQueue(() => base, { 'PUT /services/admin/queue/pause': () => json(200, { message: QUEUE_MESSAGES.paused }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Pause queue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause the batch queue' });
    expect(within(dialog).getByText(QUEUE_MESSAGES.confirmPause)).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause queue' }));
    expect(await screen.findByText(QUEUE_MESSAGES.paused)).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/services/admin/queue/pause', body: { isPaused: true } });
  });

  it('says when the queue is paused, who paused it, and offers to resume', async () => {
    const server = renderQueue(() => ({ ...base, pause: { isPaused: true, by: 'sysadmin', at: now } }), { 'PUT /services/admin/queue/pause': () => json(200, { message: QUEUE_MESSAGES.resumed }) });
    const banner = await screen.findByRole('status');
    expect(within(banner).getByText('The queue is paused')).toBeTruthy();
    expect(banner.textContent).toContain('Paused by sysadmin');
    expect(within(await rowOf('acme-march.csv')).getByText('When resumed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume queue' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Resume the batch queue' })).getByRole('button', { name: 'Resume queue' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ isPaused: false }));
  });

  it('moves a batch to the front after confirmation', async () => {
    const server = renderQueue(() => base, { 'PUT /services/admin/queue/batches/42/position': () => json(200, { message: QUEUE_MESSAGES.movedFront }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Move sunrise-staff.csv (#42) to the front' }));
    expect((screen.getByRole('button', { name: 'Move acme-march.csv (#41) to the front' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Move to the front' })).getByRole('button', { name: 'Move to front' }));
    expect(await screen.findByText(QUEUE_MESSAGES.movedFront)).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ to: 'front' });
  });

  it('cancels a batch only when confirmed', async () => {
    const server = renderQueue(() => base, { 'POST /services/admin/queue/batches/41/cancel': () => json(200, { message: QUEUE_MESSAGES.cancelled }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel acme-march.csv (#41)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel the batch' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the batch' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel acme-march.csv (#41)' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel the batch' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel batch' }));
    expect(await screen.findByText(QUEUE_MESSAGES.cancelled)).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/services/admin/queue/batches/41/cancel']);
  });

  it('retries a batch’s failed chunks and shows the server’s refusal when there is nothing to retry', async () => {
    const server = renderQueue(() => base, {
      'POST /services/admin/queue/batches/40/retry': () => json(409, { error: { code: 'CONFLICT', message: QUEUE_MESSAGES.nothingToRetry } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry failed chunks of acme-feb.csv (#40)' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Retry failed chunks' })).getByRole('button', { name: 'Retry chunks' }));
    expect(await screen.findByText(QUEUE_MESSAGES.nothingToRetry)).toBeTruthy();
    expect(server.requests.some((r) => r.path === '/services/admin/queue/batches/40/retry')).toBe(true);
  });

  it('refreshes the figures while open', async () => {
    let calls = 0;
    renderQueue(() => {
      calls += 1;
      return calls === 1 ? base : { ...base, batches: [{ ...base.batches[0], rowsDone: 900 }, base.batches[1]] };
    });
    expect(await screen.findByText('600 of 1,200 rows')).toBeTruthy();
    expect(await screen.findByText('900 of 1,200 rows', undefined, { timeout: 8_000 })).toBeTruthy();
  }, 12_000);

  it('is not open to a domain admin', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(makeUser({ roles: ['domain_admin_user', 'account_owner_user'] })) });
    const { router } = renderApp('/admin/queueManagement');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
