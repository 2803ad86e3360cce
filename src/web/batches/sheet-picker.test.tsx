// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FileFormat } from '#shared/batches';
import { json } from '../test-utils';
import { clickButton, pickType, previewOf, renderWizard, uploadCsv } from './wizard-test-kit';

const workbook = (sheet: string, sheetReason: string | null, notes: string[] = []): FileFormat => ({
  kind: 'xlsx',
  encoding: null,
  delimiter: null,
  sheet,
  sheets: ['Cover', 'Staff', 'Nurses', 'Export'],
  sheetDetails: [
    { name: 'Cover', rows: 2, isHidden: false, problem: null },
    { name: 'Staff', rows: 12, isHidden: false, problem: null },
    { name: 'Nurses', rows: 3, isHidden: true, problem: null },
    { name: 'Export', rows: 200_001, isHidden: false, problem: 'The sheet “Export” has more than 200,000 rows; a batch can have at most 200,000. Split it into smaller sheets or files.' },
  ],
  sheetReason,
  notes,
});
const picked = (label: string) => screen.getByLabelText<HTMLInputElement>(`Search criteria for ${label}`, { selector: 'input' }).value;

describe('the sheet picker on the mapping step', () => {
  it('lists the sheets with their rows and why the one read was chosen; choosing another reads it and maps its columns afresh', async () => {
    const { server } = renderWizard(
      {
        'POST /services/flexsearchs/41/sheet': () =>
          json(200, { batchId: 41, previewData: previewOf(['Nurse ID', 'Given', 'Surname']), format: workbook('Nurses', null, ['The sheet “Nurses” is hidden in Excel.']) }),
      },
      { batchId: 41, previewData: previewOf(['Emp', 'First', 'Last']), format: workbook('Staff', 'We chose “Staff”: its header looks like a roster (First Name, Last Name).') } as never,
    );
    await pickType('Exclusion Search by Individual Name');
    await uploadCsv('rosters.xlsx');
    clickButton('Upload and continue');
    await screen.findByRole('heading', { name: 'Column Mapping' });
    expect(screen.getByText(/We chose “Staff”: its header looks like a roster/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Staff, 12 rows' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('more than 200,000 rows')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Export, 200,001 rows' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Hidden in Excel')).toBeTruthy();
    expect(picked('First')).toBe('First Name (required)');

    fireEvent.click(screen.getByRole('radio', { name: 'Nurses, 3 rows' }));
    await waitFor(() => expect(picked('Given')).toBe('First Name (required)'));
    expect(picked('Surname')).toBe('Last Name (required)');
    expect(screen.queryByLabelText('Search criteria for First')).toBeNull();
    expect(screen.getByText('The sheet “Nurses” is hidden in Excel.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Nurses, 3 rows' }).getAttribute('aria-checked')).toBe('true');
    expect(server.requests.find((r) => r.path.endsWith('/sheet'))?.body).toEqual({ sheet: 'Nurses' });
  });
});
