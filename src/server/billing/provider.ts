/**
 * The payment provider (ADR 018): Braintree when its credentials are configured, otherwise
 * the offline provider that accepts Braintree's documented test nonces. Card data never
 * reaches the server: only nonces in, and tokens, ids and the last four digits out.
 */
import type { PaymentProviderName } from '#shared/registration';

/** An outcome the provider refused, with its messages for the user. */
export type PaymentResult<T> = ({ ok: true } & T) | { ok: false; messages: string[] };

export interface NewCustomer {
  nonce: string;
  deviceData?: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
}

export interface VaultedCard {
  customerId: string;
  paymentMethodToken: string;
  lastFour: string;
}

export interface Charge {
  customerId: string;
  paymentMethodToken: string;
  amountCents: number;
  /** Our invoice number, shown in the provider's records. */
  orderId: string;
}

export interface PaymentProvider {
  name: PaymentProviderName;
  /** A token for the card form, tied to the customer when one is given. */
  clientToken(customerId?: string): Promise<string>;
  /** Creates a customer with the nonce's card as default, verifying the card. */
  createCustomer(input: NewCustomer): Promise<PaymentResult<VaultedCard>>;
  /** Replaces the customer's default card with the nonce's, verifying it. */
  replaceCard(customerId: string, nonce: string, deviceData?: string): Promise<PaymentResult<VaultedCard>>;
  /** Charges a stored card and submits the transaction for settlement. */
  charge(input: Charge): Promise<PaymentResult<{ transactionId: string }>>;
  /** Removes a customer created for an account that could not be saved. */
  deleteCustomer(customerId: string): Promise<void>;
}

/** '1234.50' from cents, the amount format of Braintree's API. */
export const amountOf = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
