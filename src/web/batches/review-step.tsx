/** Step 4: what will be searched, each part with an Edit link back to its step, and Start Search. */
import type { ReactNode } from 'react';
import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { WizardStep } from './wizard-state';

export interface ReviewStepProps {
  fileName: string;
  /** The workbook sheet screened, when the file is a workbook. */
  sheet?: string | null;
  selected: string[];
  mappings: Record<string, string>;
  uniqueColumn: string | null;
  additional: string[];
  hasAdditionalStep: boolean;
  isStarting: boolean;
  /** The check of every row (screening-summary.tsx); Start Search waits for it. */
  screening?: ReactNode;
  isChecking?: boolean;
  onEdit: (step: WizardStep) => void;
  onStart: () => void;
}

export function ReviewStep({ fileName, sheet, selected, mappings, uniqueColumn, additional, hasAdditionalStep, isStarting, screening, isChecking = false, onEdit, onStart }: ReviewStepProps) {
  const mapped = Object.entries(mappings).filter(([, target]) => target);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          Review
        </Title>
        <Text c="dimmed" size="sm">
          File <strong>{fileName}</strong>
          {sheet ? <>, sheet <strong>“{sheet}”</strong></> : null}. Check the settings below, then start the search.
        </Text>
      </Stack>
      <Section title="Search types" onEdit={() => onEdit(1)}>
        <Items values={selected} />
      </Section>
      <Section title="Column mappings" onEdit={() => onEdit(2)}>
        <Items values={mapped.map(([label, target]) => `${label} → ${target}`)} />
      </Section>
      <Section title="Unique identifier column" onEdit={() => onEdit(2)}>
        <Text size="sm">{uniqueColumn ?? 'None'}</Text>
      </Section>
      {hasAdditionalStep && (
        <Section title="Additional data columns" onEdit={() => onEdit(3)}>
          <Items values={additional} />
        </Section>
      )}
      {screening && (
        <Paper withBorder p="md" component="section" aria-label="What will be screened">
          <Title order={3} fz="md" mb={6}>
            What will be screened
          </Title>
          {screening}
        </Paper>
      )}
      <Group justify="flex-end">
        <Button size="md" loading={isStarting} disabled={isChecking} onClick={onStart}>
          Start Search
        </Button>
      </Group>
    </Stack>
  );
}

function Section({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb={6}>
        <Title order={3} fz="md">
          {title}
        </Title>
        <Anchor component="button" type="button" onClick={onEdit} aria-label={`Edit ${title.toLowerCase()}`}>
          Edit
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}

function Items({ values }: { values: string[] }) {
  if (values.length === 0) return <Text size="sm">None</Text>;
  return (
    <List size="sm" spacing={2}>
      {values.map((value) => (
        <List.Item key={value}>{value}</List.Item>
      ))}
    </List>
  );
}
