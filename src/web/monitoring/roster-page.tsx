/**
 * One monitored roster (/monitoring/{rosterId}, ADR 046): its alerts, newest first, each opening
 * the results' review drawer (status, note, history), its monthly full re-screen and
 * certificates (ADR 051), and the runs that screened it.
 */
import { Alert, Anchor, Button, Card, Center, Container, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ALERT_KIND_LABELS, type AlertKind, type RosterDetail } from '#shared/monitoring';
import { REVIEW_STATUS_LABELS, type ReviewStatus } from '#shared/review-status';
import { ROSTER_EDITORS } from '#shared/access';
import { hasAnyRole } from '#shared/roles';
import { useSessionUser } from '../app/current-user';
import { DetailDrawer } from '../results/detail-drawer';
import { DigestChoiceControl } from './digest-choice';
import { VersionsList } from './versions-list';
import { errorMessage } from '../results/results-api';
import { fetchRoster, formatDay, formatMonth, formatUtc, monitoringKeys } from './monitoring-api';
import { CertificatesTable, ScheduleCard } from './roster-evidence';

const KIND_COLORS: Record<AlertKind, string> = { 'new-match': 'red', 'new-record': 'orange', 'record-changed': 'yellow', 'no-longer-excluded': 'teal' };
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const STATUS_COLORS: Record<string, string> = { NONCLEARED: 'orange', UNDER_REVIEW: 'blue', HISTORICAL_MATCH: 'red', CLEARED: 'green' };

export function RosterPage() {
  const rosterId = Number(useParams().rosterId);
  const isValidId = Number.isInteger(rosterId) && rosterId > 0;
  const detail = useQuery({ queryKey: monitoringKeys.roster(rosterId), queryFn: () => fetchRoster(rosterId), enabled: isValidId, refetchInterval: 10_000 });
  const [open, setOpen] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const isEditor = hasAnyRole(useSessionUser()?.roles ?? [], ROSTER_EDITORS);

  if (!isValidId || detail.isError) {
    return (
      <Container size={1200} px="md" py="xl">
        <Alert color="red" variant="light" role="alert" title="Monitored roster">
          {isValidId ? errorMessage(detail.error) : 'Not found.'} <Anchor component={Link} to="/monitoring">Back to Monitoring</Anchor>
        </Alert>
      </Container>
    );
  }
  if (!detail.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the roster" />
      </Center>
    );
  }
  const { roster, alerts, runs, certificates } = detail.data;
  const close = () => {
    setOpen(null);
    void queryClient.invalidateQueries({ queryKey: monitoringKeys.all });
  };
  return (
    <Container size={1400} px={{ base: 'xs', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Anchor component={Link} to="/monitoring" size="sm">
              ← Monitoring
            </Anchor>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {roster.name}
            </Title>
            <Text c="dimmed" fw={600}>
              Monitored roster
            </Text>
          </Stack>
          <Group gap="sm">
            {isEditor && (
              <Button component={Link} to={`/monitoring/${roster.rosterId}/update`}>
                Upload a new version
              </Button>
            )}
            <Button component={Link} to={`/flex-search/${roster.batchId}/details`} variant="default">
              Review all alerts with filters
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          <Figure label="People" value={roster.people.toLocaleString('en-US')} />
          <Figure label="Alerts to review" value={String(roster.openAlerts)} />
          <Figure label="Alerts in all" value={String(roster.alerts)} />
          <Figure label="Last screened" value={roster.runsPending ? 'Screening now' : formatUtc(roster.lastScreenedAt)} />
          <Figure label="Next full re-screen" value={formatUtc(roster.nextRunAt)} />
        </SimpleGrid>
        <AlertsTable alerts={alerts} onOpen={setOpen} />
        <ScheduleCard roster={roster} key={roster.rescreenDay} />
        <CertificatesTable rosterId={roster.rosterId} certificates={certificates} />
        <RunsTable runs={runs} />
        <VersionsList rosterId={roster.rosterId} />
        <Card withBorder padding="md">
          <DigestChoiceControl rosterId={roster.rosterId} />
        </Card>
      </Stack>
      <DetailDrawer batchId={roster.batchId} target={open === null ? null : { resultType: 'exclusions', id: open }} onClose={close} />
    </Container>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

function AlertsTable({ alerts, onOpen }: { alerts: RosterDetail['alerts']; onOpen: (id: number) => void }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="alerts-title">
      <Title order={2} fz="lg" id="alerts-title">
        Alerts
      </Title>
      {alerts.length === 0 ? (
        <Text c="dimmed">No alert yet: nothing that changed in the lists concerns these people.</Text>
      ) : (
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Alert</Table.Th>
                  <Table.Th>Person</Table.Th>
                  <Table.Th>List record</Table.Th>
                  <Table.Th>List</Table.Th>
                  <Table.Th ta="right">Score</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Arrived</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {alerts.map((a) => (
                  <Table.Tr key={a.id} onClick={() => onOpen(a.id)} style={{ cursor: 'pointer' }}>
                    <Table.Td style={NOWRAP}>
                      <Text size="sm" fw={700} c={`${KIND_COLORS[a.kind]}.8`}>
                        {ALERT_KIND_LABELS[a.kind]}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component="button" type="button" onClick={() => onOpen(a.id)} fw={600} ta="left">
                        {a.person}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{a.listName ?? a.sourceRecordId}</Table.Td>
                    <Table.Td style={NOWRAP}>
                      {a.source.toUpperCase()}
                      {a.asOf ? <Text size="xs" c="dimmed">as of {a.asOf}</Text> : null}
                    </Table.Td>
                    <Table.Td ta="right">{a.score === null ? '—' : a.score.toFixed(2)}</Table.Td>
                    <Table.Td style={NOWRAP}>
                      <Text size="sm" fw={600} c={`${STATUS_COLORS[a.status] ?? 'gray'}.8`}>
                        {REVIEW_STATUS_LABELS[a.status as ReviewStatus] ?? a.status}
                      </Text>
                      {a.latestNote ? (
                        <Text size="xs" c="dimmed" lineClamp={1} maw={260}>
                          {a.latestNote}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td style={NOWRAP}>{formatDay(a.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
}

function RunsTable({ runs }: { runs: RosterDetail['runs'] }) {
  if (runs.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="runs-title">
      <Title order={2} fz="lg" id="runs-title">
        Screenings
      </Title>
      <Card withBorder padding={0}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Screening</Table.Th>
              <Table.Th ta="right">Records compared</Table.Th>
              <Table.Th ta="right">Alerts</Table.Th>
              <Table.Th>Finished</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((r) => (
              <Table.Tr key={r.runId}>
                <Table.Td>
                  {r.kind === 'full'
                    ? `Full re-screen, ${formatMonth(r.period ?? '')} (${r.reason === 'engine' ? 'new matching rules' : 'monthly'})`
                    : r.source
                      ? `${r.source.toUpperCase()} version ${r.listVersionId}`
                      : 'People added or changed, against every list'}
                </Table.Td>
                <Table.Td ta="right">{r.kind === 'full' || r.source ? r.recordsScreened.toLocaleString('en-US') : 'All active'}</Table.Td>
                <Table.Td ta="right">{r.alertsCreated}</Table.Td>
                <Table.Td>{r.status === 'done' ? formatUtc(r.finishedAt) : `Running (${r.rowsDone.toLocaleString('en-US')} people done)`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
