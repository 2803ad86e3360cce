/** The home page's sections (ADR 046): age counts, the month, rosters, last batches (list freshness: list-freshness.tsx). */
import { Anchor, Badge, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AgeCounts, HomeSummary } from '#shared/home';
import type { RosterList } from '#shared/monitoring';
import { formatDay, formatUtc } from '../monitoring/monitoring-api';


export function AgeCard({ title, link, linkLabel, counts }: { title: string; link: string; linkLabel: string; counts: AgeCounts | undefined }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Text size="sm" c="dimmed" fw={700} tt="uppercase">
        {title}
      </Text>
      {counts ? (
        <>
          <Text fz={36} fw={800} c={counts.total ? 'orange.8' : 'green.8'} lh={1.2}>
            {counts.total}
          </Text>
          <Group gap="xs" mt={4}>
            <Badge variant="light" color="gray">{counts.under7Days} under 7 days</Badge>
            <Badge variant="light" color={counts.under30Days ? 'yellow' : 'gray'}>{counts.under30Days} 7–30 days</Badge>
            <Badge variant="light" color={counts.older ? 'red' : 'gray'}>{counts.older} older</Badge>
          </Group>
        </>
      ) : (
        <Skeleton height={60} mt="xs" />
      )}
      <Anchor component={Link} to={link} size="sm" mt="sm">
        {linkLabel}
      </Anchor>
    </Card>
  );
}

export function RosterSummary({ data }: { data: RosterList | undefined }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="home-rosters">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg" id="home-rosters">
          Monitored rosters
        </Title>
        <Anchor component={Link} to="/monitoring" size="sm">
          All rosters
        </Anchor>
      </Group>
      {!data ? (
        <Skeleton height={80} />
      ) : data.rosters.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is monitored yet. Open a completed batch and choose “Monitor these people”: Clearlist then screens them
          again at every list update.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Roster</Table.Th>
                <Table.Th ta="right">People</Table.Th>
                <Table.Th ta="right">Open alerts</Table.Th>
                <Table.Th>Last screened</Table.Th>
                <Table.Th>Next full re-screen</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rosters.slice(0, 5).map((r) => (
                <Table.Tr key={r.rosterId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/monitoring/${r.rosterId}`}>
                      {r.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{r.people.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{r.openAlerts}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(r.lastScreenedAt ?? r.createdAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(r.nextRunAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data?.nextListCheck ? (
        <Text size="xs" c="dimmed" mt="xs">
          Next list check: {formatUtc(data.nextListCheck)}
        </Text>
      ) : null}
    </Card>
  );
}

export function LastBatches({ batches }: { batches: HomeSummary['lastBatches'] | undefined }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="home-batches">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg" id="home-batches">
          Last batches
        </Title>
        <Anchor component={Link} to="/flex-search" size="sm">
          Batch Search Dashboard
        </Anchor>
      </Group>
      {!batches ? (
        <Skeleton height={60} />
      ) : batches.length === 0 ? (
        <Text size="sm" c="dimmed">
          No batch yet. <Anchor component={Link} to="/flex-search/file-upload">Start a batch search</Anchor>.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th>Uploaded</Table.Th>
                <Table.Th ta="right">Records</Table.Th>
                <Table.Th ta="right">To review</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batches.map((b) => (
                <Table.Tr key={b.batchId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/flex-search/${b.batchId}/details`}>
                      {b.fileName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDay(b.processedTimeStamp)}</Table.Td>
                  <Table.Td ta="right">{b.recordCount.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{b.toReview}</Table.Td>
                  <Table.Td>{b.status}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
