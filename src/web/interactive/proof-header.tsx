/** The top of a result page: the outcome in one sentence, when, reference, criteria, who, and Print / Save as PDF. */
import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { InteractiveResult } from '#shared/interactive-search';
import { formatUtc } from './format';
import classes from './proof.module.css';

/** What the proof names of a stored search (interactive or Advance Search). */
type ProofFacts = Pick<InteractiveResult, 'reference' | 'searchedAt' | 'searchedBy'>;

export interface ProofHeaderProps {
  result: ProofFacts;
  title: string;
  criteria: string;
  /** The outcome in words, and whether it calls for attention. */
  outcome: { text: string; isAlert: boolean };
  children?: ReactNode;
}

/** Opens the print dialog with a document title that names the saved file after the proof. */
function printProof(result: ProofFacts) {
  const previous = document.title;
  document.title = `Clearlist proof of search ${result.reference} ${result.searchedAt.slice(0, 10)}`;
  window.addEventListener('afterprint', () => (document.title = previous), { once: true });
  window.print();
}

export function ProofHeader({ result, title, criteria, outcome, children }: ProofHeaderProps) {
  const facts = [
    ['Searched', formatUtc(result.searchedAt)],
    ['Search reference', result.reference],
    ['Criteria', criteria],
    ['Searched by', result.searchedBy ?? 'Anonymous visitor (Clearlist landing page)'],
  ];
  return (
    <Stack gap="md">
      <Text className={classes.printOnly} size="sm" fw={600}>
        Clearlist · proof of search {result.reference}, issued {formatUtc(result.searchedAt)} · {window.location.origin}
      </Text>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Text size="sm" fw={600} c="brand.8" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
            Proof of search
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
        </div>
        <Group gap="xs" data-print="hide">
          <Button variant="default" onClick={() => printProof(result)}>
            Print
          </Button>
          <Button onClick={() => printProof(result)} aria-describedby="pdf-hint">
            Save as PDF
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" id="pdf-hint" data-print="hide">
        Save as PDF opens the print dialog: choose “Save as PDF” as the destination to file this proof.
      </Text>
      <Alert color={outcome.isAlert ? 'red' : 'green'} variant="light" radius="md" role="status" styles={{ message: { fontSize: 'var(--mantine-font-size-md)' } }}>
        <Text fw={600} c={outcome.isAlert ? 'red.9' : 'green.9'}>
          {outcome.text}
        </Text>
      </Alert>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
                {label}
              </Text>
              <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      {children}
    </Stack>
  );
}
