// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { BATCH_MESSAGES, QUICK_BATCH_MESSAGES } from '#shared/messages';
import { json, makeUser, renderApp, stubServer, userInfoHandler, type RecordedRequest } from '../test-utils';
import { SEARCH_TYPE_LIST } from './batch-fixtures';
import { clickButton, csvFile, dropFiles, mapColumn, previewOf } from './wizard-test-kit';

type Handlers = Parameters<typeof stubServer>[0];
const ROLES = ['name_search_user', 'npi_search_user'];

function renderQuick(path: string, labels: string[], extra: Handlers = {}, roles = ROLES) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(makeUser({ roles })),
    'GET /services/flexsearchs/searchtypes': () => json(200, SEARCH_TYPE_LIST),
    'POST /services/fileupload': () => json(200, { batchId: 51, previewData: previewOf(labels) }),
    'POST /services/flexsearchs/51/columnmappings': () => json(200, { batchId: 51, recordCount: 2, status: 'Submitted', message: 'ok' }),
    ...extra,
  });
  return { server, ...renderApp(path) };
}

const picked = (label: string) => screen.getByLabelText<HTMLInputElement>(`Search criteria for ${label}`, { selector: 'input' }).value;
const mappingCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.path.endsWith('/columnmappings'));
const startButton = () => screen.getByRole('button', { name: 'Start screening' });

async function dropAndWait() {
  await dropFiles([csvFile('roster.csv')]);
  await screen.findByRole('heading', { name: 'Check the columns' });
}

describe('Batch Name Search', () => {
  it('offers the CSV template, maps the columns from their headers, and one click screens the file by name', async () => {
    const { server, router } = renderQuick('/batch/name/batchUI', ['Employee #', 'Given Name', 'Surname', 'DOB', 'Dept']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Batch Name Search' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV template' }).getAttribute('href')).toBe('/services/batch/name/template?format=csv');
    await dropAndWait();
    expect(['Employee #', 'Given Name', 'Surname', 'DOB', 'Dept'].map(picked)).toEqual(['', 'First Name (required)', 'Last Name (required)', 'Date of Birth', '']);
    expect(screen.getByText(/We recognised 3 of the 5 columns/)).toBeTruthy();
    expect(screen.getByText('Exclusion Search by Individual Name, OFAC')).toBeTruthy();
    clickButton('Start screening');
    expect(await screen.findByText(BATCH_MESSAGES.created)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex-search'));
    const calls = mappingCalls(server.requests);
    expect(calls.map((c) => c.query.get('dryrun'))).toEqual(['true', null]);
    expect(calls[1]!.body).toEqual({
      columnMappings: { 'Given Name': 'First Name', Surname: 'Last Name', DOB: 'Date of Birth' },
      searchTypes: ['Exclusion Search by Individual Name', 'OFAC'],
      correlatedColumnIndexes: [0, 4],
      uniqueIdIndex: null,
    });
  });

  it('says so when no column looks like a name, and starts once the user maps them', async () => {
    renderQuick('/batch/name/batchUI', ['Col A', 'Col B', 'Badge']);
    await dropAndWait();
    expect(screen.getByRole('alert').textContent).toBe(QUICK_BATCH_MESSAGES.noNameGuessed('roster.csv'));
    expect(startButton().hasAttribute('disabled')).toBe(true);
    await mapColumn('Col A', 'First Name');
    expect(startButton().hasAttribute('disabled')).toBe(true);
    await mapColumn('Col B', 'Last Name');
    await waitFor(() => expect(startButton().hasAttribute('disabled')).toBe(false));
  });

  it('screens a file of company names with the business name search', async () => {
    renderQuick('/batch/name/batchUI', ['Vendor Name', 'City']);
    await dropAndWait();
    expect(picked('Vendor Name')).toBe('Company Name');
    expect(screen.getByText('Exclusion Search by Business Name, OFAC')).toBeTruthy();
  });
});

describe('Batch NPI Search', () => {
  it('runs NPI validation and the exclusion search by NPI; refused rows show, and a corrected file keeps the mapping', async () => {
    let dryRunFails = true;
    const uploads = [json(200, { batchId: 51, previewData: previewOf(['Name', 'Provider ID']) }), json(200, { batchId: 52, previewData: previewOf(['Name', 'Provider ID']) })];
    const answer = (request: RecordedRequest) =>
      request.query.get('dryrun') === 'true' && dryRunFails ? json(400, { error: [{ rowIndx: 0, errorMessage: 'NPI must have 10 digits', data: 'Ann,123' }] }) : json(200, {});
    const { server } = renderQuick('/batch/npi/batchUI', [], {
      'POST /services/fileupload': () => uploads.shift()!,
      'POST /services/flexsearchs/51/columnmappings': answer,
      'POST /services/flexsearchs/52/columnmappings': answer,
    });
    await dropAndWait();
    expect(screen.getByRole('alert').textContent).toBe(QUICK_BATCH_MESSAGES.noNpiGuessed('roster.csv'));
    await mapColumn('Provider ID', 'NPI');
    expect(await screen.findByText('NPI Validation, Exclusion Search by NPI')).toBeTruthy();
    clickButton('Start screening');
    const table = await screen.findByRole('table', { name: 'File errors' });
    expect(within(table).getByText('NPI must have 10 digits')).toBeTruthy();
    dryRunFails = false;
    await dropFiles([csvFile('fixed.csv')]);
    await screen.findByRole('heading', { name: 'Check the columns' });
    expect(picked('Provider ID')).toBe('NPI (required)');
    clickButton('Start screening');
    expect(await screen.findByText(BATCH_MESSAGES.created)).toBeTruthy();
    expect(mappingCalls(server.requests).at(-1)).toMatchObject({ path: '/services/flexsearchs/52/columnmappings', body: { columnMappings: { 'Provider ID': 'NPI' }, searchTypes: ['NPI Validation', 'Exclusion Search by NPI'] } });
  });

  it('tells a client without NPI searches that it has none, and offers no file drop', async () => {
    renderQuick('/batch/npi/batchUI', [], { 'GET /services/flexsearchs/searchtypes': () => json(200, SEARCH_TYPE_LIST.filter((t) => !/NPI/.test(t.name))) });
    expect(await screen.findByText(QUICK_BATCH_MESSAGES.npiNotOffered)).toBeTruthy();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('is not shown to a user without the NPI search role', async () => {
    const { router } = renderQuick('/batch/npi/batchUI', [], {}, ['name_search_user']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
