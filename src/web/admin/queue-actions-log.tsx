/** The last operator actions on the queue, read back from the audit log: when, who, what, on which batch (ADR 044). */
import { Table, Text } from '@mantine/core';
import type { QueueActionEntry } from '#shared/queue';
import { formatFinish } from './queue-api';

export function QueueActionsLog({ actions, now }: { actions: QueueActionEntry[]; now: string }) {
  if (actions.length === 0) return <Text c="dimmed">No operator has acted on the queue yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" aria-label="Recent queue actions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Batch</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {actions.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFinish(a.at, now)}</Table.Td>
              <Table.Td>{a.actorUsername ?? '—'}</Table.Td>
              <Table.Td>{a.detail}</Table.Td>
              <Table.Td>{a.batchId === null ? 'Whole queue' : `${a.fileName ?? 'a removed batch'} (#${a.batchId}${a.clientName ? `, ${a.clientName}` : ''})`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
