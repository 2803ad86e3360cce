/**
 * The offline payment provider: no network, deterministic, used when no Braintree
 * credentials are configured. It accepts Braintree's documented test nonces with their
 * documented outcomes, and declines sales of $2,000.00–$2,999.99 with "2000 Do Not Honor"
 * like Braintree's sandbox, so failed monthly charges can be exercised too.
 */
import { randomBytes } from 'node:crypto';
import { OFFLINE_TEST_CARDS } from '#shared/registration';
import type { PaymentProvider, PaymentResult, VaultedCard } from './provider';

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;

/** The documented processor and gateway answers of the declining test nonces. */
const REFUSALS: Record<string, string[]> = {
  processor_declined: ['Do Not Honor (2000)', 'Card verification was declined by the processor.'],
  gateway_rejected: ['Gateway Rejected: fraud'],
  invalid: ['Credit card number is invalid.'],
};

function vault(nonce: string, customerId: string): PaymentResult<VaultedCard> {
  const card = OFFLINE_TEST_CARDS.find((c) => c.nonce === nonce);
  if (!card) return { ok: false, messages: ['Unknown or expired payment_method_nonce.'] };
  if (card.outcome !== 'approved') return { ok: false, messages: REFUSALS[card.outcome] };
  return { ok: true, customerId, paymentMethodToken: id('offline_pm'), lastFour: card.lastFour };
}

export function createOfflineProvider(): PaymentProvider {
  return {
    name: 'offline',
    clientToken: async (customerId) => `offline-client-token${customerId ? `:${customerId}` : ''}`,
    createCustomer: async (input) => vault(input.nonce, id('offline_cus')),
    replaceCard: async (customerId, nonce) => vault(nonce, customerId),
    async charge(input) {
      if (input.amountCents >= 200_000 && input.amountCents < 300_000) return { ok: false, messages: ['Do Not Honor (2000)'] };
      return { ok: true, transactionId: id('offline_tx') };
    },
    deleteCustomer: async () => {},
  };
}
