// @vitest-environment jsdom
import '../test-setup';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ListStatus } from '#shared/lists';
import { ListFreshness } from './home-sections';

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

describe('list freshness on the home page', () => {
  it('says how many lists may be out of date and why, and shows each reason whole beside its list', () => {
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <ListFreshness
            lists={[
              list('leie', 'OIG LEIE', {}),
              list('sam', 'SAM.gov Exclusions', { origin: 'sample' }),
              list('optout', 'Medicare Opt-Out Affidavits', { origin: 'sample' }),
              list('ofac-sdn', 'OFAC SDN', { lastError: 'HTTP 503' }),
            ]}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('3 of 4 lists may be out of date (Sample data only: 2; Last update failed: 1).');
    const row = (title: string) => screen.getByRole('cell', { name: title }).closest('tr') as HTMLElement;
    expect(within(row('SAM.gov Exclusions')).getByText('Sample data only')).toBeTruthy();
    expect(within(row('OFAC SDN')).getByText('Last update failed')).toBeTruthy();
    expect(within(row('OIG LEIE')).queryByText(/Sample|failed|Not/)).toBeNull();
  });
});
