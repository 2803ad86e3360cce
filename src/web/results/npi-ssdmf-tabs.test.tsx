// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RecordedRequest } from '../test-utils';
import { json } from '../test-utils';
import { callsTo, makeNpi, makeSsdmf, renderResults } from './results-test-kit';

const lastQuery = (requests: RecordedRequest[], path: string) => callsTo(requests, 'GET', path).at(-1)!.query;
const headersOf = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((th) => th.textContent);

describe('NPI Results tab', () => {
  const open = makeNpi({ name: 'Ada Reyes', npiStatus: 'INACTIVE', npiStatusText: 'Inactive', optOutStatusText: 'Found on Opt Out List', exclusionStatusText: 'Exclusion Found' });
  const cleared = makeNpi({ name: 'Ben Ode', status: 'CLEARED', canChangeStatus: false });
  const someoneElses = makeNpi({ name: 'Jennifer Garcia', nppesName: 'WANG, JAMES KENNETH', findings: ['Name differs from NPPES: WANG, JAMES KENNETH.', 'The same NPI is also used by row 5 (EMP-1005) of this batch.'] });

  function renderNpi(flags: { nameSearch: boolean; optOutSearch: boolean; exclusionSearch: boolean }) {
    return renderResults({ searchTypes: [false, true, false], npi: () => json(200, { npiSearches: [open, cleared, someoneElses], total: 3, ...flags }) });
  }

  it("shows under the NPI status why a valid NPI is a finding, with a status to change", async () => {
    renderNpi({ nameSearch: true, optOutSearch: false, exclusionSearch: false });
    const table = await screen.findByRole('table', { name: 'NPI results' });
    const row = within(table).getByText('Jennifer Garcia').closest('tr')!;
    expect(within(row).getByText('Name differs from NPPES: WANG, JAMES KENNETH.')).toBeTruthy();
    expect(within(row).getByText('The same NPI is also used by row 5 (EMP-1005) of this batch.')).toBeTruthy();
    expect(within(row).getByRole('checkbox')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /^Status of/ })).toBeTruthy();
  });

  it('shows every column and filter when the batch included name, opt-out and exclusion searches, red texts in red', async () => {
    renderNpi({ nameSearch: true, optOutSearch: true, exclusionSearch: true });
    const table = await screen.findByRole('table', { name: 'NPI results' });
    expect(headersOf(table).slice(1)).toEqual(['NPI', 'Name', 'Name From NPPES', 'NPI Status', 'Opt Out Status', 'Exclusion Result', 'Status', 'Latest Note']);
    for (const text of ['Inactive', 'Found on Opt Out List', 'Exclusion Found']) expect(within(table).getByText(text).getAttribute('style')).toContain('red');
    expect(within(table).getAllByText('No Exclusions Found')[0].getAttribute('style')).toContain('dark');
    const filters = screen.getByRole('search', { name: 'Filter NPI results' });
    for (const name of ['Record status', 'NPI Status', 'Opt Out Status', 'Exclusion Status']) expect(within(filters).getByRole('combobox', { name })).toBeTruthy();
  });

  it('leaves out the name, opt-out and exclusion columns and filters the batch did not search', async () => {
    renderNpi({ nameSearch: false, optOutSearch: false, exclusionSearch: false });
    const table = await screen.findByRole('table', { name: 'NPI results' });
    expect(headersOf(table).slice(1)).toEqual(['NPI', 'Name From NPPES', 'NPI Status', 'Status', 'Latest Note']);
    const filters = screen.getByRole('search', { name: 'Filter NPI results' });
    expect(within(filters).queryByRole('combobox', { name: 'Opt Out Status' })).toBeNull();
    expect(within(filters).queryByRole('combobox', { name: 'Exclusion Status' })).toBeNull();
  });

  it('shows CLEARED rows as Clear, without a checkbox, and drops them from the page selection', async () => {
    renderNpi({ nameSearch: true, optOutSearch: false, exclusionSearch: false });
    const table = await screen.findByRole('table', { name: 'NPI results' });
    const benRow = within(table).getByText('Ben Ode').closest('tr')!;
    expect(within(benRow).getByText('Clear')).toBeTruthy();
    expect(within(benRow).queryByRole('checkbox')).toBeNull();
    expect(within(benRow).queryByRole('button', { name: /^Status of/ })).toBeNull();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select every record of this page' }));
    expect(await screen.findByText('2 selected')).toBeTruthy();
  });

  it('sends the NPI filters: statuses as bracket arrays, opt-out and exclusion as single values', async () => {
    const { server, base } = renderNpi({ nameSearch: true, optOutSearch: true, exclusionSearch: true });
    const filters = await screen.findByRole('search', { name: 'Filter NPI results' });
    fireEvent.click(within(filters).getByRole('combobox', { name: 'NPI Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Invalid' }));
    await waitFor(() => expect(lastQuery(server.requests, `${base}/npidetails`).getAll('npiStatus[]')).toEqual(['INACTIVE', 'INVALID']));
    fireEvent.click(within(filters).getByRole('combobox', { name: 'Opt Out Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Found on Opt Out List' }));
    await waitFor(() => expect(lastQuery(server.requests, `${base}/npidetails`).get('optOutStatus')).toBe('FOUND'));
    fireEvent.click(within(filters).getByRole('combobox', { name: 'Exclusion Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'No Exclusions Found' }));
    await waitFor(() => expect(lastQuery(server.requests, `${base}/npidetails`).get('exclusionStatus')).toBe('NOT_FOUND'));
    fireEvent.change(within(filters).getByRole('textbox', { name: 'Search criteria' }), { target: { value: '1234' } });
    await waitFor(() => expect(lastQuery(server.requests, `${base}/npidetails`).get('searchCriteria')).toBe('1234'), { timeout: 3_000 });
    fireEvent.click(within(filters).getByRole('button', { name: 'Reset' }));
    await waitFor(() => {
      const q = lastQuery(server.requests, `${base}/npidetails`);
      expect([q.getAll('npiStatus[]'), q.get('optOutStatus'), q.get('exclusionStatus'), q.get('searchCriteria')]).toEqual([[], null, null, null]);
    });
  });
});

describe('SSDMF tab', () => {
  const found = makeSsdmf({ name: 'Ada Reyes' });
  const notFound = makeSsdmf({ id: null, name: 'Ben Ode', ssdmfStatus: 'Not Found on SSDMF', status: 'CLEARED', ssdmfName: null, dateOfDeath: null });

  function renderSsdmf(nameSearch: boolean) {
    return renderResults({ searchTypes: [false, false, true], ssdmf: () => json(200, { ssdmfResults: [found, notFound], total: 2, nameSearch }) });
  }

  it('shows SSN, Name when a name search was done, SSDMF Status, Status and Latest Notes; optional columns from the picker', async () => {
    renderSsdmf(true);
    const table = await screen.findByRole('table', { name: 'SSDMF results' });
    expect(headersOf(table).slice(1)).toEqual(['SSN', 'Name', 'SSDMF Status', 'Status', 'Latest Notes']);
    expect(within(table).getByText('Found on SSDMF').getAttribute('style')).toContain('red');
    expect(within(table).getByText('Not Found on SSDMF').getAttribute('style')).toContain('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('dialog', { name: 'Columns' });
    for (const label of ['SSDMF Name', 'Date Of Birth', 'Date Of Death']) fireEvent.click(within(picker).getByRole('checkbox', { name: label }));
    await waitFor(() => expect(headersOf(table).slice(1)).toEqual(['SSN', 'Name', 'SSDMF Status', 'Status', 'Latest Notes', 'SSDMF Name', 'Date Of Birth', 'Date Of Death']));
    expect(within(table).getByText('2020-05-06')).toBeTruthy();
  });

  it('has no Name column without a name search', async () => {
    renderSsdmf(false);
    const table = await screen.findByRole('table', { name: 'SSDMF results' });
    expect(headersOf(table)).not.toContain('Name');
  });

  it('shows rows without an id as Clear, without a checkbox', async () => {
    renderSsdmf(true);
    const table = await screen.findByRole('table', { name: 'SSDMF results' });
    const benRow = within(table).getByText('Ben Ode').closest('tr')!;
    expect(within(benRow).getByText('Clear')).toBeTruthy();
    expect(within(benRow).queryByRole('checkbox')).toBeNull();
    const adaRow = within(table).getByText('Ada Reyes').closest('tr')!;
    expect(within(adaRow).getByRole('button', { name: 'Status of Ada Reyes: Needs Review' })).toBeTruthy();
  });

  it('shows an SSN checked without a Death Master File as not checked, not as Clear, and filters by it (ADR 055)', async () => {
    const unchecked = makeSsdmf({ id: null, name: 'Cy Unchecked', ssdmfStatus: 'Not checked: DMF not loaded', status: 'CLEARED', ssdmfName: null, dateOfDeath: null });
    const { server, base } = renderResults({ searchTypes: [false, false, true], ssdmf: () => json(200, { ssdmfResults: [unchecked], total: 1, nameSearch: true }) });
    const table = await screen.findByRole('table', { name: 'SSDMF results' });
    const row = within(table).getByText('Cy Unchecked').closest('tr')!;
    expect(within(row).getByText('Not checked: DMF not loaded')).toBeTruthy();
    expect(within(row).queryByText('Clear')).toBeNull();
    const filters = screen.getByRole('search', { name: 'Filter SSDMF results' });
    fireEvent.click(within(filters).getByRole('combobox', { name: 'SSDMF Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Not checked: DMF not loaded' }));
    await waitFor(() => expect(lastQuery(server.requests, `${base}/ssdmfdetails`).get('ssdmfStatus')).toBe('NOT_LOADED'));
  });

  it('filters by SSDMF status (clearable) and record status', async () => {
    const { server, base } = renderSsdmf(true);
    const filters = await screen.findByRole('search', { name: 'Filter SSDMF results' });
    fireEvent.click(within(filters).getByRole('combobox', { name: 'SSDMF Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Found on SSDMF' }));
    await waitFor(() => expect(lastQuery(server.requests, `${base}/ssdmfdetails`).get('ssdmfStatus')).toBe('FOUND'));
    fireEvent.click(within(filters).getByRole('combobox', { name: 'Record status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Under Review' }));
    await waitFor(() => expect(lastQuery(server.requests, `${base}/ssdmfdetails`).getAll('recordStatus[]')).toEqual(['UNDER_REVIEW']));
  });
});
