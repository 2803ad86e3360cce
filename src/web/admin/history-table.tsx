/** The audit entries about one user or client: when, who, what, from, to. */
import { Table, Text } from '@mantine/core';
import type { HistoryEntry } from '#shared/admin';
import { actionLabel, formatAuditValue, formatDateTime } from './labels';

export function HistoryTable({ entries }: { entries: HistoryEntry[] }) {
  if (entries.length === 0) return <Text c="dimmed">No changes recorded yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label="Change history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Change</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
              <Table.Td>{entry.actorUsername ?? '—'}</Table.Td>
              <Table.Td>{actionLabel(entry.action)}</Table.Td>
              <Table.Td>{formatAuditValue(entry.from, entry.action)}</Table.Td>
              <Table.Td>{formatAuditValue(entry.to, entry.action)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
