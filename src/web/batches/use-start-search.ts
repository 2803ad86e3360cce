/** Start Search: a dry run first; when the file passes, the real submission. */
import { useMutation } from '@tanstack/react-query';
import { BATCH_MESSAGES } from '#shared/messages';
import { isApiError } from '../app/api';
import { showToast } from '../app/toasts';
import { submitColumnMappings, type ColumnMappingInput, type RowError } from './batches-api';

/** The draft batch and the mapping to send (the wizard's or a quick page's). */
export interface StartRequest {
  batchId: number;
  input: ColumnMappingInput;
  /** The rows the review step's dry run of this very input refused (none: it passed); absent, a dry run comes first. */
  checked?: RowError[];
}

export interface StartSearchHandlers {
  onInvalid: (errors: RowError[]) => void;
  onStarted: () => Promise<void> | void;
}

export function useStartSearch({ onInvalid, onStarted }: StartSearchHandlers) {
  return useMutation({
    mutationFn: async ({ batchId, input, checked }: StartRequest): Promise<RowError[]> => {
      const errors = checked ?? (await submitColumnMappings(batchId, input, true));
      if (errors.length === 0) await submitColumnMappings(batchId, input, false);
      return errors;
    },
    onSuccess: async (errors) => {
      if (errors.length) {
        showToast(BATCH_MESSAGES.createFailed, 'error');
        return onInvalid(errors);
      }
      showToast(BATCH_MESSAGES.created, 'success');
      await onStarted();
    },
    onError: (error) => {
      showToast(BATCH_MESSAGES.createFailed, 'error');
      // A refusal with its own reason (a trial's remaining searches, say) is shown too.
      if (isApiError(error) && error.status < 500 && error.message !== BATCH_MESSAGES.createFailed) showToast(error.message, 'error');
    },
  });
}
