/** Step 5: the rows the dry run refused, 4 a page, and a drop zone for the corrected file. */
import { useState } from 'react';
import { Alert, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import type { RowError } from './batches-api';
import { CsvDropzone, type Uploaded } from './csv-dropzone';

export const ERRORS_PAGE_SIZE = 4;

export function ErrorsStep({ errors, onUploaded }: { errors: RowError[]; onUploaded: (upload: Uploaded) => void }) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(errors.length / ERRORS_PAGE_SIZE));
  const shown = errors.slice((page - 1) * ERRORS_PAGE_SIZE, page * ERRORS_PAGE_SIZE);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          Errors
        </Title>
        <Alert color="red" variant="light">
          {errors.length === 1 ? '1 row needs' : `${errors.length} rows need`} correcting. Fix the file and upload it again below; your
          column mapping is kept.
        </Alert>
      </Stack>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="sm" aria-label="File errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>Row Number</Table.Th>
              <Table.Th>Error Message</Table.Th>
              <Table.Th>File Data</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((error, i) => (
              <Table.Tr key={`${error.rowIndx}-${i}`}>
                <Table.Td>{error.rowIndx + 1}</Table.Td>
                <Table.Td>{error.errorMessage}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word', fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 }}>{error.data}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} siblings={1} aria-label="Error pages" />}
      <Stack gap={6}>
        <Text fw={600} size="sm">
          Upload the corrected file
        </Text>
        <CsvDropzone fileName={null} label="Corrected CSV file" onUploaded={onUploaded} />
      </Stack>
    </Stack>
  );
}
