/** Step 3: unmapped columns that travel with the results as additional data. */
import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';

export interface AdditionalDataStepProps {
  columns: string[];
  additional: string[];
  onChange: (additional: string[]) => void;
  onBack: () => void;
  onContinue: () => void;
}

export function AdditionalDataStep({ columns, additional, onChange, onBack, onContinue }: AdditionalDataStepProps) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          Additional Data Assignments
        </Title>
        <Text c="dimmed" size="sm">
          Columns you did not map can be shown beside the results, to help you review them.
        </Text>
      </Stack>
      {columns.length ? (
        <Checkbox.Group label="Include as additional data" value={additional} onChange={onChange}>
          <Stack gap="sm" mt="xs">
            {columns.map((label) => (
              <Checkbox key={label} value={label} label={label} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Text>Every column of the file is mapped.</Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onContinue}>Continue</Button>
      </Group>
    </Stack>
  );
}
