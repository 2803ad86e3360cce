/** Chunks whose attempts ran out, with the error of their last attempt; a batch's can be retried. */
import { Button, Table, Text } from '@mantine/core';
import type { FailedChunk } from '#shared/queue';

export function QueueFailures({ chunks, onRetry }: { chunks: FailedChunk[]; onRetry: (chunk: FailedChunk) => void }) {
  if (chunks.length === 0) return <Text c="dimmed">No failed chunks.</Text>;
  // One retry button per batch, on its first failed chunk: a retry queues all of the batch's.
  const firstOfBatch = new Set<string>();
  const seen = new Set<number>();
  for (const c of chunks) {
    if (seen.has(c.batchId)) continue;
    seen.add(c.batchId);
    firstOfBatch.add(`${c.batchId}:${c.chunkIndex}`);
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="sm" aria-label="Failed chunks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Batch</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Chunk</Table.Th>
            <Table.Th>Rows</Table.Th>
            <Table.Th ta="right">Attempts</Table.Th>
            <Table.Th>Error</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {chunks.map((c) => (
            <Table.Tr key={`${c.batchId}:${c.chunkIndex}`}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {c.fileName}
                </Text>
                <Text c="dimmed" size="xs">
                  #{c.batchId}
                </Text>
              </Table.Td>
              <Table.Td>{c.clientName}</Table.Td>
              <Table.Td>{c.chunkIndex + 1}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {(c.firstRow + 1).toLocaleString('en-US')}–{(c.firstRow + c.rowCount).toLocaleString('en-US')}
              </Table.Td>
              <Table.Td ta="right">{c.attempts}</Table.Td>
              <Table.Td>
                <Text size="sm" c="red.8" ff="monospace">
                  {c.error ?? 'No error was recorded.'}
                </Text>
              </Table.Td>
              <Table.Td>
                {firstOfBatch.has(`${c.batchId}:${c.chunkIndex}`) && (
                  <Button size="compact-sm" variant="default" aria-label={`Retry failed chunks of ${c.fileName} (#${c.batchId})`} onClick={() => onRetry(c)}>
                    Retry failed chunks
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
