// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TeamList } from '#shared/admin';
import type { ThresholdPreview } from '#shared/review-threshold';
import { json, makeUser, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';

const teams: TeamList = { client: { id: 3, name: 'Acme Health', teamType: 'MULTI_TEAM' }, teams: [] };
const settings = { threshold: 0.8, own: null, defaultThreshold: 0.8, min: 0.7, max: 0.9 };

const LEIE = 'OIG List of Excluded Individuals/Entities (LEIE)';
const DROPPED_AT_088: NonNullable<NonNullable<ThresholdPreview['lastBatch']>['droppedVariants']> = {
  findings: 3,
  counts: { nickname: 2, nameTypo: 0, soundAlike: 0, dobTypo: 1, nameOrder: 0, sameIdentifier: 0, sameDob: 0 },
  examples: [
    { rowIndex: 4, rowName: 'Luz Ramirez', listName: 'LUZ RAMIREZ', list: LEIE, signs: ['dobTypo'], score: 0.87 },
    { rowIndex: 1, rowName: 'Bob Smith', listName: 'ROBERT SMITH', list: LEIE, signs: ['nickname'], score: 0.863 },
    { rowIndex: 2, rowName: 'Dan Okafor', listName: 'DANIEL THOMAS OKAFOR JR', list: LEIE, signs: ['nickname'], score: 0.855 },
  ],
};

/** The last batch had 40 findings at 0.80; 7 of them scored under 0.85; 12 near misses (on 9 rows) from 0.75; an older batch kept none. */
function preview(request: RecordedRequest) {
  const threshold = Number(request.query.get('threshold'));
  const isOld = threshold < 0.75;
  const lower = (n: number) => (threshold >= 0.8 ? 0 : isOld ? null : n);
  const answer: ThresholdPreview = {
    threshold,
    lastBatch: { batchId: 9, fileName: 'march.csv', ranWith: 0.8, findings: 40, dropped: threshold > 0.8 ? 7 : 0, added: lower(12), rowsAdded: lower(9) },
  };
  // From 0.88, three of the dropped findings are of the kinds the engine knows are often the same person.
  if (threshold >= 0.88) answer.lastBatch!.droppedVariants = DROPPED_AT_088;
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

  it('warns in words above the save button when the dropped findings are of kinds often the same person, and saves once confirmed', async () => {
    const server = renderCard();
    const card = await screen.findByRole('region', { name: 'Screening sensitivity' });
    const input = within(card).getByRole('textbox', { name: 'Review threshold' });
    const saveButton = () => within(card).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    // Saved at once, before the preview of the typed value shows: the click reads it and holds back.
    fireEvent.change(input, { target: { value: '0.88' } });
    fireEvent.click(saveButton());
    const warning = await within(card).findByRole('alert', {}, { timeout: 3_000 });
    expect(warning.textContent).toContain('Findings of kinds often the same person would be dropped');
    expect(warning.textContent).toContain(
      'Raising the threshold to 0.88 would drop 3 findings of the last batch that the engine knows are often the same person: 2 with a nickname; 1 with a date of birth one typo away (a day, a digit, day and month swapped).',
    );
    const examples = within(warning).getAllByRole('listitem').map((li) => li.textContent);
    expect(examples).toEqual([
      `Luz Ramirez → LUZ RAMIREZ, 0.870 (date of birth one typo away) on ${LEIE}`,
      `Bob Smith → ROBERT SMITH, 0.863 (a nickname) on ${LEIE}`,
      `Dan Okafor → DANIEL THOMAS OKAFOR JR, 0.855 (a nickname) on ${LEIE}`,
    ]);
    expect(warning.textContent).toContain('Reviewers would not see them: an excluded person written this way on your roster would be missed.');
    // The warning comes before the save button, and saving waits for the confirmation.
    expect(warning.compareDocumentPosition(saveButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Save anyway: I know these findings would no longer be shown to reviewers' }));
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ threshold: 0.88 }]));

    // No warning where the dropped findings show none of those kinds.
    fireEvent.change(input, { target: { value: '0.85' } });
    expect(await within(card).findByText('7 findings would be dropped; 0 would be added.', {}, { timeout: 3_000 })).toBeTruthy();
    expect(within(card).queryByRole('alert')).toBeNull();
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
