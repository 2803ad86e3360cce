// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';
import { makeBatch, SEARCH_TYPE_LIST } from './batch-fixtures';
import type { BatchItem } from './batches-api';

function renderDashboard(items: BatchItem[], { types = SEARCH_TYPE_LIST, total = items.length } = {}) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(makeUser()),
    'GET /services/flexsearchs/searchtypes': () => json(200, types),
    'GET /services/flexsearchs': () => json(200, { items, total }),
    'GET /services/flexsearchs/filters': () => json(200, { clients: [], teams: [], uploaders: [] }),
  });
  renderApp('/flex-search');
  return server;
}

const rowOf = async (fileName: string) => (await screen.findByText(fileName)).closest('tr')!;

describe('Batch dashboard', () => {
  it('shows every column, the date in UTC and the marker by ADR 013', async () => {
    const clean = makeBatch({ fileName: 'clean.csv', processedTimeStamp: '2026-03-04T23:30:00-05:00', uploadedBy: 'Ada Reyes', recordCount: 12 });
    const hits = makeBatch({ fileName: 'hits.csv', hits: 3, toReview: 2 });
    const empty = makeBatch({ fileName: 'empty.csv', recordCount: 0, rowsDone: 0 });
    renderDashboard([clean, hits, empty]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Batch Search Dashboard' })).toBeTruthy();
    const headers = within(await screen.findByRole('table', { name: 'Batch history' })).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Result marker', 'File Name', 'Date Uploaded', 'Uploaded By', 'Record Count', 'To Review', 'Status', 'Actions']);
    const cleanRow = await rowOf('clean.csv');
    for (const text of ['2026-03-05', 'Ada Reyes', '12', 'All Results Reviewed']) expect(within(cleanRow).getByText(text)).toBeTruthy();
    expect(within(cleanRow).getByRole('img', { name: 'No hits' }).dataset.marker).toBe('green');
    expect(within(await rowOf('hits.csv')).getByRole('img', { name: 'Needs attention' }).dataset.marker).toBe('amber');
    expect(within(await rowOf('hits.csv')).getByText('Results to Review')).toBeTruthy();
    // A Completed batch without records is amber and shows its raw status.
    const emptyRow = await rowOf('empty.csv');
    expect(within(emptyRow).getByRole('img', { name: 'Needs attention' })).toBeTruthy();
    expect(within(emptyRow).getByText('Completed')).toBeTruthy();
  });

  it('shows raw statuses, red for Error, a link to the results of a Completed batch, and progress while running', async () => {
    const running = makeBatch({ fileName: 'running.csv', status: 'Processing', recordCount: 200, rowsDone: 50 });
    const failed = makeBatch({ fileName: 'failed.csv', status: 'Error' });
    const done = makeBatch({ fileName: 'done.csv', hits: 1, toReview: 1 });
    renderDashboard([running, failed, done]);
    const runningRow = await rowOf('running.csv');
    expect(within(runningRow).getByText('Processing')).toBeTruthy();
    expect(within(runningRow).getByText('50 of 200 rows')).toBeTruthy();
    expect(within(runningRow).getByRole('progressbar', { name: 'Progress of running.csv' }).getAttribute('aria-valuenow')).toBe('25');
    expect(within(await rowOf('failed.csv')).getByText('Error').getAttribute('style')).toContain('red');
    const doneStatus = within(await rowOf('done.csv')).getByText('Results to Review');
    expect(doneStatus.closest('a')?.getAttribute('href')).toBe(`/flex-search/${done.batchId}/details`);
    expect(within(await rowOf('done.csv')).queryByRole('progressbar')).toBeNull();
  });

  it('links Start new search to the wizard', async () => {
    renderDashboard([makeBatch()]);
    const start = await screen.findByRole('link', { name: 'Start new search' });
    expect(start.getAttribute('href')).toBe('/flex-search/file-upload');
  });

  it('disables Start new search when no search type is offered', async () => {
    renderDashboard([], { types: [] });
    await screen.findByText('No batch matches these filters.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start new search' }).hasAttribute('disabled')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Start new search' })).toBeNull();
  });

  it('tells two uploads of one file on one day apart by their time in the user\'s zone', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Chicago';
    try {
      const morning = makeBatch({ fileName: 'clean-2.csv', processedTimeStamp: '2026-12-04T15:05:00Z' });
      const evening = makeBatch({ fileName: 'clean-2.csv', processedTimeStamp: '2026-12-05T02:40:00Z' });
      renderDashboard([morning, evening]);
      const rows = (await screen.findAllByText('clean-2.csv')).map((cell) => cell.closest('tr')!);
      const cells = rows.map((row) => row.querySelector('time')!);
      expect(cells.map((c) => c.getAttribute('datetime'))).toEqual(['2026-12-04T15:05:00Z', '2026-12-05T02:40:00Z']);
      // The spec's UTC date stays; the local time follows it, with the local date when the days differ.
      expect(cells[0].textContent).toBe('2026-12-04 09:05 CST');
      expect(within(cells[1]).getByText('2026-12-05')).toBeTruthy();
      expect(within(cells[1]).getByText('2026-12-04 20:40 CST')).toBeTruthy();
    } finally {
      process.env.TZ = zone;
    }
  });
});
