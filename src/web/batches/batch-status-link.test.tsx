// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';
import { makeBatch, SEARCH_TYPE_LIST } from './batch-fixtures';

describe('Batch status link', () => {
  it('links the status of a Completed batch and of a queued one to its page, and not that of a failed one', async () => {
    const done = makeBatch({ fileName: 'done.csv', hits: 2, toReview: 2 });
    const running = makeBatch({ fileName: 'running.csv', status: 'Submitted', rowsDone: 0 });
    const failed = makeBatch({ fileName: 'failed.csv', status: 'Error', rowsDone: 0 });
    stubServer({
      'GET /services/user/info': userInfoHandler(makeUser()),
      'GET /services/flexsearchs/searchtypes': () => json(200, SEARCH_TYPE_LIST),
      'GET /services/flexsearchs': () => json(200, { items: [done, running, failed], total: 3 }),
      'GET /services/flexsearchs/filters': () => json(200, { clients: [], teams: [], uploaders: [] }),
    });
    renderApp('/flex-search');
    const link = await screen.findByRole('link', { name: 'Results to Review' });
    expect(link.getAttribute('href')).toBe(`/flex-search/${done.batchId}/details`);
    // A queued batch's page shows its progress and place in the queue (ADR 044).
    const runningRow = screen.getByText('running.csv').closest('tr')!;
    expect(within(runningRow).getByText('Submitted').closest('a')?.getAttribute('href')).toBe(`/flex-search/${running.batchId}/details`);
    const failedRow = screen.getByText('failed.csv').closest('tr')!;
    expect(within(failedRow).getByText('Error').closest('a')).toBeNull();
  });
});
