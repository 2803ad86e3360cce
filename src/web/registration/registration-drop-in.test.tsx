// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { json } from '../test-utils';
import { click, fillAccount, renderRegistration } from './registration-test-kit';

// Braintree's drop-in is a third party: a stand-in that behaves as its documented API does.
const dropin = vi.hoisted(() => ({
  create: vi.fn(async (_options: { authorization: string; container: HTMLElement }) => ({
    requestPaymentMethod: async () => ({ nonce: 'tokencc_bf_real_nonce', type: 'CreditCard', details: { lastFour: '4242' }, deviceData: '{"device_session_id":"abc"}' }),
    teardown: async () => undefined,
  })),
}));
vi.mock('braintree-web-drop-in', () => ({ default: dropin, create: dropin.create }));

describe('Card form with Braintree configured', () => {
  it('mounts the drop-in with the client token and sends only its nonce, with the device data as deviceId', async () => {
    const { server } = renderRegistration('/registration/company', {
      'GET /services/braintree/clienttoken': () => json(200, { provider: 'braintree', clientToken: 'sandbox-client-token' }),
    });
    await screen.findByRole('radio', { name: 'Single Team' }).then((radio) => radio.click());
    click('Continue');
    await screen.findByRole('heading', { name: 'Your account' });
    await waitFor(() => expect(dropin.create).toHaveBeenCalled());
    expect(dropin.create.mock.calls[0][0]).toMatchObject({ authorization: 'sandbox-client-token' });
    expect(screen.queryByRole('radio', { name: /Visa ending 1881/ })).toBeNull();
    await fillAccount();
    click('Continue');
    expect(await screen.findByText('Ending in 4242')).toBeTruthy();
    click('Create account');
    await screen.findByRole('heading', { name: 'Thank you' });
    const create = server.requests.find((r) => r.method === 'POST' && r.path === '/services/account')!;
    expect(create.query.get('deviceId')).toBe('{"device_session_id":"abc"}');
    expect((create.body as { userInfo: { nonce: string } }).userInfo.nonce).toBe('tokencc_bf_real_nonce');
  });
});
