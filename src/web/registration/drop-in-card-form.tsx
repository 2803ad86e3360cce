/** Braintree's drop-in card form, used when the server says Braintree is configured. Card data stays in Braintree's fields. */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Alert, Box, Loader } from '@mantine/core';
import type { Dropin } from 'braintree-web-drop-in';
import type { CardFormHandle } from './card-form-types';

export const CARD_FORM_FAILED = 'The card form could not be loaded. Please try again later.';

export const DropInCardForm = forwardRef<CardFormHandle, { clientToken: string }>(function DropInCardForm({ clientToken }, ref) {
  const container = useRef<HTMLDivElement>(null);
  const instance = useRef<Dropin | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let isCancelled = false;
    const el = container.current;
    if (!el) return;
    void import('braintree-web-drop-in')
      .then((module) => module.default.create({ authorization: clientToken, container: el, dataCollector: true }))
      .then((dropin) => {
        if (isCancelled) return void dropin.teardown();
        instance.current = dropin;
        setState('ready');
      })
      .catch((error: unknown) => {
        // Card form failures are only logged (spec §8); the page says the form is missing.
        console.warn('Card form setup failed', error);
        if (!isCancelled) setState('failed');
      });
    return () => {
      isCancelled = true;
      void instance.current?.teardown().catch(() => undefined);
      instance.current = null;
    };
  }, [clientToken]);

  useImperativeHandle(ref, () => ({
    async requestCard() {
      if (!instance.current) return null;
      try {
        const payload = await instance.current.requestPaymentMethod();
        return { nonce: payload.nonce, lastFour: payload.details.lastFour ?? '', deviceData: payload.deviceData ?? null };
      } catch (error) {
        // The drop-in shows its own field messages.
        console.warn('Card not accepted by the card form', error);
        return null;
      }
    },
  }));

  return (
    <Box>
      {state === 'loading' && <Loader size="sm" aria-label="Loading the card form" />}
      {state === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          {CARD_FORM_FAILED}
        </Alert>
      )}
      <div ref={container} />
    </Box>
  );
});
