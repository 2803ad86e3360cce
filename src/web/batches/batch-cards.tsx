/** Batches on a phone: one card each, so the status and the actions are in view without scrolling sideways. */
import { Card, Group, Stack, Text } from '@mantine/core';
import { formatLocalTime, formatUtcDate } from './batch-display';
import { BatchActions } from './batch-actions';
import { Marker, StatusCell } from './batch-table';
import type { BatchItem } from './batches-api';

export function BatchCards({ batches, isSystemAdmin }: { batches: BatchItem[]; isSystemAdmin: boolean }) {
  if (batches.length === 0) return <Text c="dimmed">No batch matches these filters.</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Batch history">
      {batches.map((batch) => (
        <Card key={batch.batchId} withBorder padding="md" radius="md" component="li">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Marker batch={batch} />
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {batch.fileName}
                </Text>
              </Group>
              <BatchActions batch={batch} isSystemAdmin={isSystemAdmin} />
            </Group>
            <Text size="sm" c="dimmed">
              <time dateTime={batch.processedTimeStamp}>
                {formatUtcDate(batch.processedTimeStamp)}, {formatLocalTime(batch.processedTimeStamp)}
              </time>{' '}
              · {batch.uploadedBy}
            </Text>
            <Text size="sm">
              {batch.recordCount} records · {batch.toReview} to review
            </Text>
            <StatusCell batch={batch} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
