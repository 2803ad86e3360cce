/**
 * Batch Queue Management (/admin/queueManagement, system administrators): every client's
 * queued and running batches, failed chunks and workers, refreshed while open; pause and
 * resume, move, cancel and retry, each confirmed first (ADR 038).
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QUEUE_MESSAGES } from '#shared/messages';
import { QUEUE_REFRESH_MS, type FailedChunk, type QueuedBatch } from '#shared/queue';
import { useAdminChange } from './admin-api';
import { AdminFrame, LoadState } from './admin-frame';
import { ConfirmDialog } from '../components/confirm-dialog';
import { cancelQueuedBatch, fetchQueue, formatTime, moveQueuedBatch, queueKey, retryFailedChunks, setQueuePaused } from './queue-api';
import { QueueActionsLog } from './queue-actions-log';
import { QueueBatchesTable, type BatchAction } from './queue-batches-table';
import { QueueFailures } from './queue-failures';
import { QueueWorkers } from './queue-workers';

type Pending =
  | { kind: 'pause' | 'resume' }
  | { kind: BatchAction; batch: QueuedBatch }
  | { kind: 'retry'; chunk: FailedChunk };

const byResult = (result: { message: string }) => result.message;

export function QueuePage() {
  const queue = useQuery({ queryKey: queueKey, queryFn: fetchQueue, refetchInterval: QUEUE_REFRESH_MS, refetchIntervalInBackground: false });
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending(null);
  const pause = useAdminChange(setQueuePaused, byResult);
  const move = useAdminChange(moveQueuedBatch, byResult);
  const cancel = useAdminChange(cancelQueuedBatch, byResult);
  const retry = useAdminChange(retryFailedChunks, byResult);
  const data = queue.data;
  const isPaused = data?.pause.isPaused ?? false;

  const confirm = () => {
    if (!pending) return;
    const done = { onSettled: close };
    if (pending.kind === 'pause' || pending.kind === 'resume') pause.mutate(pending.kind === 'pause', done);
    else if (pending.kind === 'cancel') cancel.mutate(pending.batch.id, done);
    else if (pending.kind === 'retry') retry.mutate(pending.chunk.batchId, done);
    else if (pending.kind === 'front' || pending.kind === 'back') move.mutate({ batchId: pending.batch.id, to: pending.kind }, done);
  };

  return (
    <AdminFrame
      title="Batch Queue Management"
      lead="Every client's batch queue: what runs, what waits, what failed and which workers are alive."
      actions={
        data && (
          <Button color={isPaused ? 'green' : 'orange'} onClick={() => setPending({ kind: isPaused ? 'resume' : 'pause' })}>
            {isPaused ? 'Resume queue' : 'Pause queue'}
          </Button>
        )
      }
    >
      {!data ? (
        <LoadState isPending={queue.isPending} error={queue.error} label="Loading the queue" />
      ) : (
        <Stack gap="xl">
          {isPaused && (
            <Alert color="orange" variant="light" title="The queue is paused" role="status">
              {QUEUE_MESSAGES.paused} Paused by {data.pause.by ?? 'an operator'}
              {data.pause.at ? ` at ${formatTime(data.pause.at)}` : ''}.
            </Alert>
          )}
          <Text size="sm" c="dimmed" aria-live="polite">
            {data.rowsPerSecond ? `${data.rowsPerSecond.toLocaleString('en-US')} rows/s, all workers together, over the chunks written in the last ten minutes.` : 'No rows screened in the last ten minutes.'} Updated {formatTime(data.now)}; refreshes every {QUEUE_REFRESH_MS / 1000} seconds.
          </Text>
          <Section title={`Queued and running (${data.batches.length})`}>
            <QueueBatchesTable batches={data.batches} now={data.now} isPaused={isPaused} onAction={(batch, kind) => setPending({ kind, batch })} />
          </Section>
          <Section title={`Failed chunks (${data.failedChunks.length})`}>
            <QueueFailures chunks={data.failedChunks} onRetry={(chunk) => setPending({ kind: 'retry', chunk })} />
          </Section>
          <Section title={`Workers (${data.workers.filter((w) => w.isAlive).length} alive)`}>
            <QueueWorkers workers={data.workers} now={data.now} />
          </Section>
          <Section title="Recent queue actions (audit log)">
            <QueueActionsLog actions={data.recentActions} now={data.now} />
          </Section>
        </Stack>
      )}
      {pending && (
        <ConfirmDialog
          opened
          title={TITLES[pending.kind]}
          confirmLabel={CONFIRM_LABELS[pending.kind]}
          cancelLabel={pending.kind === 'cancel' ? 'Keep the batch' : 'Cancel'}
          isDanger={pending.kind === 'cancel' || pending.kind === 'pause'}
          isBusy={pause.isPending || move.isPending || cancel.isPending || retry.isPending}
          onConfirm={confirm}
          onClose={close}
        >
          {questionOf(pending)}
        </ConfirmDialog>
      )}
    </AdminFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const TITLES: Record<Pending['kind'], string> = {
  pause: 'Pause the batch queue',
  resume: 'Resume the batch queue',
  front: 'Move to the front',
  back: 'Move to the back',
  cancel: 'Cancel the batch',
  retry: 'Retry failed chunks',
};

const CONFIRM_LABELS: Record<Pending['kind'], string> = {
  pause: 'Pause queue',
  resume: 'Resume queue',
  front: 'Move to front',
  back: 'Move to back',
  cancel: 'Cancel batch',
  retry: 'Retry chunks',
};

function questionOf(pending: Pending) {
  switch (pending.kind) {
    case 'pause':
      return QUEUE_MESSAGES.confirmPause;
    case 'resume':
      return QUEUE_MESSAGES.confirmResume;
    case 'retry':
      return `${pending.chunk.fileName} (#${pending.chunk.batchId}, ${pending.chunk.clientName}): ${QUEUE_MESSAGES.confirmRetry}`;
    case 'cancel':
      return `${pending.batch.fileName} (#${pending.batch.id}, ${pending.batch.clientName}): ${QUEUE_MESSAGES.confirmCancel}`;
    case 'front':
    case 'back':
      return `Run ${pending.batch.fileName} (#${pending.batch.id}, ${pending.batch.clientName}) ${pending.kind === 'front' ? 'before' : 'after'} every other queued batch?`;
  }
}
