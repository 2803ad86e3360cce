// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { requiredMappingMessage } from '#shared/messages';
import { clickButton, mapColumn, pickType, renderWizard, uploadCsv } from './wizard-test-kit';

async function reachMapping(type: string) {
  renderWizard();
  await pickType(type);
  await uploadCsv();
  clickButton('Upload and continue');
  await screen.findByRole('heading', { name: 'Column Mapping' });
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('Upload wizard, mapping to review', () => {
  it('shows each column with its preview data, pre-filled from the headers, and asks for every required mapping', async () => {
    await reachMapping('Exclusion Search by Individual Name');
    const table = screen.getByRole('table', { name: 'Column mapping' });
    expect(within(table).getByText('Employee Id sample')).toBeTruthy();
    const picked = (label: string) => screen.getByLabelText<HTMLInputElement>(`Search criteria for ${label}`, { selector: 'input' }).value;
    expect(['First', 'Last', 'NPI', 'Employee Id'].map(picked)).toEqual(['First Name (required)', 'Last Name (required)', 'NPI', '']);
    // A guess can be undone: cleared, the required mapping is asked for.
    fireEvent.click(screen.getByLabelText('Search criteria for Last', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Last Name (required)' }));
    await waitFor(() => expect(picked('Last')).toBe(''));
    clickButton('Continue');
    expect(await screen.findByText(requiredMappingMessage('Last Name'))).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Column Mapping' })).toBeTruthy();
  });

  it('offers each search criterion to one column only', async () => {
    await reachMapping('Exclusion Search by Individual Name');
    await mapColumn('First', 'First Name');
    fireEvent.click(screen.getByLabelText('Search criteria for Last', { selector: 'input' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toContain('Last Name (required)');
    expect(options.some((o) => o?.startsWith('First Name'))).toBe(false);
  });

  it('shows the additional data step for a name search, with the unmapped columns only', async () => {
    await reachMapping('Exclusion Search by Individual Name');
    await mapColumn('First', 'First Name');
    await mapColumn('Last', 'Last Name');
    clickButton('Continue');
    await heading('Additional Data Assignments');
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['Employee Id']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Employee Id' }));
    clickButton('Continue');
    await heading('Review');
    expect(within(screen.getByRole('region', { name: 'Additional data columns' })).getByText('Employee Id')).toBeTruthy();
  });

  it('skips the additional data step for an NPI search', async () => {
    await reachMapping('Exclusion Search by NPI');
    await mapColumn('NPI', 'NPI');
    clickButton('Continue');
    await heading('Review');
    expect(screen.queryByRole('region', { name: 'Additional data columns' })).toBeNull();
  });

  it('reviews types, mappings and the unique column, each with an Edit link back to its step', async () => {
    await reachMapping('Exclusion Search by Individual Name');
    await mapColumn('First', 'First Name');
    await mapColumn('Last', 'Last Name');
    fireEvent.click(screen.getByLabelText('Unique identifier column', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Employee Id' }));
    clickButton('Continue');
    await heading('Additional Data Assignments');
    clickButton('Continue');
    await heading('Review');
    expect(within(screen.getByRole('region', { name: 'Search types' })).getByText('Exclusion Search by Individual Name')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Column mappings' })).getByText('First → First Name')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Unique identifier column' })).getByText('Employee Id')).toBeTruthy();
    const edits: [string, string][] = [
      ['Edit search types', 'Choose Search Types'],
      ['Edit column mappings', 'Column Mapping'],
      ['Edit unique identifier column', 'Column Mapping'],
      ['Edit additional data columns', 'Additional Data Assignments'],
    ];
    for (const [link, step] of edits) {
      clickButton(link);
      await heading(step);
      fireEvent.click(screen.getByRole('button', { name: /Review/ }));
      await heading('Review');
    }
  });
});
