/**
 * The offline payment provider's card form: no card numbers are typed; the user picks one of
 * Braintree's documented test cards and the form yields its test nonce, as the drop-in would.
 */
import { forwardRef, useImperativeHandle, useState } from 'react';
import { Alert, Group, Radio, Stack, Text } from '@mantine/core';
import { OFFLINE_TEST_CARDS, REGISTRATION_MESSAGES, type OfflineTestCard } from '#shared/registration';
import type { CardFormHandle } from './card-form-types';

const OUTCOMES: Record<OfflineTestCard['outcome'], string> = {
  approved: 'The card is accepted and charged.',
  processor_declined: "The card's bank declines the charge.",
  gateway_rejected: 'The payment gateway rejects the card as fraud.',
  invalid: 'The card number is not valid.',
};

/** What the card is for: a new account, the card on file replaced, or a trial upgraded. */
export type CardPurpose = 'sign-up' | 'card-update' | 'upgrade';

/** The note of each dialog, saying what the test card will do there (ADR 129). */
export const TEST_CARD_NOTES: Record<CardPurpose, string> = {
  'sign-up': 'Payments run on the offline test provider: no card is charged. Pick a test card to see how the account is created with it.',
  'card-update': 'Payments run on the offline test provider: no card is charged. Pick a test card to see how it replaces the card on file.',
  upgrade: 'Payments run on the offline test provider: no card is charged. Pick a test card to see how the trial becomes a paid plan with it.',
};

/** One choice per card shown (two documented nonces stand for the same approved Visa). */
const CARDS = OFFLINE_TEST_CARDS.filter((card, i) => OFFLINE_TEST_CARDS.findIndex((c) => c.label === card.label) === i);

export const TestCardPicker = forwardRef<CardFormHandle, { purpose: CardPurpose }>(function TestCardPicker({ purpose }, ref) {
  const [nonce, setNonce] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useImperativeHandle(ref, () => ({
    async requestCard() {
      const card = CARDS.find((c) => c.nonce === nonce);
      if (!card) {
        setError(REGISTRATION_MESSAGES.cardRequired);
        return null;
      }
      return { nonce: card.nonce, lastFour: card.lastFour, deviceData: null };
    },
  }));

  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" title="Test payments">
        {TEST_CARD_NOTES[purpose]}
      </Alert>
      <Radio.Group
        label="Test card"
        value={nonce}
        onChange={(value) => {
          setNonce(value);
          setError(null);
        }}
        error={error}
        withAsterisk
      >
        <Stack gap="xs" mt="xs">
          {CARDS.map((card) => (
            <Radio.Card key={card.nonce} value={card.nonce} radius="md" p="sm" withBorder aria-label={card.label}>
              <Group wrap="nowrap" gap="sm" align="flex-start">
                <Radio.Indicator />
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {card.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {OUTCOMES[card.outcome]}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
});
