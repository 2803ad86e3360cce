// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ListStatus } from '#shared/lists';
import { STATE_LISTS } from '#shared/state-lists';
import { apiError, json, renderApp, stubServer, userInfoHandler } from '../test-utils';

const FIGURE: ListStatus = {
  source: 'leie',
  title: 'OIG LEIE',
  publisher: 'HHS OIG',
  officialUrl: 'https://oig.hhs.gov/exclusions/',
  description: 'Excluded individuals and entities.',
  version: 12,
  origin: 'update',
  activatedAt: '2026-10-09T04:00:00Z',
  lastError: null,
  changed: 3,
  asOf: '2026-10-01',
  records: 84093,
  lastChecked: '2026-10-09T04:00:00Z',
  added: 312,
  removed: 20,
  reinstated: 14,
};

describe('lists page', () => {
  it('shows the live figures when the server publishes them', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(null), 'GET /services/lists': () => json(200, [FIGURE]) });
    renderApp('/lists');
    expect(await screen.findByRole('heading', { name: 'Current versions' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'OIG LEIE' })).toBeTruthy();
    expect(screen.getByText('84,093')).toBeTruthy();
    expect(screen.getByText('2026-10-09')).toBeTruthy();
  });

  it('says when figures come from the synthetic sample and when the last update failed', async () => {
    const sample = { ...FIGURE, origin: 'sample', lastError: 'truncated download: got 10 of 20 bytes' };
    stubServer({ 'GET /services/user/info': userInfoHandler(null), 'GET /services/lists': () => json(200, [sample]) });
    renderApp('/lists');
    expect(await screen.findByText('synthetic sample data')).toBeTruthy();
    expect(screen.getByText(/Last update failed: truncated download/)).toBeTruthy();
  });

  it('shows the descriptions only when there are no figures', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(null), 'GET /services/lists': () => apiError(404, 'NOT_FOUND', 'Not found.') });
    renderApp('/lists');
    expect(await screen.findByRole('heading', { name: 'List of Excluded Individuals/Entities (LEIE)' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Current versions' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('names every state: the ones whose list is searched and the seven that publish none', async () => {
    stubServer({ 'GET /services/user/info': userInfoHandler(null), 'GET /services/lists': () => json(200, [FIGURE]) });
    renderApp('/lists');
    expect(await screen.findByRole('heading', { name: 'Every state' })).toBeTruthy();
    const coverage = screen.getByTestId('state-coverage');
    for (const list of STATE_LISTS) expect(coverage.querySelector(`[data-state="${list.state}"]`), list.state).not.toBeNull();
    for (const name of ['New Mexico', 'Oklahoma', 'Rhode Island', 'South Dakota', 'Utah', 'Virginia', 'Wisconsin']) expect(screen.getByText(`${name} publishes no list; OIG's LEIE covers it.`)).toBeTruthy();
    expect(screen.getByText(/^Florida publishes a list/)).toBeTruthy();
    // The lists read by their documented layout are marked, and the mark explained.
    expect(coverage.querySelector('[data-state="MO"] [data-testid="documented-mark"]')).not.toBeNull();
    expect(coverage.querySelector('[data-state="NY"] [data-testid="documented-mark"]')).toBeNull();
    expect(screen.getByText(/^\* Read by the layout the research documents/)).toBeTruthy();
  });
});
