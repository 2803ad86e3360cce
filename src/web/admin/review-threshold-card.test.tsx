// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TeamList } from '#shared/admin';
import type { ThresholdPreview } from '#shared/review-threshold';
import { json, makeUser, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';

const teams: TeamList = { client: { id: 3, name: 'Acme Health', teamType: 'MULTI_TEAM' }, teams: [] };
const settings = { threshold: 0.8, own: null, defaultThreshold: 0.8, min: 0.7, max: 0.9 };

/** The last batch had 40 findings at 0.80; 7 of them scored under 0.85; 12 near misses (on 9 rows) from 0.75; an older batch kept none. */
function preview(request: RecordedRequest) {
  const threshold = Number(request.query.get('threshold'));
  const isOld = threshold < 0.75;
  const lower = (n: number) => (threshold >= 0.8 ? 0 : isOld ? null : n);
  const answer: ThresholdPreview = {
    threshold,
    lastBatch: { batchId: 9, fileName: 'march.csv', ranWith: 0.8, findings: 40, dropped: threshold > 0.8 ? 7 : 0, added: lower(12), rowsAdded: lower(9) },
  };
  return json(200, answer);
}

function renderCard() {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(makeUser({ roles: ['domain_admin_user'], teamType: 'MULTI_TEAM', multiTeam: true, singleTeam: false })),
    'GET /services/admin/teams': () => json(200, teams),
    'GET /services/admin/review-threshold': () => json(200, settings),
    'GET /services/admin/review-threshold/preview': preview,
    'PUT /services/admin/review-threshold': (r) => json(200, { ...settings, threshold: (r.body as { threshold: number }).threshold, own: (r.body as { threshold: number }).threshold }),
  });
  renderApp('/admin/domainHierarchy');
  return server;
}

describe('Screening sensitivity on the Teams page', () => {
  it('previews what a threshold would do to the last batch before saving it', async () => {
    const server = renderCard();
    const card = await screen.findByRole('region', { name: 'Screening sensitivity' });
    const input = within(card).getByRole('textbox', { name: 'Review threshold' });
    expect((input as HTMLInputElement).value).toBe('0.80');
    expect(await within(card).findByText(/Last batch/)).toBeTruthy();
    expect(within(card).getByText('march.csv')).toBeTruthy();

    fireEvent.change(input, { target: { value: '0.85' } });
    expect(await within(card).findByText('7 findings would be dropped; 0 would be added.', {}, { timeout: 3_000 })).toBeTruthy();
    fireEvent.change(input, { target: { value: '0.75' } });
    expect(await within(card).findByText('0 findings would be dropped; 12 would be added, 9 of them on rows with no finding now.', {}, { timeout: 3_000 })).toBeTruthy();
    // A batch screened before near misses were kept cannot say.
    fireEvent.change(input, { target: { value: '0.72' } });
    expect(await within(card).findByText('0 findings would be dropped; how many would be added cannot be counted.', {}, { timeout: 3_000 })).toBeTruthy();

    fireEvent.change(input, { target: { value: '0.85' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ threshold: 0.85 }]));
    expect(await screen.findByText('Review threshold set to 0.85. New batches run with it.')).toBeTruthy();
  });

  it('refuses a threshold outside the safe range without calling the server', async () => {
    const server = renderCard();
    const card = await screen.findByRole('region', { name: 'Screening sensitivity' });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Review threshold' }), { target: { value: '0.95' } });
    expect(await within(card).findByText('Choose a threshold between 0.70 and 0.90.')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
