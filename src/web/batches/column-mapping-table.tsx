/** Each column of an uploaded file with its preview data and a picker of search criteria (the wizard's step 2 and the quick pages). */
import { useMemo } from 'react';
import { Badge, Card, Select, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FileFormat } from '#shared/batches';
import { guessColumns } from '#shared/column-values';
import { SEARCH_CRITERIA } from '#shared/search-types';
import type { UploadResult } from './batches-api';
import { FileFormatNote } from './file-format-note';
import { SheetPicker } from './sheet-picker';

export interface ColumnMappingTableProps {
  preview: string[][];
  required: string[];
  mappings: Record<string, string>;
  onMap: (label: string, target: string | null) => void;
  /** How the server read the file, said above the columns. */
  format?: FileFormat;
  /** A workbook's draft and what to do when another of its sheets is chosen (the sheet picker). */
  sheets?: { batchId: number; onChosen: (next: UploadResult) => void };
}

export function ColumnMappingTable({ preview, required, mappings, onMap, format, sheets }: ColumnMappingTableProps) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  // The same guess the page started from: a column still holding it is marked as guessed.
  const guesses = useMemo(() => guessColumns(preview), [preview]);
  // A target is used once: what another column took is not offered here.
  const targetsFor = (label: string) => {
    const taken = new Set(Object.entries(mappings).filter(([other, t]) => other !== label && t).map(([, t]) => t));
    return SEARCH_CRITERIA.filter((c) => !taken.has(c)).map((c) => ({ value: c, label: required.includes(c) ? `${c} (required)` : c }));
  };

  const guessMark = (label: string) => {
    const guess = guesses[label];
    if (!guess || mappings[label] !== guess.criterion) return null;
    return (
      <Badge variant="light" color={guess.by === 'header' ? 'blue' : 'grape'} size="sm" title={guess.by === 'header' ? 'Guessed from the column’s header: check it' : 'Guessed from the column’s values: check it'}>
        {guess.by === 'header' ? 'Guessed from header' : 'Guessed from values'}
      </Badge>
    );
  };
  const picker = (label: string) => (
    <Stack gap={4} align="flex-start">
      <Select
        aria-label={`Search criteria for ${label}`}
        placeholder="Not mapped"
        clearable
        data={targetsFor(label)}
        value={mappings[label] || null}
        onChange={(target) => onMap(label, target)}
        w="100%"
      />
      {guessMark(label)}
    </Stack>
  );
  const samplesOf = (samples: string[]) => (
    <Stack gap={0}>
      {samples.slice(0, 3).map((sample, i) => (
        <Text key={i} size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {sample || '—'}
        </Text>
      ))}
    </Stack>
  );

  if (isPhone) {
    // On a phone each column is a card: label, samples and picker stay in view together.
    return (
      <Stack gap="sm" aria-label="Column mapping">
        {sheets && <SheetPicker batchId={sheets.batchId} format={format} onChosen={sheets.onChosen} />}
        <FileFormatNote format={format} />
        {preview.map(([label = '', ...samples], index) => (
          <Card key={`${index}-${label}`} withBorder padding="sm">
            <Stack gap={6}>
              <Text fw={600}>{label}</Text>
              {samplesOf(samples)}
              {picker(label)}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {sheets && <SheetPicker batchId={sheets.batchId} format={format} onChosen={sheets.onChosen} />}
      <FileFormatNote format={format} />
      <Table.ScrollContainer minWidth={620}>
        <Table verticalSpacing="sm" aria-label="Column mapping">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{format?.kind === 'xlsx' ? 'Column' : 'CSV column'}</Table.Th>
              <Table.Th>Preview data</Table.Th>
              <Table.Th>Search criteria</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.map(([label = '', ...samples], index) => (
              <Table.Tr key={`${index}-${label}`}>
                <Table.Td fw={600}>{label}</Table.Td>
                <Table.Td>{samplesOf(samples)}</Table.Td>
                <Table.Td miw={200}>{picker(label)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
