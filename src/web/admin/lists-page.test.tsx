// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminListSource, ListsOverview } from '#shared/lists-admin';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';

const now = '2026-11-25T09:00:00.000Z';
const source = (overrides: Partial<AdminListSource>): AdminListSource => ({
  source: 'leie',
  title: 'OIG List of Excluded Individuals/Entities (LEIE)',
  publisher: 'HHS OIG',
  version: 3,
  origin: 'update',
  asOf: '2026-11-01',
  records: 82000,
  activatedAt: now,
  importedBy: null,
  restoredFrom: null,
  lastCheck: { at: now, outcome: 'unchanged' },
  lastError: null,
  downloadHint: null,
  acquisition: { method: 'direct', page: 'https://oig.hhs.gov/exclusions/exclusions_list.asp', cadence: 'monthly, by the 10th', reason: null, licensed: false, override: false },
  layoutNote: null,
  cadence: 'monthly',
  staleAfterDays: 35,
  refreshedAt: now,
  isStale: false,
  run: null,
  hasPrevious: true,
  held: null,
  ...overrides,
});
const overview: ListsOverview = {
  now,
  schedule: '0 6 * * *',
  nextCheck: '2026-11-26T06:00:00.000Z',
  isSamplesOnly: false,
  offline: null,
  sources: [
    source({}),
    source({
      source: 'sam',
      title: 'SAM.gov Exclusions',
      cadence: 'daily',
      staleAfterDays: 2,
      refreshedAt: '2026-11-20T06:00:00.000Z',
      isStale: true,
      lastCheck: { at: now, outcome: 'failed' },
      lastError: { words: 'The publisher refused access: the key may be wrong.', detail: 'HTTP 403 Forbidden', since: '2026-11-20T06:00:00.000Z' },
    }),
    source({
      source: 'optout',
      title: 'Medicare Opt-Out Affidavits',
      origin: 'sample',
      refreshedAt: null,
      run: { id: 7, source: 'optout', status: 'running', stage: 'download', bytes: 512 * 1024, totalBytes: 1024 * 1024, rows: 0, outcome: null, error: null, trigger: 'manual', requestedBy: 'ops', createdAt: now, finishedAt: null },
    }),
  ],
};

function renderLists(data: ListsOverview = overview) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(makeUser({ roles: ['system_admin_user'] })),
    'GET /services/admin/lists': () => json(200, data),
    'POST /services/admin/lists/check': () => json(200, { message: 'Checking leie now.', runs: [] }),
  });
  renderApp('/admin/lists');
  return server;
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

