// @vitest-environment jsdom
import '../test-setup';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListSearched } from '#shared/interactive-search';
import { isNothingSearched, ListsSearched, listsSentence, notSearchedNote } from './lists-searched';

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

  it('says plainly when nothing was searched: no empty table, and the outcome counts the lists not searched', () => {
    const none = [list('leie', 'OIG LEIE', { records: 0, asOf: null, version: null })];
    render(
      <MantineProvider>
        <ListsSearched lists={none} notSearched={[{ source: 'leie', title: 'OIG LEIE', reason: 'not loaded yet' }]} />
      </MantineProvider>,
    );
    expect(within(screen.getByRole('region', { name: 'Lists searched' })).getByText('None: no list was loaded when this search ran.')).toBeTruthy();
    expect(isNothingSearched(none)).toBe(true);
    expect(isNothingSearched([list('leie', 'OIG LEIE')])).toBe(false);
    expect(notSearchedNote([{ source: 'leie', title: 'OIG LEIE', reason: 'not loaded yet' }])).toBe(' 1 list asked for was not searched (named below).');
    expect(notSearchedNote([])).toBe('');
  });
});
