// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { HomeSummary } from '#shared/home';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const TRIAL: HomeSummary['month'] = { searches: 3, spend: null, monitoringSpend: null, trial: { searchesLeft: 7, searchesPerMonth: 10, resetsOn: '2027-01-01', endsOn: '2027-01-20' } };
const PAID: HomeSummary['month'] = { searches: 1000, spend: 150, monitoringSpend: 1, trial: null };

describe('Interactive Search', () => {
  const summary = (month: HomeSummary['month']): HomeSummary => ({ review: { alerts: { total: 0, under7Days: 0, under30Days: 0, older: 0 }, results: { total: 0, under7Days: 0, under30Days: 0, older: 0 } }, month, lastBatches: [] });
  const open = (month: HomeSummary['month']) => {
    stubServer({
      'GET /services/user/info': userInfoHandler(makeUser({ roles: ['name_search_user', 'npi_search_user'] })),
      'GET /services/home/summary': () => json(200, summary(month)),
    });
    renderApp('/interactive/search');
  };

  it('tells a trial user a search counts against the trial’s searches, not a monthly bill', async () => {
    open(TRIAL);
    expect(await screen.findByText(/one of your trial’s 10 searches this month \(7 left, back on January 1, 2027\)/)).toBeTruthy();
    expect(screen.queryByText(/monthly bill/)).toBeNull();
  });

  it('tells a paying user a search goes on the monthly bill', async () => {
    open(PAID);
    expect(await screen.findByText(/on your monthly bill/)).toBeTruthy();
  });
});
