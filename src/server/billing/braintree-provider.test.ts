import braintree from 'braintree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBraintreeStandIn } from '#test/braintree-stand-in';
import { createBraintreeProvider } from './braintree-provider';
import type { PaymentProvider } from './provider';

let standIn: Awaited<ReturnType<typeof startBraintreeStandIn>>;
let provider: PaymentProvider;
beforeAll(async () => {
  standIn = await startBraintreeStandIn('merchant1');
  const environment = new braintree.Environment('127.0.0.1', String(standIn.port), 'http://127.0.0.1', false, '127.0.0.1', String(standIn.port));
  provider = createBraintreeProvider({ merchantId: 'merchant1', publicKey: 'pub', privateKey: 'priv', environment: 'sandbox' }, environment);
});
afterAll(() => standIn.close());

const customer = { firstName: 'Ann', lastName: 'Bee', email: 'ann@example.test', company: 'Bee Care', deviceData: '{"device_session_id":"d1"}' };
const last = () => standIn.requests.at(-1)!;

describe('the Braintree provider through the SDK', () => {
  it('asks for client tokens, with the customer when given', async () => {
    expect(await provider.clientToken()).toMatch(/^stand-in-token-/);
    await provider.clientToken('cus9');
    expect(last()).toMatchObject({ method: 'POST', path: '/client_token', authorization: `Basic ${Buffer.from('pub:priv').toString('base64')}` });
    expect((last().body.client_token as Record<string, unknown>).customer_id).toBe('cus9');
  });

  it('creates a customer with the nonce, verifying the card, and keeps the token and last four', async () => {
    const result = await provider.createCustomer({ ...customer, nonce: 'fake-valid-nonce' });
    expect(result).toMatchObject({ ok: true, lastFour: '1881' });
    expect(result.ok && result.paymentMethodToken).toMatch(/^pm/);
    expect(last().body.customer).toMatchObject({ first_name: 'Ann', company: 'Bee Care', payment_method_nonce: 'fake-valid-nonce', device_data: customer.deviceData, credit_card: { options: { verify_card: true } } });
  });

  it('answers the processor’s text for a declined verification and the validation messages for an invalid card', async () => {
    expect(await provider.createCustomer({ ...customer, nonce: 'fake-processor-declined-visa-nonce' })).toEqual({ ok: false, messages: ['Do Not Honor'] });
    expect(await provider.createCustomer({ ...customer, nonce: 'fake-luhn-invalid-nonce' })).toEqual({ ok: false, messages: ['Credit card number is invalid.'] });
  });

  it('replaces the default card', async () => {
    expect(await provider.replaceCard('cus1', 'fake-valid-mastercard-nonce')).toMatchObject({ ok: true, customerId: 'cus1', lastFour: '4444' });
    expect(last().body.payment_method).toMatchObject({ customer_id: 'cus1', options: { make_default: true, verify_card: true } });
  });

  it('charges in dollars with the invoice number, submitted for settlement; a decline answers the processor’s text', async () => {
    expect(await provider.charge({ customerId: 'cus1', paymentMethodToken: 'pm1', amountCents: 3215, orderId: 'CL-202604-00001' })).toMatchObject({ ok: true });
    expect(last().body.transaction).toEqual({ amount: '32.15', payment_method_token: 'pm1', order_id: 'CL-202604-00001', options: { submit_for_settlement: true }, type: 'sale' });
    expect(await provider.charge({ customerId: 'cus1', paymentMethodToken: 'pm1', amountCents: 200_000, orderId: 'CL-1' })).toEqual({ ok: false, messages: ['Do Not Honor'] });
  });

  it('deletes a customer', async () => {
    await provider.deleteCustomer('cus1');
    expect(last()).toMatchObject({ method: 'DELETE', path: '/customers/cus1' });
  });
});
