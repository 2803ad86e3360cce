// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MappingSummary } from '#shared/batches';
import { json, type RecordedRequest } from '../test-utils';
import type { RowError } from './batches-api';
import { problemListCsv } from './problem-list';
import { clickButton, mapColumn, pickType, renderWizard, uploadCsv } from './wizard-test-kit';

const SUMMARY: MappingSummary = {
  rows: 300,
  validRows: 298,
  invalidRows: 2,
  searches: [
    { searchType: 'Exclusion Search by NPI', rows: 298 },
    { searchType: 'NPI Validation', rows: 32 },
  ],
};
const ERRORS: RowError[] = [
  { rowIndx: 7, errorMessage: 'NPI check digit is not valid.', data: 'Ada,Reyes,1234567890', problems: [{ column: 'NPI', reason: 'NPI check digit is not valid.' }] },
  { rowIndx: 64, errorMessage: 'First Name is required. Date of Birth is not a possible date.', data: ',Reyes,x', problems: [{ column: 'First', reason: 'First Name is required.' }, { column: 'DOB', reason: 'Date of Birth is not a possible date, "2/30".' }] },
];

const mappingCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.path.endsWith('/columnmappings'));

describe('the review step checks every row (issue 18)', () => {
  it('counts the rows each search runs on, offers the problem list, and screens the valid rows when asked', async () => {
    const { server } = renderWizard({
      'POST /services/flexsearchs/41/columnmappings': (request) =>
        request.query.get('dryrun') === 'true' && !(request.body as { skipInvalidRows?: boolean }).skipInvalidRows
          ? json(400, { error: ERRORS, summary: SUMMARY })
          : json(200, { batchId: 41, recordCount: 298, status: 'Submitted', message: 'ok', summary: SUMMARY }),
    });
    await pickType('Exclusion Search by NPI');
    await pickType('NPI Validation');
    await uploadCsv();
    clickButton('Upload and continue');
    await screen.findByRole('heading', { name: 'Column Mapping' });
    await mapColumn('NPI', 'NPI');
    clickButton('Continue');
    const counts = await screen.findByRole('list', { name: 'Rows each search runs on' });
    expect(within(counts).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Exclusion Search by NPI: 298 rows',
      'NPI Validation: 32 rows (266 rows without NPI skipped, not billed)',
    ]);
    expect(screen.getByText('2 rows of 300 have problems')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Screen the 298 valid rows and skip the 2 others' }));
    clickButton('Start Search');
    await waitFor(() => expect(mappingCalls(server.requests)).toHaveLength(2));
    const [check, submission] = mappingCalls(server.requests);
    expect(check.query.get('dryrun')).toBe('true');
    expect(submission.query.get('dryrun')).toBeNull();
    expect(submission.body).toMatchObject({ skipInvalidRows: true, searchTypes: ['Exclusion Search by NPI', 'NPI Validation'] });
  });

  it('names the rows screened despite an NPI problem (issue 50)', async () => {
    const noted: MappingSummary = { ...SUMMARY, invalidRows: 0, validRows: 300, notedRows: 7, notes: [7, 9, 12, 20, 31, 44].map((rowIndx) => ({ rowIndx, note: 'NPI fails the check digit; screened by name' })) };
    renderWizard({ 'POST /services/flexsearchs/41/columnmappings': () => json(200, { batchId: 41, recordCount: 300, status: null, message: 'ok', summary: noted }) });
    await pickType('Exclusion Search by NPI');
    await uploadCsv();
    clickButton('Upload and continue');
    await screen.findByRole('heading', { name: 'Column Mapping' });
    await mapColumn('NPI', 'NPI');
    clickButton('Continue');
    expect(await screen.findByText('7 rows with an NPI problem are screened all the same')).toBeTruthy();
    const rows = screen.getByRole('list', { name: 'Rows with an NPI problem' });
    expect(within(rows).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Row 8: NPI fails the check digit; screened by name',
      'Row 10: NPI fails the check digit; screened by name',
      'Row 13: NPI fails the check digit; screened by name',
      'Row 21: NPI fails the check digit; screened by name',
      'Row 32: NPI fails the check digit; screened by name',
      'and 2 more rows',
    ]);
  });

  it('marks the columns guessed from their headers or values, and keeps the unique identifier out of additional data', async () => {
    renderWizard({}, { batchId: 41, previewData: [['First', 'Ada'], ['Last', 'Reyes'], ['Column 3', '1234567893', '1245319599'], ['Employee Id', 'E1'], ['Dept', 'HR']] });
    await pickType('Exclusion Search by Individual Name');
    await uploadCsv();
    clickButton('Upload and continue');
    const table = await screen.findByRole('table', { name: 'Column mapping' });
    const marks = within(table).getAllByRole('row').slice(1).map((row) => [within(row).getAllByRole('cell')[0].textContent, within(row).queryByText(/^Guessed from/)?.textContent ?? null]);
    expect(marks).toEqual([['First', 'Guessed from header'], ['Last', 'Guessed from header'], ['Column 3', 'Guessed from values'], ['Employee Id', null], ['Dept', null]]);
    fireEvent.click(screen.getByLabelText('Unique identifier column', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Employee Id' }));
    clickButton('Continue');
    await screen.findByRole('heading', { name: 'Additional Data Assignments' });
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['Dept']);
  });

  it('writes the problem list one line per problem: row number, column, reason', () => {
    expect(problemListCsv(ERRORS).split('\r\n')).toEqual([
      '\uFEFFRow Number,Column,Reason',
      '8,NPI,NPI check digit is not valid.',
      '65,First,First Name is required.',
      '65,DOB,"Date of Birth is not a possible date, ""2/30""."',
      '',
    ]);
  });
});
