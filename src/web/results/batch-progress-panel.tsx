/** The batch's page while it is queued or running: its progress and where it stands in the batch queue (ADR 044). */
import { Alert, Card, Progress, Stack, Text } from '@mantine/core';
import { queueNotice } from '#shared/batch-queue-notice';
import type { BatchInfo } from '#shared/batches';

export function BatchProgressPanel({ batch }: { batch: BatchInfo }) {
  const done = Math.min(batch.rowsDone, batch.recordCount);
  const percent = batch.recordCount > 0 ? (done / batch.recordCount) * 100 : 0;
  const notice = batch.queue ? queueNotice(batch.queue, done > 0) : null;
  return (
    <Card withBorder radius="md" padding="lg" maw={720}>
      <Stack gap="sm">
        <Text fw={700} size="lg">
          {batch.status}
        </Text>
        <Progress value={percent} size="lg" color={notice?.isWaiting ? 'gray' : undefined} aria-label="Rows screened" />
        <Text size="sm">
          {done.toLocaleString('en-US')} of {batch.recordCount.toLocaleString('en-US')} rows screened
        </Text>
        {notice && (
          <Alert color={notice.isWaiting ? 'yellow' : 'blue'} variant="light" role="status" title={notice.isWaiting ? 'Your batch is queued' : 'Your batch is being screened'}>
            {notice.text}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          The results appear here when every row is screened. This page updates itself.
        </Text>
      </Stack>
    </Card>
  );
}
