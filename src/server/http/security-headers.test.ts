import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('content security policy', () => {
  it('allows only our own scripts when no chat widget is configured', async () => {
    t = await createTestApp();
    const csp = (await t.app.inject({ url: '/services/health' })).headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/zdassets/);
  });

  it('allows the support chat widget’s hosts when it is configured', async () => {
    t = await createTestApp({ zendeskAppKey: 'abc' });
    const csp = (await t.app.inject({ url: '/services/health' })).headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' https:\/\/static\.zdassets\.com/);
  });

  it('allows Braintree’s card form hosts only when Braintree is configured', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ url: '/services/health' })).headers['content-security-policy']).not.toMatch(/braintree/);
    await t.close();
    t = await createTestApp({ braintree: { merchantId: 'm', publicKey: 'p', privateKey: 'k', environment: 'sandbox' } });
    const csp = (await t.app.inject({ url: '/services/health' })).headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.braintreegateway\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/assets\.braintreegateway\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.braintree-api\.com/);
  });
});
