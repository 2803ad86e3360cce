/** Parts of the quick batch pages: a numbered section and the template download. */
import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { QUICK_BATCHES, quickTemplatePath, type QuickBatchKind } from '#shared/quick-batches';

export function QuickSection({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  const id = `quick-step-${step}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon radius="xl" size={28} variant="light" aria-hidden>
          <Text fw={700} size="sm">
            {step}
          </Text>
        </ThemeIcon>
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
      </Group>
      {children}
    </Stack>
  );
}

const NEEDED: Record<QuickBatchKind, string> = {
  name: 'First Name and Last Name are needed (or Company Name for businesses); a middle name, date of birth (YYYY-MM-DD or MM/DD/YYYY) and state make matches surer.',
  npi: 'NPI is needed; with first and last names we also tell you when NPPES has the NPI under someone else’s name.',
};

export function QuickTemplate({ kind }: { kind: QuickBatchKind }) {
  const def = QUICK_BATCHES[kind];
  return (
    <QuickSection step={1} title="Start from the template, or use your own file">
      <Text size="sm">
        Columns: <strong>{def.templateHeaders.join(', ')}</strong>. {NEEDED[kind]} Your own headers work too: we
        recognise the usual names (Given Name, Surname, DOB, NPI #…).
      </Text>
      <Group>
        <Button component="a" href={quickTemplatePath(kind, 'csv')} download={`${def.templateName}.csv`} variant="light">
          Download CSV template
        </Button>
        <Button component="a" href={quickTemplatePath(kind, 'xlsx')} download={`${def.templateName}.xlsx`} variant="light">
          Download Excel template
        </Button>
      </Group>
    </QuickSection>
  );
}
