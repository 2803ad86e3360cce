/** A change of the account: the answer replaces the page's details; success and failure toasts of spec §8. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDetails } from '#shared/account';
import { MESSAGES } from '#shared/messages';
import { isApiError } from '../app/api';
import { refreshCurrentUser } from '../app/current-user';
import { clearToasts, showToast } from '../app/toasts';
import { accountKeys } from './account-api';

export interface AccountChangeTexts<TInput> {
  /** Success toast; a function when it depends on the answer (the cancel notice's date). */
  success: string | ((account: AccountDetails, input: TInput) => string);
  /** The spec's failure prefix ('… uodate failed. Error: '); the server's text follows it. */
  failurePrefix: string;
  successKind?: 'success' | 'info';
}

/** The server's text of a failed call. */
export const serverText = (error: unknown) => (isApiError(error) ? error.message : MESSAGES.genericError);

export function useAccountChange<TInput>(run: (input: TInput) => Promise<AccountDetails>, texts: AccountChangeTexts<TInput>) {
  const queryClient = useQueryClient();
  const cause = `account:${texts.failurePrefix}`;
  return useMutation({
    mutationFn: run,
    onSuccess: async (account, input) => {
      // A retry that worked takes the earlier failure's toast away.
      clearToasts(cause);
      queryClient.setQueryData(accountKeys.details, account);
      showToast(typeof texts.success === 'string' ? texts.success : texts.success(account, input), texts.successKind ?? 'success');
      await queryClient.invalidateQueries({ queryKey: accountKeys.invoices });
      // Roles and team type may follow the plan: menus read the user again.
      await refreshCurrentUser(queryClient).catch(() => null);
    },
    onError: (error) => showToast(`${texts.failurePrefix}${serverText(error)}`, 'error', { cause }),
  });
}
