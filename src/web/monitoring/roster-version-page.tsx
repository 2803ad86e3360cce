/**
 * A new version of a roster compared with its members (/monitoring/{rosterId}/versions/{versionId},
 * ADR 053): added, removed and changed people (field by field), then apply or discard.
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Center, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ROSTER_INTAKE_MESSAGES, type DiffPerson, type RosterVersion } from '#shared/roster-intake';
import { errorMessage } from '../batches/batches-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { decideVersion, fetchVersion, intakeKeys } from './intake-api';
import { formatUtc, monitoringKeys } from './monitoring-api';

const STATUS: Record<RosterVersion['status'], { label: string; color: string }> = {
  pending: { label: 'Not applied yet', color: 'orange' },
  applied: { label: 'Applied', color: 'green' },
  discarded: { label: 'Discarded', color: 'gray' },
};

export function RosterVersionPage() {
  const params = useParams();
  const rosterId = Number(params.rosterId);
  const versionId = Number(params.versionId);
  const queryClient = useQueryClient();
  const version = useQuery({ queryKey: intakeKeys.version(rosterId, versionId), queryFn: () => fetchVersion(rosterId, versionId), enabled: rosterId > 0 && versionId > 0 });
  const [confirm, setConfirm] = useState<'apply' | 'discard' | null>(null);
  // The dialog keeps its words while it closes.
  const [asked, setAsked] = useState<'apply' | 'discard'>('apply');
  const ask = (decision: 'apply' | 'discard') => {
    setAsked(decision);
    setConfirm(decision);
  };
  const decide = useMutation({
    mutationFn: (decision: 'apply' | 'discard') => decideVersion(rosterId, versionId, decision),
    onSuccess: (v) => {
      queryClient.setQueryData(intakeKeys.version(rosterId, versionId), v);
      void queryClient.invalidateQueries({ queryKey: monitoringKeys.all });
    },
    onSettled: () => setConfirm(null),
  });

  if (version.isError) {
    return (
      <Container size={1200} px="md" py="xl">
        <Alert color="red" variant="light" role="alert" title="Roster version">
          {errorMessage(version.error)} <Anchor component={Link} to={`/monitoring/${rosterId}`}>Back to the roster</Anchor>
        </Alert>
      </Container>
    );
  }
  if (!version.data) return <Center py="xl"><Loader aria-label="Loading the comparison" /></Center>;
  const v = version.data;
  const { diff } = v;
  const nothing = diff.added.length + diff.removed.length + diff.changed.length === 0;
  return (
    <Container size={1200} px={{ base: 'xs', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={`/monitoring/${rosterId}`} size="sm">
            ← Back to the roster
          </Anchor>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              New version: {v.fileName}
            </Title>
            <Badge color={STATUS[v.status].color} variant="light" size="lg">
              {STATUS[v.status].label}
            </Badge>
          </Group>
          <Text c="dimmed">
            Uploaded by {v.createdBy} on {formatUtc(v.createdAt)}. People were told apart {diff.matchedBy === 'unique-id' ? 'by the unique id column' : 'by name and date of birth'}.
            {diff.skippedRows ? ` ${diff.skippedRows} invalid row${diff.skippedRows === 1 ? ' was' : 's were'} skipped.` : ''}
          </Text>
        </Stack>
        <Group gap="sm">
          <Badge color="green" variant="light" size="lg">{diff.added.length} added</Badge>
          <Badge color="red" variant="light" size="lg">{diff.removed.length} removed</Badge>
          <Badge color="yellow" variant="light" size="lg">{diff.changed.length} changed</Badge>
          <Badge color="gray" variant="light" size="lg">{diff.unchanged} unchanged</Badge>
        </Group>
        {decide.isError && <Alert color="red" variant="light" role="alert">{errorMessage(decide.error)}</Alert>}
        {v.status === 'applied' && <Alert color="green" variant="light" role="status">{ROSTER_INTAKE_MESSAGES.applied}</Alert>}
        {v.status === 'discarded' && <Alert color="gray" variant="light" role="status">{ROSTER_INTAKE_MESSAGES.discarded}</Alert>}
        {v.status === 'pending' && (
          <Card withBorder padding="md">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" maw={720}>
                {nothing ? ROSTER_INTAKE_MESSAGES.noChanges : 'Applying screens the added and changed people against every list now. Removed people are no longer screened; their alerts stay on the roster to review.'}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={() => ask('discard')}>Discard</Button>
                <Button onClick={() => ask('apply')}>Apply this version</Button>
              </Group>
            </Group>
          </Card>
        )}
        <PeopleTable title="Added" people={diff.added} empty="No one was added." />
        <PeopleTable title="Removed" people={diff.removed} empty="No one was removed." />
        <ChangedTable changed={diff.changed} />
      </Stack>
      <ConfirmDialog
        opened={confirm !== null}
        title={asked === 'apply' ? 'Apply this version?' : 'Discard this version?'}
        confirmLabel="Yes"
        cancelLabel="No"
        isBusy={decide.isPending}
        onConfirm={() => confirm && decide.mutate(confirm)}
        onClose={() => setConfirm(null)}
      >
        {asked === 'apply' ? `Apply ${diff.added.length} added, ${diff.removed.length} removed and ${diff.changed.length} changed people to the roster?` : 'Discard this version? The roster stays as it is.'}
      </ConfirmDialog>
    </Container>
  );
}

/** People listed per section: the counts above are whole. */
const SHOWN = 500;

