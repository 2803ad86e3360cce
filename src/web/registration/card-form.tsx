/** The card form: Braintree's drop-in when the server has Braintree configured, else the offline test-card picker. */
import { forwardRef } from 'react';
import { Alert, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../app/api';
import type { CardFormHandle } from './card-form-types';
import { DropInCardForm, CARD_FORM_FAILED } from './drop-in-card-form';
import { fetchClientToken, registrationKeys } from './registration-api';
import { TestCardPicker, type CardPurpose } from './test-card-picker';

export interface CardFormProps {
  /** The payment provider's customer id when updating an existing customer's card. */
  customerId?: string | null;
  /** What the card is for, which the test provider's note names. */
  purpose?: CardPurpose;
}

export const CardForm = forwardRef<CardFormHandle, CardFormProps>(function CardForm({ customerId = null, purpose = 'sign-up' }, ref) {
  const token = useQuery({ queryKey: registrationKeys.clientToken(customerId), queryFn: () => fetchClientToken(customerId), staleTime: 0, gcTime: 0, retry: false });
  if (token.isPending) return <Loader size="sm" aria-label="Loading the card form" />;
  if (!token.data) {
    // Card form failures are only logged (spec §8); the page says the form is missing.
    console.warn('Client token failed', isApiError(token.error) ? token.error.code : token.error);
    return (
      <Alert color="red" variant="light" role="alert">
        {CARD_FORM_FAILED}
      </Alert>
    );
  }
  return token.data.provider === 'braintree' ? <DropInCardForm ref={ref} clientToken={token.data.clientToken} /> : <TestCardPicker ref={ref} purpose={purpose} />;
});
