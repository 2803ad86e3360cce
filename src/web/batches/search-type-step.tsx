/** Step 1: the search types (required ones as a radio group, the others as checkboxes) and the file. */
import { Button, Checkbox, Group, Radio, Stack, Text, Title } from '@mantine/core';
import type { SearchTypeInfo } from './batches-api';
import { CsvDropzone, type Uploaded } from './csv-dropzone';
import { selectTypes } from './wizard-state';

export interface SearchTypeStepProps {
  types: SearchTypeInfo[];
  selected: string[];
  fileName: string | null;
  onSelect: (selected: string[]) => void;
  onUploaded: (upload: Uploaded) => void;
  onRemoved: () => void;
  onContinue: () => void;
}

const needs = (type: SearchTypeInfo) => (type.requiredColumns.length ? `Needs: ${type.requiredColumns.join(', ')}` : 'Needs no extra column');

export function SearchTypeStep({ types, selected, fileName, onSelect, onUploaded, onRemoved, onContinue }: SearchTypeStepProps) {
  const required = types.filter((t) => t.required);
  const others = types.filter((t) => !t.required);
  const radio = required.find((t) => selected.includes(t.name))?.name ?? null;
  const checked = selected.filter((n) => others.some((t) => t.name === n));

  return (
    <Stack gap="lg">
      <Title order={2} fz="lg">
        Choose Search Types
      </Title>
      {required.length > 0 && (
        <Radio.Group label="Exclusion search" value={radio} onChange={(value) => onSelect(selectTypes(types, value, checked))}>
          <Stack gap="sm" mt="xs">
            {required.map((type) => (
              <Radio key={type.name} value={type.name} label={type.name} description={type.description ? `${type.description} ${needs(type)}.` : needs(type)} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {others.length > 0 && (
        <Checkbox.Group label="More searches" value={checked} onChange={(values) => onSelect(selectTypes(types, radio, values))}>
          <Stack gap="sm" mt="xs">
            {others.map((type) => (
              <Checkbox key={type.name} value={type.name} label={type.name} description={type.description ? `${type.description} ${needs(type)}.` : needs(type)} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Stack gap={6}>
        <Text fw={600} size="sm">
          File
        </Text>
        <CsvDropzone fileName={fileName} label="CSV file" onUploaded={onUploaded} onRemoved={onRemoved} />
      </Stack>
      {fileName && (
        <Group justify="flex-end">
          <Button onClick={onContinue}>Upload and continue</Button>
        </Group>
      )}
    </Stack>
  );
}
