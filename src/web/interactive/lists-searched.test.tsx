// @vitest-environment jsdom
import '../test-setup';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListSearched } from '#shared/interactive-search';
import { ListsSearched, listsSentence } from './lists-searched';

const list = (source: string, title: string, extra: Partial<ListSearched> = {}): ListSearched => ({
  source, title, publisher: 'Agency', officialUrl: 'https://example.gov', asOf: '2026-11-01', acquiredOn: '2026-11-02', records: 10, version: 1, synthetic: false, warning: null, ...extra,
});

describe('the lists of a proof of search (ADR 114)', () => {
  it('says "synthetic sample" beside a sample’s date, a stale copy’s warning, and a Not searched table with the reasons', () => {
    const lists = [list('leie', 'OIG LEIE', { synthetic: true }), list('sam', 'SAM.gov Exclusions', { warning: "last update failed 4 days ago, data older than its publisher's cadence" })];
    render(
      <MantineProvider>
        <ListsSearched lists={lists} notSearched={[{ source: 'state-ny', title: 'New York OMIG', reason: 'not loaded yet' }]} />
      </MantineProvider>,
    );
    const searched = within(screen.getByRole('region', { name: 'Lists searched' }));
    expect(within(searched.getByText('OIG LEIE').closest('tr')!).getByText('synthetic sample')).toBeTruthy();
    expect(within(searched.getByText('SAM.gov Exclusions').closest('tr')!).getByText(/Warning: last update failed 4 days ago/)).toBeTruthy();
    const missing = within(screen.getByRole('region', { name: 'Not searched' }));
    expect(within(missing.getByText('New York OMIG').closest('tr')!).getByText('not loaded yet')).toBeTruthy();
    expect(listsSentence(lists)).toBe('OIG LEIE (2026-11-01, synthetic sample); SAM.gov Exclusions (2026-11-01)');
  });

  it('shows no Not searched table when every list was searched (or on a search kept before)', () => {
    render(
      <MantineProvider>
        <ListsSearched lists={[list('leie', 'OIG LEIE')]} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Not searched' })).toBeNull();
    expect(screen.queryByText('synthetic sample')).toBeNull();
  });
});
