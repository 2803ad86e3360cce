// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, type RecordedRequest } from '../test-utils';
import { callsTo, makeExclusion, makeGroup, renderResults } from './results-test-kit';

const carol1 = makeExclusion({ name: 'CAROL MOORE', searchCriteriaKey: 'E1: Carol Moore', link: 'https://oig.hhs.gov/exclusions/1', middleName: 'ANN' });
const carol2 = makeExclusion({ name: 'CAROLE MOORE', searchCriteriaKey: 'E1: Carol Moore', source: 'sam', sourceName: 'SAM.gov', status: 'CLEARED' });
const chris = makeExclusion({ name: 'CHRISTOPHER DAVIS', searchCriteriaKey: 'E2: Chris Davis', status: 'HISTORICAL_MATCH', exclusionType: 'Prohibition' });
const groups = [makeGroup('E1: Carol Moore', { NONCLEARED: 1, CLEARED: 1 }, 'E1'), makeGroup('E2: Chris Davis', { HISTORICAL_MATCH: 1 }, 'E2'), makeGroup('E3: Ana Lee', { CLEARED: 2 })];

function renderExclusions(total = 3) {
  return renderResults({ exclusions: () => json(200, { records: [carol1, carol2, chris], total, scGroups: groups }) });
}

const groupOf = async (criteria: string) => screen.findByRole('rowgroup', { name: `Search criteria ${criteria}` });
const lastQuery = (requests: RecordedRequest[], path: string) => callsTo(requests, 'GET', path).at(-1)!.query;

