// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json } from '../test-utils';
import { BATCH_ID, makeExclusion, makeGroup, makeNpi, makeSsdmf, renderResults } from './results-test-kit';

const oneGroup = () => json(200, { records: [makeExclusion()], total: 1, scGroups: [makeGroup('E1: Carol Moore', { NONCLEARED: 1 }, 'E1')] });

describe('Batch results page', () => {
  it('shows the file name and Batch Search Results, and tabs only for the result types the batch holds', async () => {
    renderResults({
      fileName: 'staff-march.csv',
      searchTypes: [true, false, true],
      exclusions: oneGroup,
      ssdmf: () => json(200, { ssdmfResults: [], total: 0, nameSearch: false }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'staff-march.csv' })).toBeTruthy();
    expect(screen.getByText('Batch Search Results')).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Exclusions', 'SSDMF']);
    expect(screen.getByRole('tab', { name: 'Exclusions' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens on the first tab present when there are no exclusions', async () => {
    renderResults({ searchTypes: [false, true, false], npi: () => json(200, { npiSearches: [makeNpi()], total: 1, nameSearch: true, optOutSearch: false, exclusionSearch: false }) });
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual(['NPI Results']);
    expect(await screen.findByRole('table', { name: 'NPI results' })).toBeTruthy();
  });

  it('offers the Audit Report and the Exclusion Records Returned Report as PDF and CSV links when exclusions were searched', async () => {
    // The report's times are in the browser's zone (ADR 033).
    const ZONE = `&tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
    renderResults({ exclusions: oneGroup });
    fireEvent.click(await screen.findByRole('button', { name: 'Reports' }));
    const audit = await screen.findByRole('menuitem', { name: 'Audit Report (PDF)' });
    expect(audit.getAttribute('href')).toBe(`/services/flexsearchs/${BATCH_ID}/auditreport?format=pdf${ZONE}`);
    expect(screen.getByRole('menuitem', { name: 'Audit Report (CSV)' }).getAttribute('href')).toBe(`/services/flexsearchs/${BATCH_ID}/auditreport?format=csv${ZONE}`);
    // The summary beside the full report (issue 55).
    expect(screen.getByRole('menuitem', { name: 'Audit Summary Report (PDF)' }).getAttribute('href')).toBe(`/services/flexsearchs/${BATCH_ID}/auditsummaryreport?format=pdf${ZONE}`);
    expect(screen.getByRole('menuitem', { name: 'Audit Summary Report (CSV)' }).getAttribute('href')).toBe(`/services/flexsearchs/${BATCH_ID}/auditsummaryreport?format=csv${ZONE}`);
    expect(screen.getByRole('menuitem', { name: 'Exclusion Records Returned Report (PDF)' }).getAttribute('href')).toBe(
      `/services/flexsearchs/${BATCH_ID}/exclusionrecordsreport?format=pdf${ZONE}`,
    );
    expect(screen.getByRole('menuitem', { name: 'Exclusion Records Returned Report (CSV)' }).getAttribute('href')).toBe(
      `/services/flexsearchs/${BATCH_ID}/exclusionrecordsreport?format=csv${ZONE}`,
    );
  });

  it('offers only the Audit Report and its summary when exclusion searching was not included', async () => {
    renderResults({ searchTypes: [false, false, true], ssdmf: () => json(200, { ssdmfResults: [makeSsdmf()], total: 1, nameSearch: true }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Reports' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.getAttribute('aria-label'))).toEqual(['Audit Report (PDF)', 'Audit Report (CSV)', 'Audit Summary Report (PDF)', 'Audit Summary Report (CSV)']);
  });

  it('says so when the batch is not found', async () => {
    renderResults({ extra: { [`GET /services/flexsearchs/${BATCH_ID}`]: () => json(404, { error: { code: 'NOT_FOUND', message: 'Batch not found.' } }) } });
    expect((await screen.findByRole('alert')).textContent).toContain('Batch not found.');
    expect(screen.getByRole('link', { name: 'Back to the Batch Search Dashboard' })).toBeTruthy();
  });
});

describe('Batch results page on a phone', () => {
  it('folds the filters other than the criteria text under More filters', async () => {
    const phone = (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false });
    vi.stubGlobal('matchMedia', phone);
    renderResults({ exclusions: oneGroup });
    const filters = await screen.findByRole('search', { name: 'Filter exclusions' });
    const more = await within(filters).findByRole('button', { name: 'More filters' });
    expect(within(filters).getByRole('textbox', { name: 'Search criteria' })).toBeTruthy();
    expect(within(filters).queryByRole('combobox', { name: 'Record status' })).toBeNull();
    fireEvent.click(more);
    expect(await within(filters).findByRole('combobox', { name: 'Record status' })).toBeTruthy();
    expect(within(filters).getByRole('combobox', { name: 'Source' })).toBeTruthy();
    expect(within(filters).getByRole('button', { name: 'Fewer filters' }).getAttribute('aria-expanded')).toBe('true');
  });
});
