// @vitest-environment jsdom
import '../test-setup';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ListStatus } from '#shared/lists';
import { ListFreshness } from './list-freshness';

const now = new Date().toISOString();
const list = (source: string, title: string, extra: Partial<ListStatus>): ListStatus => ({
  source,
  title,
  publisher: 'Agency',
  officialUrl: 'https://example.gov',
  description: '',
  version: 1,
  origin: 'download',
  asOf: '2026-11-01',
  records: 10,
  activatedAt: now,
  lastChecked: now,
  lastError: null,
  added: 0,
  removed: 0,
  changed: 0,
  reinstated: 0,
  ...extra,
});

function renderPanel(lists: ListStatus[]) {
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <ListFreshness lists={lists} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('list freshness on the home page', () => {
  it('counts the lists up to date and the stale ones, names the stale ones by reason, and shows each list’s dates only on demand', () => {
    renderPanel([
      list('leie', 'OIG LEIE', {}),
      list('sam', 'SAM.gov Exclusions', { origin: 'sample' }),
      list('optout', 'Medicare Opt-Out Affidavits', { origin: 'sample' }),
      list('ofac-sdn', 'OFAC SDN', { lastError: 'HTTP 503' }),
    ]);
    expect(screen.getByText(/lists up to date/).textContent).toBe('1 of 4 lists up to date, 3 may be out of date');
    expect(screen.getByText(/^Sample data only/).parentElement!.textContent).toBe('Sample data only (2): SAM.gov Exclusions, Medicare Opt-Out Affidavits');
    expect(screen.getByText(/^Last update failed/).parentElement!.textContent).toBe('Last update failed (1): OFAC SDN');
    expect(screen.getByRole('link', { name: 'Lists we search' }).getAttribute('href')).toBe('/lists');
    // No row per list until asked.
    expect(screen.queryByRole('table')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show the dates of each list (4)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const table = screen.getByRole('table', { name: 'Dates of each list' });
    const row = (title: string) => within(table).getByRole('cell', { name: title }).closest('tr') as HTMLElement;
    expect(within(row('SAM.gov Exclusions')).getByText('Sample data only')).toBeTruthy();
    expect(within(row('OFAC SDN')).getByText('Last update failed')).toBeTruthy();
    expect(within(row('OIG LEIE')).queryByText(/Sample|failed|Not/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Hide the dates of each list' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('names a few stale lists of a reason and counts the rest', () => {
    const samples = Array.from({ length: 6 }, (_, i) => list(`state-${i}`, `State list ${i}`, { origin: 'sample' }));
    renderPanel([list('leie', 'OIG LEIE', {}), ...samples]);
    expect(screen.getByText(/^Sample data only/).parentElement!.textContent).toBe('Sample data only (6): State list 0, State list 1, State list 2, State list 3 and 2 more');
  });

  it('says when every list shares one reason, without naming them all', () => {
    renderPanel(Array.from({ length: 6 }, (_, i) => list(`state-${i}`, `State list ${i}`, { origin: 'sample' })));
    expect(screen.getByText(/lists up to date/).textContent).toBe('0 of 6 lists up to date, 6 may be out of date');
    expect(screen.getByText(/^Sample data only/).parentElement!.textContent).toBe('Sample data only (6): every list');
  });

  it('says only how many are up to date when none is stale', () => {
    renderPanel([list('leie', 'OIG LEIE', {}), list('sam', 'SAM.gov Exclusions', {})]);
    expect(screen.getByText(/lists up to date/).textContent).toBe('2 of 2 lists up to date');
    expect(screen.queryByText(/Sample data only|Last update failed/)).toBeNull();
  });
});
