/** Step 2: each CSV column with its preview data and a picker of search criteria (pre-filled from the headers); the unique id column. */
import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { FileFormat } from '#shared/batches';
import type { UploadResult } from './batches-api';
import { ColumnMappingTable } from './column-mapping-table';
import { columnsOf } from './wizard-state';

export interface ColumnMappingStepProps {
  preview: string[][];
  /** Required columns whose values a row may lack: the add-on searches that need them skip that row. */
  optionalPerRow?: string[];
  format?: FileFormat;
  /** A workbook's draft and what to do when another of its sheets is chosen (the sheet picker). */
  sheets?: { batchId: number; onChosen: (next: UploadResult) => void };
  required: string[];
  mappings: Record<string, string>;
  uniqueColumn: string | null;
  onMap: (label: string, target: string | null) => void;
  onUniqueColumn: (label: string | null) => void;
  onBack: () => void;
  onContinue: () => void;
}

export function ColumnMappingStep({ preview, optionalPerRow = [], format, sheets, required, mappings, uniqueColumn, onMap, onUniqueColumn, onBack, onContinue }: ColumnMappingStepProps) {
  const labels = columnsOf(preview);
  const guessed = Object.values(mappings).filter(Boolean).length;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          Column Mapping
        </Title>
        <Text c="dimmed" size="sm">
          Tell us what each column of your file holds. Required: {required.length ? required.join(', ') : 'nothing'}.
          {optionalPerRow.length > 0 && ` Rows without ${optionalPerRow.join(' or ')} are still screened; the searches that need it skip them and are not billed.`}
          {guessed > 0 && ' Columns we recognised from their headers or values are filled in: check them.'}
        </Text>
      </Stack>
      <ColumnMappingTable preview={preview} format={format} sheets={sheets} required={required} mappings={mappings} onMap={onMap} />
      <Select
        label="Unique identifier column"
        description="Optional: a column that identifies each row, such as an employee number."
        placeholder="None"
        clearable
        data={labels.map((label) => ({ value: label, label }))}
        value={uniqueColumn}
        onChange={onUniqueColumn}
        w={{ base: '100%', sm: 320 }}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onContinue}>Continue</Button>
      </Group>
    </Stack>
  );
}
