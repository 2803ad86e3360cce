// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BATCH_MESSAGES } from '#shared/messages';
import { json, type RecordedRequest } from '../test-utils';
import type { RowError } from './batches-api';
import { clickButton, dropFiles, csvFile, mapColumn, pickType, previewOf, renderWizard, uploadCsv } from './wizard-test-kit';

const ROW_ERRORS: RowError[] = Array.from({ length: 6 }, (_, i) => ({ rowIndx: i * 2, errorMessage: `NPI must have 10 digits (${i})`, data: `Ada,Reyes,12${i}` }));

const mappingCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.path.endsWith('/columnmappings'));

/** An NPI search of a file whose columns are First, Last, NPI and Employee Id, up to Start Search. */
async function startSearch(answer: (request: RecordedRequest) => Response, uploadAnswers?: Response[]) {
  const uploads = uploadAnswers ? [...uploadAnswers] : undefined;
  const rendered = renderWizard({
    'POST /services/flexsearchs/41/columnmappings': answer,
    'POST /services/flexsearchs/42/columnmappings': answer,
    ...(uploads ? { 'POST /services/fileupload': () => uploads.shift()! } : {}),
  });
  await pickType('Exclusion Search by NPI');
  await uploadCsv();
  clickButton('Upload and continue');
  await screen.findByRole('heading', { name: 'Column Mapping' });
  await mapColumn('NPI', 'NPI');
  clickButton('Continue');
  await screen.findByRole('heading', { name: 'Review' });
  // Start Search waits for the check of every row.
  await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Start Search' }).disabled).toBe(false));
  clickButton('Start Search');
  return rendered;
}

const failDryRun = (request: RecordedRequest) => (request.query.get('dryrun') === 'true' ? json(400, { error: ROW_ERRORS }) : json(200, {}));

describe('Upload wizard, Start Search', () => {
  it('runs a dry run, then the real submission, and goes back to the dashboard', async () => {
    const { server, router } = await startSearch(() => json(200, { batchId: 41, recordCount: 1, status: 'Submitted', message: 'ok' }));
    expect(await screen.findByText(BATCH_MESSAGES.created)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex-search'));
    const calls = mappingCalls(server.requests);
    expect(calls.map((c) => c.query.get('dryrun'))).toEqual(['true', null]);
    expect(calls[0]!.body).toEqual({ columnMappings: { First: 'First Name', Last: 'Last Name', NPI: 'NPI' }, searchTypes: ['Exclusion Search by NPI'], correlatedColumnIndexes: [], uniqueIdIndex: null });
    expect(calls[1]!.body).toEqual(calls[0]!.body);
  });

  it('shows the refused rows 4 a page after a failed dry run, and submits nothing', async () => {
    const { server } = await startSearch(failDryRun);
    expect(await screen.findByText(BATCH_MESSAGES.createFailed)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'File errors' });
    const rows = () => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows()).toEqual(ROW_ERRORS.slice(0, 4).map((e) => [String(e.rowIndx + 1), e.errorMessage, e.data]));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(['9', '11']));
    expect(mappingCalls(server.requests)).toHaveLength(1);
  });

  it('keeps the mapping when the corrected file is uploaded, and starts with it', async () => {
    let dryRunFails = true;
    const { server } = await startSearch(
      (request) => (request.query.get('dryrun') === 'true' && dryRunFails ? json(400, { error: ROW_ERRORS }) : json(200, {})),
      [json(200, { batchId: 41, previewData: previewOf(['First', 'Last', 'NPI']) }), json(200, { batchId: 42, previewData: previewOf(['First', 'Last', 'NPI']) })],
    );
    await screen.findByRole('table', { name: 'File errors' });
    dryRunFails = false;
    await dropFiles([csvFile('fixed.csv')]);
    await screen.findByRole('heading', { name: 'Review' });
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Start Search' }).disabled).toBe(false));
    clickButton('Start Search');
    expect(await screen.findByText(BATCH_MESSAGES.created)).toBeTruthy();
    const last = mappingCalls(server.requests).at(-1)!;
    expect(last.path).toBe('/services/flexsearchs/42/columnmappings');
    expect((last.body as { columnMappings: unknown }).columnMappings).toEqual({ First: 'First Name', Last: 'Last Name', NPI: 'NPI' });
  });

  it('forces a redo of the mapping when the corrected file has more columns', async () => {
    await startSearch(failDryRun, [
      json(200, { batchId: 41, previewData: previewOf(['First', 'Last', 'NPI']) }),
      json(200, { batchId: 42, previewData: previewOf(['First', 'Last', 'NPI', 'State']) }),
    ]);
    await screen.findByRole('table', { name: 'File errors' });
    await dropFiles([csvFile('fixed.csv')]);
    expect(await screen.findByText(BATCH_MESSAGES.redoMapping)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Column Mapping' })).toBeTruthy();
    expect((screen.getByLabelText('Search criteria for NPI', { selector: 'input' }) as HTMLInputElement).value).toBe('NPI (required)');
    expect(screen.getByText('State sample')).toBeTruthy();
  });
});
