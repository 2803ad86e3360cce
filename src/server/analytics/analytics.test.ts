import { afterEach, describe, expect, it } from 'vitest';
import { AnalyticsKeySchema } from '#shared/analytics';
import { createTestApp, type TestApp } from '#test/app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the spec’s analytics calls', () => {
  it('GET /services/analytic/apikey answers null when no key is configured', async () => {
    t = await createTestApp();
    const none = await t.app.inject({ url: '/services/analytic/apikey' });
    expect(none.statusCode).toBe(200);
    expect(AnalyticsKeySchema.parse(none.json())).toBeNull();
  });

  it('GET /services/analytic/apikey answers the key when one is configured', async () => {
    t = await createTestApp({ analyticsKey: 'key-123' });
    expect((await t.app.inject({ url: '/services/analytic/apikey' })).json()).toBe('key-123');
  });

  it('PUT /services/analytic takes an event name in the query and answers 204; a bad one is a 400', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'PUT', url: '/services/analytic?event=page%20view:/login' })).statusCode).toBe(204);
    const bad = await t.app.inject({ method: 'PUT', url: '/services/analytic?event=%3Cscript%3E' });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/services/analytic' })).statusCode).toBe(400);
  });
});
