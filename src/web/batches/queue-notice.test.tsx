// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { QUEUE_NOTICE_MESSAGES } from '#shared/messages';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';
import { renderResults } from '../results/results-test-kit';
import { makeBatch, SEARCH_TYPE_LIST } from './batch-fixtures';
import type { BatchItem } from './batches-api';

function renderDashboard(items: BatchItem[]) {
  stubServer({
    'GET /services/user/info': userInfoHandler(makeUser()),
    'GET /services/flexsearchs/searchtypes': () => json(200, SEARCH_TYPE_LIST),
    'GET /services/flexsearchs': () => json(200, { items, total: items.length }),
    'GET /services/flexsearchs/filters': () => json(200, { clients: [], teams: [], uploaders: [] }),
  });
  renderApp('/flex-search');
}
const rowOf = async (fileName: string) => (await screen.findByText(fileName)).closest('tr')!;
const paused = { state: 'paused', position: 2, batchesAhead: 1, startsInSeconds: null, finishesInSeconds: null } as const;

describe('the customer’s queue notice (ADR 044)', () => {
  it('on the dashboard: a banner while the operator has paused screening, and each batch’s place', async () => {
    const held = makeBatch({ fileName: 'held.csv', status: 'Submitted', rowsDone: 0, queue: paused });
    const waiting = makeBatch({ fileName: 'waiting.csv', status: 'Pending', rowsDone: 0, queue: { ...paused, state: 'queued', position: 3, batchesAhead: 2, startsInSeconds: 600 } });
    const done = makeBatch({ fileName: 'done.csv' });
    renderDashboard([held, waiting, done]);
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain('Batch screening is paused');
    expect(banner.textContent).toContain(QUEUE_NOTICE_MESSAGES.pausedBanner);
    const heldNote = within(await rowOf('held.csv')).getByText('Paused by the operator · number 2 in the queue');
    expect(heldNote.getAttribute('title')).toBe(`${QUEUE_NOTICE_MESSAGES.pausedToStart} It is number 2 in the queue, behind 1 other batch.`);
    expect(within(await rowOf('waiting.csv')).getByText('Queued · number 3 in the queue · starts in about 10 minutes')).toBeTruthy();
    expect(within(await rowOf('done.csv')).queryByText(/in the queue/)).toBeNull();
  });

  it('on the dashboard: no banner when nothing is paused', async () => {
    renderDashboard([makeBatch({ fileName: 'running.csv', status: 'Processing', rowsDone: 4, queue: { ...paused, state: 'running', position: 1, batchesAhead: 0, finishesInSeconds: 90 } })]);
    expect(within(await rowOf('running.csv')).getByText('Done in about 2 minutes')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('on the batch’s page: its progress and why it waits, instead of empty result tabs', async () => {
    renderResults({ fileName: 'held.csv', batch: { status: 'Processing', recordCount: 3_000, rowsDone: 1_000, queue: paused } });
    expect(await screen.findByRole('heading', { level: 1, name: 'held.csv' })).toBeTruthy();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Your batch is queued');
    expect(notice.textContent).toContain(`${QUEUE_NOTICE_MESSAGES.pausedToContinue} It is number 2 in the queue, behind 1 other batch.`);
    expect(screen.getByText('1,000 of 3,000 rows screened')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Rows screened' }).getAttribute('aria-valuenow')).toBe(String((1_000 / 3_000) * 100));
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: /Reports/ })).toBeNull();
  });
});