const fieldsText = (p: DiffPerson) => Object.entries(p.fields).filter(([k]) => k !== 'First Name' && k !== 'Last Name' && k !== 'Middle Name').map(([k, val]) => `${k}: ${val}`).join(' · ');

function PeopleTable({ title, people, empty }: { title: string; people: DiffPerson[]; empty: string }) {
  const id = `diff-${title.toLowerCase()}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id}>{title} ({people.length})</Title>
      {people.length > SHOWN && <Text size="sm" c="dimmed">The first {SHOWN} are listed.</Text>}
      {people.length === 0 ? <Text c="dimmed" size="sm">{empty}</Text> : (
        <Card withBorder padding={0}>
          <Table verticalSpacing="xs" aria-labelledby={id}>
            <Table.Thead><Table.Tr><Table.Th>Person</Table.Th><Table.Th>Details</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {people.slice(0, SHOWN).map((p) => (
                <Table.Tr key={p.key}><Table.Td fw={600}>{p.name}</Table.Td><Table.Td><Text size="sm" c="dimmed">{fieldsText(p) || '—'}</Text></Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}

function ChangedTable({ changed }: { changed: RosterVersion['diff']['changed'] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="diff-changed">
      <Title order={2} fz="lg" id="diff-changed">Changed ({changed.length})</Title>
      {changed.length > SHOWN && <Text size="sm" c="dimmed">The first {SHOWN} are listed.</Text>}
      {changed.length === 0 ? <Text c="dimmed" size="sm">No one’s details changed.</Text> : (
        <Card withBorder padding={0}>
          <Table verticalSpacing="xs" aria-labelledby="diff-changed">
            <Table.Thead><Table.Tr><Table.Th>Person</Table.Th><Table.Th>Field</Table.Th><Table.Th>Before → after</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {changed.slice(0, SHOWN).flatMap(({ person, changes }) =>
                changes.map((c, i) => (
                  <Table.Tr key={`${person.key}-${c.field}`}>
                    <Table.Td fw={600}>{i === 0 ? person.name : ''}</Table.Td>
                    <Table.Td>{c.field}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm" td="line-through" c="red.8" aria-label={`before: ${c.before || 'empty'}`}>{c.before || '—'}</Text>
                        <Text size="sm" c="dimmed" aria-hidden>→</Text>
                        <Text size="sm" c="green.8" aria-label={`after: ${c.after || 'empty'}`}>{c.after || '—'}</Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}
