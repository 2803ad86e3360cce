/** Choosing a status opens the confirmation; Save sends it, then the list and group counts are fetched again (spec §4). */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast } from '../app/toasts';
import { errorMessage } from './results-api';
import { resultKeys } from './result-keys';
import { reviewStatusLabel } from './review-status';
import { StatusChangeDialog, type PendingChange } from './status-change-dialog';

export type SendStatusChange = (ids: number[], newStatus: string, comment: string) => Promise<unknown>;

/** Answers `ask(ids, status)` to start a change and the dialog element to render. */
export function useStatusChange(batchId: number, send: SendStatusChange, onSaved?: (change: PendingChange) => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const mutation = useMutation({
    mutationFn: ({ change, comment }: { change: PendingChange; comment: string }) => send(change.ids, change.newStatus, comment),
    onSuccess: async (_answer, { change }) => {
      setPending(null);
      const count = change.matching ?? change.ids.length;
      showToast(`${count === 1 ? 'Status' : `${count} statuses`} changed to ${reviewStatusLabel(change.newStatus)}.`, 'success');
      onSaved?.(change);
      // Lists, group counts, open details and the dashboard's to-review count all moved.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resultKeys.batch(batchId) }),
        queryClient.invalidateQueries({ queryKey: ['batches'] }),
      ]);
    },
  });
  const close = () => {
    setPending(null);
    mutation.reset();
  };
  const dialog = (
    <StatusChangeDialog
      change={pending}
      isSaving={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error) : null}
      onSave={(comment) => pending && mutation.mutate({ change: pending, comment })}
      onClose={close}
    />
  );
  /** A change of the given records, or (with `matching`) of every record the filter matches. */
  const ask = (ids: number[], newStatus: string, matching?: number) => {
    if (ids.length === 0 && !matching) return;
    mutation.reset();
    setPending(matching ? { ids, newStatus, matching } : { ids, newStatus });
  };
  return { ask, dialog };
}
