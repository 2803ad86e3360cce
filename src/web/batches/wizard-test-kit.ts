/** Steps the wizard tests share: render the wizard on a stubbed server, drop files, pick and map. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, makeUser, renderApp, stubServer, userInfoHandler } from '../test-utils';
import { SEARCH_TYPE_LIST } from './batch-fixtures';

type Handlers = Parameters<typeof stubServer>[0];

/** Preview of a file whose columns are `labels`, each with one sample value. */
export const previewOf = (labels: string[]) => labels.map((label) => [label, `${label} sample`]);

export function renderWizard(extra: Handlers = {}, upload = { batchId: 41, previewData: previewOf(['First', 'Last', 'NPI', 'Employee Id']) }) {
  const server = stubServer({
    'GET /services/user/info': userInfoHandler(makeUser()),
    'GET /services/flexsearchs/searchtypes': () => json(200, SEARCH_TYPE_LIST),
    'POST /services/fileupload': () => json(200, upload),
    ...extra,
  });
  const utils = renderApp('/flex-search/file-upload');
  return { server, ...utils };
}

export const csvFile = (name = 'staff.csv') => new File(['First,Last\nAda,Reyes\n'], name, { type: 'text/csv' });

/** Drops `files` on the (only) drop zone on the page. */
export async function dropFiles(files: File[]) {
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no drop zone');
    return found;
  });
  fireEvent.change(input, { target: { files } });
}

export async function uploadCsv(name = 'staff.csv') {
  await dropFiles([csvFile(name)]);
  await screen.findByRole('button', { name: 'Upload and continue' });
}

export async function pickType(name: string) {
  fireEvent.click(await screen.findByRole(/^Exclusion/.test(name) ? 'radio' : 'checkbox', { name: new RegExp(`^${name}`) }));
}

/** Maps a column to a target; a column the headers already mapped there is left as it is (clicking its option would clear it). */
export async function mapColumn(label: string, target: string) {
  const input = screen.getByLabelText<HTMLInputElement>(`Search criteria for ${label}`, { selector: 'input' });
  if (input.value === target || input.value === `${target} (required)`) return;
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${target}( \\(required\\))?$`) }));
}

export const clickButton = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
