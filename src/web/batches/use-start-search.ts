/** Start Search: a dry run first; when the file passes, the real submission. */
import { useMutation } from '@tanstack/react-query';
import { BATCH_MESSAGES } from '#shared/messages';
import { isApiError } from '../app/api';
import { showToast } from '../app/toasts';
import { submitColumnMappings, type RowError } from './batches-api';
import { mappingInput, type WizardState } from './wizard-state';

export interface StartSearchHandlers {
  onInvalid: (errors: RowError[]) => void;
  onStarted: () => Promise<void> | void;
}

export function useStartSearch({ onInvalid, onStarted }: StartSearchHandlers) {
  return useMutation({
    mutationFn: async (state: WizardState): Promise<RowError[]> => {
      if (!state.upload) return [];
      const input = mappingInput(state);
      const errors = await submitColumnMappings(state.upload.batchId, input, true);
      if (errors.length === 0) await submitColumnMappings(state.upload.batchId, input, false);
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
