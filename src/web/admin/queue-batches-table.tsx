/** The queue in the order it runs: each batch's client, submitter, progress, rate and estimated finish. */
import { Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { QueuedBatch } from '#shared/queue';
import { formatFinish } from './queue-api';

export type BatchAction = 'front' | 'back' | 'cancel';

export interface QueueBatchesTableProps {
  batches: QueuedBatch[];
  now: string;
  isPaused: boolean;
  onAction: (batch: QueuedBatch, action: BatchAction) => void;
}

const STATUS_COLORS: Record<string, string> = { Processing: 'blue.8', Pending: 'gray.7', Submitted: 'gray.7', 'Batch Kill Requested': 'orange.9' };
const STATUS_WORDS: Record<string, string> = { Processing: 'In progress', Pending: 'Queued', Submitted: 'Queued', 'Batch Kill Requested': 'Cancelling' };

export function QueueBatchesTable({ batches, now, isPaused, onAction }: QueueBatchesTableProps) {
  if (batches.length === 0) return <Text c="dimmed">No batch is queued or running.</Text>;
  return (
    <Table.ScrollContainer minWidth={1150}>
      <Table striped verticalSpacing="sm" aria-label="Queued and running batches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right">#</Table.Th>
            <Table.Th>Batch</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Submitted by</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Progress</Table.Th>
            <Table.Th ta="right">Rows/s</Table.Th>
            <Table.Th>Est. finish</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((batch) => {
            const isMovable = batch.status !== 'Batch Kill Requested';
            const label = `${batch.fileName} (#${batch.id})`;
            return (
              <Table.Tr key={batch.id}>
                <Table.Td ta="right" fw={600}>
                  {batch.position}
                </Table.Td>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {batch.fileName}
                  </Text>
                  <Text c="dimmed" size="xs">
                    #{batch.id}
                  </Text>
                </Table.Td>
                <Table.Td>{batch.clientName}</Table.Td>
                <Table.Td>{batch.submitter}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={600} c={STATUS_COLORS[batch.status] ?? 'dimmed'}>
                    {STATUS_WORDS[batch.status] ?? batch.status}
                  </Text>
                </Table.Td>
                <Table.Td miw={170}>
                  <Stack gap={4}>
                    <Progress value={batch.rows ? (batch.rowsDone / batch.rows) * 100 : 0} size="sm" aria-label={`Progress of ${label}`} />
                    <Text size="xs">
                      {batch.rowsDone.toLocaleString('en-US')} of {batch.rows.toLocaleString('en-US')} rows
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">{batch.rowsPerSecond === null ? '—' : batch.rowsPerSecond.toLocaleString('en-US', { maximumFractionDigits: 1 })}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{isPaused ? 'When resumed' : formatFinish(batch.estimatedFinish, now)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button size="compact-sm" variant="default" disabled={!isMovable || batch.position === 1} aria-label={`Move ${label} to the front`} onClick={() => onAction(batch, 'front')}>
                      To front
                    </Button>
                    <Button size="compact-sm" variant="default" disabled={!isMovable || batch.position === batches.length} aria-label={`Move ${label} to the back`} onClick={() => onAction(batch, 'back')}>
                      To back
                    </Button>
                    <Button size="compact-sm" variant="light" color="red" aria-label={`Cancel ${label}`} onClick={() => onAction(batch, 'cancel')}>
                      Cancel
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