describe('Exclusions tab', () => {
  it('groups records by search criteria with the unique id and the status card worded by the spec', async () => {
    renderExclusions();
    const carol = await groupOf('E1: Carol Moore');
    expect(within(carol).getByText('Unique ID: E1')).toBeTruthy();
    // The unique ID once, in its badge: the heading drops the key's own copy of it (issue 55).
    expect(within(carol).getByText('Carol Moore')).toBeTruthy();
    expect(within(carol).queryByText('E1: Carol Moore')).toBeNull();
    expect(within(carol).getByText('1 record(s) to review').closest<HTMLElement>('[data-tone]')!.dataset.tone).toBe('warning');
    // The group's header row, then its two records.
    expect(within(carol).getAllByRole('row')).toHaveLength(3);
    expect(within(await groupOf('E2: Chris Davis')).getByText('1 confirmed match(es)').closest<HTMLElement>('[data-tone]')!.dataset.tone).toBe('alert');
    const ana = await groupOf('E3: Ana Lee');
    expect(within(ana).getByText('All records cleared').closest<HTMLElement>('[data-tone]')!.dataset.tone).toBe('success');
    expect(within(ana).queryByText(/Unique ID/)).toBeNull();
  });

  it('says what an OIG exclusion type code means under the code, whole on hover; other lists’ words stay as they are', async () => {
    renderExclusions();
    const carol = await groupOf('E1: Carol Moore');
    const meaning = 'Conviction of a crime related to Medicare or a state health care program (mandatory exclusion)';
    const [cell] = within(carol).getAllByText(meaning);
    expect(cell.closest('[title]')!.getAttribute('title')).toBe(`1128a1: ${meaning}`);
    expect(within(carol).getAllByText('1128a1').length).toBeGreaterThan(0);
    const chrisGroup = await groupOf('E2: Chris Davis');
    expect(within(chrisGroup).getByText('Prohibition').closest('[title]')).toBeNull();
    // The header row is the one that stays in view as the page scrolls.
    const head = screen.getByRole('table', { name: 'Exclusion records' }).querySelector('thead')!;
    expect(head.className).toMatch(/stickyHead/);
  });

  it('shows the default columns, links the source out, and adds an optional column from the picker', async () => {
    renderExclusions();
    await groupOf('E1: Carol Moore');
    // One table for the page: the header is shown once, not per group.
    const table = screen.getByRole('table', { name: 'Exclusion records' });
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(within(table).getAllByRole('row', { name: /Select every record on this page/ })).toHaveLength(1);
    const headers = () => within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers()).toEqual(['Select', 'Name', 'Score', 'Company Name', 'Source', 'State', 'Exclusion Date', 'Exclusion Type', 'Status', 'Latest Note']);
    expect(within(await groupOf('E1: Carol Moore')).getAllByText('0.91')).toHaveLength(2);
    const source = within(table).getByRole('link', { name: 'OIG LEIE' });
    expect(source.getAttribute('href')).toBe('https://oig.hhs.gov/exclusions/1');
    expect(source.getAttribute('target')).toBe('_blank');
    // A source without a link is plain text.
    expect(within(table).getByText('SAM.gov').closest('a')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('dialog', { name: 'Columns' });
    const optional = ['AKAs', 'DBAs', 'Middle Name', 'Prefix', 'Suffix', 'Date of Birth', 'Start Date', 'Classification', 'Address', 'City', 'County', 'Postal Code', 'Country', 'NPI', 'Specialty', 'License Numbers', 'Provider Numbers', 'Case Number', 'Exclusion Term', 'Comments', 'Date Acquired From Source'];
    const box = (label: string) => within(picker).getByRole('checkbox', { name: label }) as HTMLInputElement;
    for (const label of optional) expect(box(label).checked).toBe(false);
    expect(box('Latest Note').checked).toBe(true);
    fireEvent.click(within(picker).getByRole('checkbox', { name: 'Middle Name' }));
    await waitFor(() => expect(headers()).toContain('Middle Name'));
    // Columns keep the table's order, not the order they were ticked in.
    expect(headers().indexOf('Middle Name')).toBeGreaterThan(headers().indexOf('Latest Note'));
    expect(within(table).getByText('ANN')).toBeTruthy();
    fireEvent.click(within(picker).getByRole('checkbox', { name: 'Company Name' }));
    await waitFor(() => expect(headers()).not.toContain('Company Name'));
  });

  it('remembers the chosen columns for the next results page it opens', async () => {
    const first = renderExclusions();
    const headersOf = async () => {
      await groupOf('E1: Carol Moore');
      return within(screen.getByRole('table', { name: 'Exclusion records' })).getAllByRole('columnheader').map((th) => th.textContent);
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('dialog', { name: 'Columns' });
    fireEvent.click(within(picker).getByRole('checkbox', { name: 'Date of Birth' }));
    fireEvent.click(within(picker).getByRole('checkbox', { name: 'State' }));
    await waitFor(async () => expect(await headersOf()).toContain('Date of Birth'));
    first.unmount();

    renderExclusions();
    const headers = await headersOf();
    expect(headers).toContain('Date of Birth');
    expect(headers).not.toContain('State');
    fireEvent.click(await screen.findByRole('button', { name: 'Columns' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Columns' })).getByRole('button', { name: 'Default columns' }));
    await waitFor(async () => expect(await headersOf()).toEqual(['Select', 'Name', 'Score', 'Company Name', 'Source', 'State', 'Exclusion Date', 'Exclusion Type', 'Status', 'Latest Note']));
  });

  it('collapses and expands every group, and one group by its own toggle', async () => {
    renderExclusions();
    const carol = await groupOf('E1: Carol Moore');
    fireEvent.click(within(carol).getByRole('button', { name: 'Collapse E1: Carol Moore' }));
    // Collapsed: only the group's header row stays.
    await waitFor(() => expect(within(carol).getAllByRole('row')).toHaveLength(1));
    fireEvent.click(within(carol).getByRole('button', { name: 'Expand E1: Carol Moore' }));
    await waitFor(() => expect(within(carol).getAllByRole('row')).toHaveLength(3));

    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Select (CAROL|CAROLE|CHRISTOPHER)/ })).toHaveLength(0));
    await waitFor(() => expect(screen.queryAllByRole('checkbox', { name: /^Select (CAROL|CAROLE|CHRISTOPHER)/ })).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    await waitFor(() => expect(screen.getAllByRole('checkbox', { name: /^Select (CAROL|CAROLE|CHRISTOPHER)/ })).toHaveLength(3));
  });

  it('sorts by the chosen field and order, asking the server', async () => {
    const { server, base } = renderExclusions();
    await groupOf('E1: Carol Moore');
    const q = () => lastQuery(server.requests, `${base}/result`);
    expect([q().get('orderBy'), q().get('sort')]).toEqual(['name', 'ASC']);
    const order = screen.getByRole('radiogroup', { name: 'Order' });
    fireEvent.click(within(order).getByRole('radio', { name: 'Z–A' }));
    await waitFor(() => expect(q().get('sort')).toBe('DESC'));

    fireEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Score' }));
    // A score sort starts with the strongest.
    await waitFor(() => expect([q().get('orderBy'), q().get('sort')]).toEqual(['score', 'DESC']));
    expect((within(screen.getByRole('radiogroup', { name: 'Order' })).getByRole('radio', { name: 'Highest first' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Order' })).getByRole('radio', { name: 'Lowest first' }));
    await waitFor(() => expect(q().get('sort')).toBe('ASC'));
    expect(q().get('page')).toBe('1');
  });

  it('filters by criteria text, record status and source in the bracket style, and Reset clears them', async () => {
    const { server, base } = renderExclusions();
    const filters = await screen.findByRole('search', { name: 'Filter exclusions' });
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Search criteria' }), { target: { value: ' Carol ' } });
    await waitFor(() => expect(lastQuery(server.requests, `${base}/result`).get('sc')).toBe('Carol'), { timeout: 3_000 });

    fireEvent.click(within(filters).getByRole('combobox', { name: 'Record status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Needs Review' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Reviewed: Match' }));
    await waitFor(() => expect(lastQuery(server.requests, `${base}/result`).getAll('status[]')).toEqual(['NONCLEARED', 'HISTORICAL_MATCH']));

    fireEvent.click(within(filters).getByRole('combobox', { name: 'Source' }));
    fireEvent.click(await screen.findByRole('option', { name: 'SAM.gov' }));
    await waitFor(() => expect(lastQuery(server.requests, `${base}/result`).getAll('sources[]')).toEqual(['sam']));

    fireEvent.click(within(filters).getByRole('combobox', { name: 'Score' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Strong (0.95–1.00)' }));
    await waitFor(() => expect(lastQuery(server.requests, `${base}/result`).getAll('scoreBand[]')).toEqual(['strong']));
    expect(lastQuery(server.requests, `${base}/result`).get('page')).toBe('1');

    fireEvent.click(within(filters).getByRole('button', { name: 'Reset' }));
    await waitFor(() => {
      const q = lastQuery(server.requests, `${base}/result`);
      expect([q.get('sc'), q.getAll('status[]'), q.getAll('sources[]'), q.getAll('scoreBand[]')]).toEqual([null, [], [], []]);
    });
    expect((within(filters).getByRole('textbox', { name: 'Search criteria' }) as HTMLInputElement).value).toBe('');
  });

  it('pages groups: total ÷ page size, rounded up', async () => {
    const { server, base } = renderExclusions(25);
    const pager = await screen.findByRole('navigation', { name: 'Pages of search criteria groups' });
    expect(within(pager).getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual(['1', '2', '3']);
    expect(lastQuery(server.requests, `${base}/result`).get('limits')).toBe('10');
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(server.requests, `${base}/result`).get('page')).toBe('3'));
  });
});
