/** The ellipsis menu of a batch row: download, resubmit, cancel, remove, each asked first. */
import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BATCH_RULES } from '#shared/batch-status';
import { BATCH_MESSAGES } from '#shared/messages';
import { showToast } from '../app/toasts';
import { batchFileUrl, errorMessage, killBatch, resubmitBatch, trashBatch, type BatchItem } from './batches-api';
import { ConfirmDialog } from '../components/confirm-dialog';

type ActionKind = 'resubmit' | 'cancel' | 'remove';

const ACTIONS: Record<ActionKind, { title: string; question: string; run: (batchId: number) => Promise<{ message: string }> }> = {
  resubmit: { title: 'Resubmit batch', question: BATCH_MESSAGES.confirmResubmit, run: resubmitBatch },
  cancel: { title: 'Cancel batch', question: BATCH_MESSAGES.confirmCancel, run: killBatch },
  remove: { title: 'Remove batch', question: BATCH_MESSAGES.confirmRemove, run: trashBatch },
};

function failureText(kind: ActionKind, error: unknown): string {
  if (kind === 'cancel') return BATCH_MESSAGES.cancelFailed;
  if (kind === 'remove') return BATCH_MESSAGES.trashFailed;
  return errorMessage(error);
}

export function BatchActions({ batch, isSystemAdmin }: { batch: BatchItem; isSystemAdmin: boolean }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ActionKind | null>(null);
  const action = useMutation({
    mutationFn: (kind: ActionKind) => ACTIONS[kind].run(batch.batchId),
    onSuccess: (result, kind) => {
      // Resubmit answers the server's message, shown as is; a cancel says what happens now (issue 55).
      if (kind === 'resubmit') showToast(result.message, 'success');
      if (kind === 'cancel') showToast(result.message === 'Batch Kill Requested' ? BATCH_MESSAGES.cancelRequested : result.message, 'success');
    },
    onError: (error, kind) => showToast(failureText(kind, error), 'error'),
    onSettled: async () => {
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: ['batches', 'list'] });
    },
  });

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={180}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${batch.fileName}`}>
            <Ellipsis />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {BATCH_RULES.canDownload(batch.status) && (
            <Menu.Item component="a" href={batchFileUrl(batch.batchId)} download={batch.fileName}>
              Download File
            </Menu.Item>
          )}
          {BATCH_RULES.canResubmit(batch.status) && <Menu.Item onClick={() => setPending('resubmit')}>Resubmit</Menu.Item>}
          {BATCH_RULES.canCancel(batch.status) && <Menu.Item onClick={() => setPending('cancel')}>Cancel Batch</Menu.Item>}
          {isSystemAdmin && (
            <Menu.Item color="red" onClick={() => setPending('remove')}>
              Remove Batch
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? ACTIONS[pending].title : ''}
        confirmLabel="Yes"
        cancelLabel="No"
        isBusy={action.isPending}
        onConfirm={() => pending && action.mutate(pending)}
        onClose={() => setPending(null)}
      >
        {pending ? ACTIONS[pending].question : null}
      </ConfirmDialog>
    </>
  );
}

function Ellipsis() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      <circle cx="4" cy="9" r="1.6" fill="currentColor" />
      <circle cx="9" cy="9" r="1.6" fill="currentColor" />
      <circle cx="14" cy="9" r="1.6" fill="currentColor" />
    </svg>
  );
}
