/** Texts of the account page the spec does not give (its own are ACCOUNT_MESSAGES in #shared/account). */
export const ACCOUNT_TEXTS = {
  cancelFailed: 'Cancellation failed. Error: ',
  reactivateFailed: 'Reactivation failed. Error: ',
  reactivated: 'Your account has been reactivated. Billing continues as before.',
  cardUpdateFailed: 'The card was not updated. Please check it and try again.',
  loadFailed: 'Your account details could not be loaded. Please try again later.',
} as const;
