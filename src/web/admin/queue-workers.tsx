/** The processes running jobs: which one, its last heartbeat, and what it runs. */
import { Badge, Table, Text } from '@mantine/core';
import type { QueueWorker } from '#shared/queue';
import { formatAgo, formatTime } from './queue-api';

const KIND_WORDS: Record<string, string> = { server: 'Server (in-process jobs)', worker: 'clearlist worker' };

function runningText(worker: QueueWorker): string {
  if (worker.running.length === 0) return 'Idle';
  return worker.running
    .map((job) => (job.batchId !== undefined ? `Batch #${job.batchId}${job.chunkIndex !== undefined ? `, chunk ${job.chunkIndex + 1}` : ' (cutting into chunks)'}` : job.name))
    .join('; ');
}

export function QueueWorkers({ workers, now }: { workers: QueueWorker[]; now: string }) {
  if (workers.length === 0) return <Text c="dimmed">No worker has sent a heartbeat in the last ten minutes: queued batches will not run.</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm" aria-label="Workers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Process</Table.Th>
            <Table.Th>Host and PID</Table.Th>
            <Table.Th>Heartbeat</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Running</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workers.map((w) => (
            <Table.Tr key={w.id}>
              <Table.Td>{KIND_WORDS[w.kind] ?? w.kind}</Table.Td>
              <Table.Td ff="monospace">
                {w.host} · {w.pid}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge color={w.isAlive ? 'green' : 'gray'} variant="light" tt="none" mr={6}>
                  {w.isAlive ? 'Alive' : 'Silent'}
                </Badge>
                {formatAgo(w.beatAt, now)}
              </Table.Td>
              <Table.Td>{formatTime(w.startedAt)}</Table.Td>
              <Table.Td>{runningText(w)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
