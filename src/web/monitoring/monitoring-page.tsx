/** Monitoring (/monitoring, ADR 046): the client's monitored rosters, their size, last screening and alerts. */
import { Alert, Anchor, Badge, Button, Card, Center, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { DIGEST_ADMINS, ROSTER_EDITORS } from '#shared/access';
import { hasAnyRole } from '#shared/roles';
import { useSessionUser } from '../app/current-user';
import { DigestChoiceControl } from './digest-choice';
import { DigestUsersTable } from './digest-users';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchRosters, formatUtc, monitoringKeys } from './monitoring-api';
import { errorMessage } from '../results/results-api';

export function MonitoringPage() {
  const user = useSessionUser();
  const isEditor = hasAnyRole(user?.roles ?? [], ROSTER_EDITORS);
  const isDigestAdmin = hasAnyRole(user?.roles ?? [], DIGEST_ADMINS);
  const rosters = useQuery({ queryKey: monitoringKeys.rosters, queryFn: fetchRosters, refetchInterval: 10_000 });
  return (
    <Container size={1200} px="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={1}>Monitoring</Title>
            {isEditor && (
              <Button component={Link} to="/monitoring/new">
                Monitor a roster from a file
              </Button>
            )}
          </Group>
          <Text c="dimmed">
            Monitored people are screened again whenever a list they were searched against changes: only the records that
            changed are compared, and what is new arrives as an alert to review.
          </Text>
        </Stack>
        {rosters.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(rosters.error)}
          </Alert>
        ) : !rosters.data ? (
          <Center py="xl">
            <Loader aria-label="Loading the rosters" />
          </Center>
        ) : rosters.data.rosters.length === 0 ? (
          <Card withBorder padding="lg">
            <Text fw={600}>No monitored roster yet.</Text>
            <Text size="sm" mt={4}>
              Upload a roster file (“Monitor a roster from a file”), or open a completed batch from the{' '}
              <Anchor component={Link} to="/flex-search">Batch Search Dashboard</Anchor> and choose “Monitor these people”.
            </Text>
          </Card>
        ) : (
          <Card withBorder padding={0}>
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Roster</Table.Th>
                    <Table.Th ta="right">People</Table.Th>
                    <Table.Th>Alerts to review</Table.Th>
                    <Table.Th>Last screened</Table.Th>
                    <Table.Th>Next full re-screen</Table.Th>
                    <Table.Th>Next list check</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rosters.data.rosters.map((r) => (
                    <Table.Tr key={r.rosterId}>
                      <Table.Td>
                        <Anchor component={Link} to={`/monitoring/${r.rosterId}`} fw={600}>
                          {r.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          Since {r.createdAt.slice(0, 10)} · {r.createdBy}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{r.people.toLocaleString('en-US')}</Table.Td>
                      <Table.Td>
                        <Group gap={6}>
                          <Badge color={r.openAlerts ? 'orange' : 'green'} variant="light">
                            {r.openAlerts ? `${r.openAlerts} to review` : 'None open'}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {r.alerts} in all
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>{r.runsPending ? <Badge variant="light">Screening now</Badge> : formatUtc(r.lastScreenedAt)}</Table.Td>
                      <Table.Td>
                        {formatUtc(r.nextRunAt)}
                        <Text size="xs" c="dimmed">
                          monthly, on day {r.rescreenDay}
                        </Text>
                      </Table.Td>
                      <Table.Td>{rosters.data.nextListCheck ? formatUtc(rosters.data.nextListCheck) : 'At the next list import'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
        <Card withBorder padding="md">
          <DigestChoiceControl rosterId={null} />
        </Card>
        {isDigestAdmin && <DigestUsersTable />}
      </Stack>
    </Container>
  );
}
