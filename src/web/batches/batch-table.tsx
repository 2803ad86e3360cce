/** The batch history table: marker, file, date, uploader, counts, status (with progress), actions. */
import { Anchor, Box, Progress, Stack, Table, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { queueNotice } from '#shared/batch-queue-notice';
import { statusTextColor } from '../app/theme';
import { hasPage, isCleanBatch, isRunning, statusTextOf } from './batch-display';
import { BatchActions } from './batch-actions';
import { UploadTime } from './upload-time';
import type { BatchItem } from './batches-api';

export function BatchTable({ batches, isSystemAdmin }: { batches: BatchItem[]; isSystemAdmin: boolean }) {
  if (batches.length === 0) return <Text c="dimmed">No batch matches these filters.</Text>;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Batch history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>Result marker</VisuallyHidden>
            </Table.Th>
            <Table.Th>File Name</Table.Th>
            <Table.Th>Date Uploaded</Table.Th>
            <Table.Th>Uploaded By</Table.Th>
            <Table.Th ta="right">Record Count</Table.Th>
            <Table.Th ta="right">To Review</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((batch) => (
            <Table.Tr key={batch.batchId}>
              <Table.Td>
                <Marker batch={batch} />
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{batch.fileName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <UploadTime timestamp={batch.processedTimeStamp} />
              </Table.Td>
              <Table.Td>{batch.uploadedBy}</Table.Td>
              <Table.Td ta="right">{batch.recordCount}</Table.Td>
              <Table.Td ta="right">{batch.toReview}</Table.Td>
              <Table.Td>
                <StatusCell batch={batch} />
              </Table.Td>
              <Table.Td>
                <BatchActions batch={batch} isSystemAdmin={isSystemAdmin} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function Marker({ batch }: { batch: BatchItem }) {
  if (isCleanBatch(batch)) {
    return (
      <ThemeIcon color="green.8" size={22} radius="xl" role="img" aria-label="No hits" data-marker="green">
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          <path d="M3 7.5l2.6 2.6L11 4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </ThemeIcon>
    );
  }
  return <Box w={12} h={22} bg="yellow.6" style={{ borderRadius: 4 }} role="img" aria-label="Needs attention" data-marker="amber" />;
}

export function StatusCell({ batch }: { batch: BatchItem }) {
  const text = statusTextOf(batch);
  const color = statusTextColor(text);
  const label =
    hasPage(batch) ? (
      <Anchor component={Link} to={`/flex-search/${batch.batchId}/details`} fw={500}>
        {text}
      </Anchor>
    ) : (
      <Text span fw={500} style={{ color }}>
        {text}
      </Text>
    );
  if (!isRunning(batch)) return label;
  const done = Math.min(batch.rowsDone, batch.recordCount);
  const percent = batch.recordCount > 0 ? (done / batch.recordCount) * 100 : 0;
  const notice = batch.queue ? queueNotice(batch.queue, done > 0) : null;
  return (
    <Stack gap={4} miw={140} maw={260}>
      {label}
      <Progress value={percent} size="sm" color={notice?.isWaiting ? 'gray' : undefined} aria-label={`Progress of ${batch.fileName}`} />
      <Text size="xs" c="dimmed">
        {done.toLocaleString('en-US')} of {batch.recordCount.toLocaleString('en-US')} rows
      </Text>
      {notice && (
        <Text size="xs" fw={notice.isWaiting ? 600 : undefined} c={notice.isWaiting ? undefined : 'dimmed'} title={notice.text}>
          {notice.short}
        </Text>
      )}
    </Stack>
  );
}
