/** A roster's uploaded versions (ADR 053): file, counts, status, each opening its comparison. */
import { Anchor, Badge, Card, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchVersions, intakeKeys } from './intake-api';
import { formatUtc } from './monitoring-api';

const COLORS = { pending: 'orange', applied: 'green', discarded: 'gray' } as const;
const LABELS = { pending: 'Not applied yet', applied: 'Applied', discarded: 'Discarded' } as const;

export function VersionsList({ rosterId }: { rosterId: number }) {
  const versions = useQuery({ queryKey: intakeKeys.versions(rosterId), queryFn: () => fetchVersions(rosterId) });
  if (!versions.data || versions.data.versions.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="versions-title">
      <Title order={2} fz="lg" id="versions-title">
        Versions of the roster
      </Title>
      <Card withBorder padding={0}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Changes</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Uploaded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.data.versions.map((v) => (
              <Table.Tr key={v.versionId}>
                <Table.Td>
                  <Anchor component={Link} to={`/monitoring/${rosterId}/versions/${v.versionId}`}>
                    {v.fileName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {v.diff.added.length} added, {v.diff.removed.length} removed, {v.diff.changed.length} changed
                </Table.Td>
                <Table.Td>
                  <Badge color={COLORS[v.status]} variant="light">
                    {LABELS[v.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {formatUtc(v.createdAt)} · {v.createdBy}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