describe('Lists page', () => {
  it('shows each list with its origin, freshness, the error in words and a check running by stage', async () => {
    renderLists();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lists' })).toBeTruthy();
    const leie = within(await rowOf('OIG List of Excluded Individuals/Entities (LEIE)'));
    expect(leie.getByText('official download')).toBeTruthy();
    expect(leie.getByText('Fresh')).toBeTruthy();
    const sam = within(await rowOf('SAM.gov Exclusions'));
    expect(sam.getByText('Stale: 5 days old')).toBeTruthy();
    expect(sam.getByText(/The publisher refused access: the key may be wrong\./).getAttribute('title')).toBe('HTTP 403 Forbidden');
    const progress = screen.getByRole('status', { name: 'Check of Medicare Opt-Out Affidavits' });
    expect(within(progress).getByText('Downloading 512.0 KB of 1.0 MB')).toBeTruthy();
    expect(progress.querySelector('[aria-current="step"]')!.textContent).toBe('Download');
    expect(within(await rowOf('Medicare Opt-Out Affidavits')).getByText('Sample data only')).toBeTruthy();
  });

  it("shows how each list is fetched: the method, the publisher's page, its rhythm, why one is upload-only", async () => {
    renderLists({
      ...overview,
      sources: [
        source({}),
        source({
          source: 'dmf',
          title: 'Death Master File',
          downloadHint: 'Licensed: upload its files.',
          acquisition: { method: 'upload', page: 'https://www.ntis.gov/ladmf', cadence: 'weekly', reason: 'Licensed: upload its files on the Lists page', licensed: true, override: false },
        }),
      ],
    });
    const leie = within(await rowOf('OIG List of Excluded Individuals/Entities (LEIE)'));
    expect(leie.getByText('Direct download')).toBeTruthy();
    expect(leie.getByRole('link', { name: 'publisher page' }).getAttribute('href')).toBe('https://oig.hhs.gov/exclusions/exclusions_list.asp');
    expect(leie.getByText('Updated monthly, by the 10th')).toBeTruthy();
    const dmf = within(await rowOf('Death Master File'));
    expect(dmf.getByText('Upload only')).toBeTruthy();
    expect(dmf.getByText('Licensed: upload its files on the Lists page')).toBeTruthy();
  });

  it('says of a list read by its documented layout that its parser has not yet seen a real file', async () => {
    const note = 'Read by the layout the research documents: its parser has not yet seen a real file from the publisher.';
    renderLists({ ...overview, sources: [source({}), source({ source: 'state-mo', title: 'Missouri Medicaid Provider Sanctions (Terminations)', layoutNote: note })] });
    expect(within(await rowOf('Missouri Medicaid Provider Sanctions (Terminations)')).getByText(note)).toBeTruthy();
    expect(within(await rowOf('OIG List of Excluded Individuals/Entities (LEIE)')).queryByTestId('layout-note')).toBeNull();
    // Under the table, every state by name, with the seven that publish none.
    expect(screen.getByRole('heading', { name: 'Every state' })).toBeTruthy();
    expect(screen.getByText("Virginia publishes no list; OIG's LEIE covers it.")).toBeTruthy();
  });

  it('checks one list now, and all of them', async () => {
    const server = renderLists();
    fireEvent.click(await screen.findByRole('button', { name: 'Check now: OIG List of Excluded Individuals/Entities (LEIE)' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ sources: ['leie'] }));
    expect(await screen.findByText('Checking leie now.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check all now' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({}));
  });

  it('says when only the samples are loaded and the publishers cannot be reached', async () => {
    renderLists({ ...overview, isSamplesOnly: true, offline: { since: now, detail: "The publisher's address could not be looked up" } });
    expect((await screen.findByRole('alert')).textContent).toContain('This server cannot reach the list publishers');
    expect(screen.getByText('Screening uses the synthetic samples')).toBeTruthy();
    expect(screen.getByText(/Real lists arrive once the publishers can be reached/)).toBeTruthy();
  });

  it('shows a file held for approval with its comparison, and approves or rejects it after a confirmation', async () => {
    const held = {
      id: 9,
      fetchedAt: now,
      fileNames: ['UPDATED.csv'],
      mode: 'full',
      records: 1234,
      asOf: '2026-11-01',
      added: 0,
      removed: 856,
      changed: 0,
      reinstated: 0,
      comparison: {
        against: 3,
        records: { before: 2090, after: 1234 },
        asOf: { before: '2026-10-01', after: '2026-11-01' },
        headers: [{ file: 'UPDATED.csv', added: ['WAIVERSTATE'], removed: ['WVRSTATE'], isReordered: false }],
        reasons: [
          { kind: 'fewer-records' as const, words: 'the new file has 41 % fewer records than the active version (1,234 against 2,090)' },
          { kind: 'header' as const, words: "the header of UPDATED.csv differs from the active version's: new column WAIVERSTATE; missing column WVRSTATE" },
        ],
      },
    };
    const server = stubServer({
      'GET /services/user/info': userInfoHandler(makeUser({ roles: ['system_admin_user'] })),
      'GET /services/admin/lists': () => json(200, { ...overview, sources: [source({ held, lastCheck: { at: now, outcome: 'held' } })] }),
      'POST /services/admin/lists/versions/9/approve': () => json(200, { message: 'leie: version 9 is active (1,234 records) in place of version 3.', version: 9, status: 'active' }),
      'POST /services/admin/lists/versions/9/reject': () => json(200, { message: 'leie: version 9 is rejected; version 3 stays in use.', version: 9, status: 'rejected' }),
    });
    renderApp('/admin/lists');
    const card = within(await screen.findByRole('region', { name: 'OIG List of Excluded Individuals/Entities (LEIE): a new file is held for your approval' }));
    expect(card.getByText('The new file has 41 % fewer records than the active version (1,234 against 2,090).')).toBeTruthy();
    const table = within(card.getByRole('table', { name: 'Version 9 compared with version 3' }));
    expect(table.getByText('2,090')).toBeTruthy();
    expect(table.getByText('1,234')).toBeTruthy();
    expect(table.getByText('UPDATED.csv: new WAIVERSTATE; missing WVRSTATE')).toBeTruthy();
    expect(within(await rowOf('OIG List of Excluded Individuals/Entities (LEIE)')).getByText('new file held for approval')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Approve version 9 of OIG List of Excluded Individuals/Entities (LEIE)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve and use it' }));
    expect(await screen.findByText('leie: version 9 is active (1,234 records) in place of version 3.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST' && r.path === '/services/admin/lists/versions/9/approve')).toBe(true);

    fireEvent.click(card.getByRole('button', { name: 'Reject version 9 of OIG List of Excluded Individuals/Entities (LEIE)' }));
    fireEvent.change(await screen.findByLabelText('Why (for the audit log, optional)'), { target: { value: 'wrong file' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(server.requests.find((r) => r.path === '/services/admin/lists/versions/9/reject')?.body).toEqual({ reason: 'wrong file' }));
  });
});
