import { describe, expect, it } from 'vitest';
import { OFFLINE_TEST_CARDS } from '#shared/registration';
import { parseEnv, testConfig, toAppConfig } from '../config';
import type { AppContext } from '../app-context';
import { createOfflineProvider } from './offline-provider';
import { paymentsOf } from './payments';
import { amountOf } from './provider';

const customer = { deviceData: 'dev', firstName: 'A', lastName: 'B', email: 'a@example.test', company: 'C' };

describe('the offline provider', () => {
  const offline = createOfflineProvider();

  it('vaults the approved test nonces with their last four digits, never the nonce', async () => {
    for (const card of OFFLINE_TEST_CARDS.filter((c) => c.outcome === 'approved')) {
      const result = await offline.createCustomer({ ...customer, nonce: card.nonce });
      expect(result).toMatchObject({ ok: true, lastFour: card.lastFour });
      if (result.ok) {
        expect(result.customerId).toMatch(/^offline_cus_/);
        expect(result.paymentMethodToken).toMatch(/^offline_pm_/);
      }
    }
  });

  it('refuses the declining test nonces and unknown ones with the processor’s messages', async () => {
    expect(await offline.createCustomer({ ...customer, nonce: 'fake-processor-declined-visa-nonce' })).toEqual({
      ok: false,
      messages: ['Do Not Honor (2000)', 'Card verification was declined by the processor.'],
    });
    expect(await offline.replaceCard('offline_cus_x', 'fake-gateway-rejected-fraud-nonce')).toEqual({ ok: false, messages: ['Gateway Rejected: fraud'] });
    expect(await offline.createCustomer({ ...customer, nonce: 'fake-luhn-invalid-nonce' })).toEqual({ ok: false, messages: ['Credit card number is invalid.'] });
    expect((await offline.createCustomer({ ...customer, nonce: '4111111111111111' })).ok).toBe(false);
  });

  it('declines sales from $2,000.00 to $2,999.99 like Braintree’s sandbox', async () => {
    const sale = (amountCents: number) => offline.charge({ customerId: 'c', paymentMethodToken: 'p', amountCents, orderId: 'o' });
    expect((await sale(199_999)).ok).toBe(true);
    expect(await sale(200_000)).toEqual({ ok: false, messages: ['Do Not Honor (2000)'] });
    expect((await sale(299_999)).ok).toBe(false);
    expect((await sale(300_000)).ok).toBe(true);
  });

  it('formats amounts for the provider from cents', () => {
    expect([amountOf(5), amountOf(3000), amountOf(200_010)]).toEqual(['0.05', '30.00', '2000.10']);
  });
});

describe('choosing the provider', () => {
  it('is offline without credentials and Braintree with all three', () => {
    expect(paymentsOf({ config: testConfig() } as AppContext).name).toBe('offline');
    const env = parseEnv({ BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'p', BRAINTREE_PRIVATE_KEY: 'k' });
    const config = toAppConfig(env, undefined);
    expect(config.braintree).toEqual({ merchantId: 'm', publicKey: 'p', privateKey: 'k', environment: 'sandbox' });
    expect(paymentsOf({ config } as AppContext).name).toBe('braintree');
  });

  it('refuses a partial set of credentials at start', () => {
    expect(() => parseEnv({ BRAINTREE_MERCHANT_ID: 'm' })).toThrow(/BRAINTREE_MERCHANT_ID: set BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY together, or none/);
    expect(() => parseEnv({ BILLING_SCHEDULE: 'daily' })).toThrow(/BILLING_SCHEDULE/);
    expect(toAppConfig(parseEnv({ BILLING_SCHEDULE: 'off' }), undefined).billingSchedule).toBeNull();
    expect(toAppConfig(parseEnv({}), undefined)).toMatchObject({ billingSchedule: '0 7 * * *', signupsPerIpPerHour: 20, braintree: undefined });
  });
});
