// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BATCH_MESSAGES } from '#shared/messages';
import type { RecordedRequest } from '../test-utils';
import { clickButton, csvFile, dropFiles, pickType, renderWizard, uploadCsv } from './wizard-test-kit';

const uploads = (requests: RecordedRequest[]) => requests.filter((r) => r.path === '/services/fileupload');
const isChecked = (role: 'radio' | 'checkbox', name: string) => (screen.getByRole(role, { name: new RegExp(`^${name}`) }) as HTMLInputElement).checked;

describe('Upload wizard, step 1', () => {
  it('offers required types as radios and the others as checkboxes with the input they need', async () => {
    renderWizard();
    expect(await screen.findByRole('radio', { name: /^Exclusion Search by Individual Name/ })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getAllByRole('checkbox').length).toBe(5);
    expect(screen.getByRole('checkbox', { name: /^SSDMF/ }).closest('.mantine-Checkbox-root')?.textContent).toContain('Needs: SSN');
    await pickType('Exclusion Search by Individual Name');
    await pickType('Exclusion Search by NPI');
    expect(isChecked('radio', 'Exclusion Search by Individual Name')).toBe(false);
    expect(isChecked('radio', 'Exclusion Search by NPI')).toBe(true);
  });

  it("adds 'NPI Validation' with 'NPI Medicare OptOut' or 'Search by NPI'", async () => {
    renderWizard();
    await pickType('NPI Medicare OptOut');
    expect(isChecked('checkbox', 'NPI Validation')).toBe(true);
    await pickType('NPI Medicare OptOut');
    await pickType('NPI Validation');
    expect(isChecked('checkbox', 'NPI Validation')).toBe(false);
    await pickType('Search by NPI');
    expect(isChecked('checkbox', 'NPI Validation')).toBe(true);
  });

  it('uploads a .CSV file (any case) as typeName=Flex, then offers Upload and continue', async () => {
    const { server } = renderWizard();
    await screen.findAllByRole('radio');
    expect(screen.queryByRole('button', { name: 'Upload and continue' })).toBeNull();
    await uploadCsv('STAFF.CSV');
    const form = uploads(server.requests)[0]!.body as FormData;
    expect(form.get('typeName')).toBe('Flex');
    expect((form.get('file') as File).name).toBe('STAFF.CSV');
    expect(screen.getByText('STAFF.CSV')).toBeTruthy();
  });

  it('refuses a file that is neither .csv nor .xlsx in the words of what the page takes, and removes the one held', async () => {
    const { server } = renderWizard();
    await uploadCsv();
    expect(screen.getByText('Drop your CSV or Excel file here, or click to choose it')).toBeTruthy();
    await dropFiles([new File(['x'], 'staff.txt', { type: 'text/plain' })]);
    expect((await screen.findAllByText('File type not supported, please upload a .CSV file or an Excel workbook (.xlsx).')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload and continue' })).toBeNull());
    expect(uploads(server.requests)).toHaveLength(1);
  });

  it('takes one file only', async () => {
    const { server } = renderWizard();
    await dropFiles([csvFile('a.csv'), csvFile('b.csv')]);
    expect((await screen.findAllByText(BATCH_MESSAGES.noMoreFiles)).length).toBeGreaterThan(0);
    expect(uploads(server.requests)).toHaveLength(0);
  });

  it('needs a file and a search type to leave step 1', async () => {
    renderWizard();
    fireEvent.click(await screen.findByRole('button', { name: /Column Mapping/ }));
    expect(await screen.findByText(BATCH_MESSAGES.uploadFirst)).toBeTruthy();
    expect(screen.getByText(BATCH_MESSAGES.selectSearch)).toBeTruthy();
    await uploadCsv();
    clickButton('Upload and continue');
    await waitFor(() => expect(screen.getAllByText(BATCH_MESSAGES.selectSearch)).toHaveLength(2));
    expect(screen.queryByRole('heading', { name: 'Column Mapping' })).toBeNull();
    await pickType('Exclusion Search by Individual Name');
    clickButton('Upload and continue');
    expect(await screen.findByRole('heading', { name: 'Column Mapping' })).toBeTruthy();
  });
});
