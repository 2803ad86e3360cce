/** Step 2: each CSV column with its preview data and a picker of search criteria; the unique id column. */
import { Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SEARCH_CRITERIA } from '#shared/search-types';
import { columnsOf } from './wizard-state';

export interface ColumnMappingStepProps {
  preview: string[][];
  required: string[];
  mappings: Record<string, string>;
  uniqueColumn: string | null;
  onMap: (label: string, target: string | null) => void;
  onUniqueColumn: (label: string | null) => void;
  onBack: () => void;
  onContinue: () => void;
}

export function ColumnMappingStep({ preview, required, mappings, uniqueColumn, onMap, onUniqueColumn, onBack, onContinue }: ColumnMappingStepProps) {
  const labels = columnsOf(preview);
  const isPhone = useMediaQuery('(max-width: 48em)');
  // A target is used once: what another column took is not offered here.
  const targetsFor = (label: string) => {
    const taken = new Set(Object.entries(mappings).filter(([other, t]) => other !== label && t).map(([, t]) => t));
    return SEARCH_CRITERIA.filter((c) => !taken.has(c)).map((c) => ({ value: c, label: required.includes(c) ? `${c} (required)` : c }));
  };

  const picker = (label: string) => (
    <Select
      aria-label={`Search criteria for ${label}`}
      placeholder="Not mapped"
      clearable
      data={targetsFor(label)}
      value={mappings[label] ?? null}
      onChange={(target) => onMap(label, target)}
    />
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

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          Column Mapping
        </Title>
        <Text c="dimmed" size="sm">
          Tell us what each column of your file holds. Required: {required.length ? required.join(', ') : 'nothing'}.
        </Text>
      </Stack>
      {isPhone ? (
        // On a phone each column is a card: label, samples and picker stay in view together.
        <Stack gap="sm" aria-label="Column mapping">
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
      ) : (
      <Table.ScrollContainer minWidth={620}>
        <Table verticalSpacing="sm" aria-label="Column mapping">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>CSV column</Table.Th>
              <Table.Th>Preview data</Table.Th>
              <Table.Th>Search criteria</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.map(([label = '', ...samples], index) => (
              <Table.Tr key={`${index}-${label}`}>
                <Table.Td fw={600}>{label}</Table.Td>
                <Table.Td>{samplesOf(samples)}</Table.Td>
                <Table.Td miw={200}>
                  {picker(label)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      )}
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
