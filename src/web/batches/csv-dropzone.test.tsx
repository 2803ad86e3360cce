// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { BATCH_MESSAGES } from '#shared/messages';
import { createQueryClient } from '../app/query-client';
import { CsvDropzone } from './csv-dropzone';
import { dropFiles } from './wizard-test-kit';

describe('CSV drop zone', () => {
  it('keeps the spec’s words where only CSV is taken: it says so and refuses a workbook', async () => {
    const uploads: string[] = [];
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={createQueryClient()}>
          <CsvDropzone fileName={null} label="CSV file" types={['csv']} onUploaded={(u) => uploads.push(u.fileName)} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByText('Drop your CSV file here, or click to choose it')).toBeTruthy();
    await dropFiles([new File(['x'], 'staff.xlsx')]);
    expect((await screen.findByRole('alert')).textContent).toBe(BATCH_MESSAGES.csvOnly);
    expect(uploads).toEqual([]);
  });
});
