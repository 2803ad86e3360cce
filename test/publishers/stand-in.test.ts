import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPublisherStandIn, type PublisherStandIn } from './stand-in';

let standIn: PublisherStandIn;
beforeAll(async () => {
  standIn = await startPublisherStandIn();
});
afterAll(() => standIn.close());

const GA_PAGE = '/dch.georgia.gov/office-inspector-general/georgia-oig-exclusions-list';

describe('the publisher stand-in', () => {
  it('answers /health, 404 for what no publisher serves, and records publisher requests', async () => {
    expect(await (await fetch(`${standIn.url}/health`)).text()).toBe('ok');
    expect((await fetch(`${standIn.url}/nowhere.example/x`)).status).toBe(404);
    await fetch(`${standIn.url}${GA_PAGE}?a=1`, { headers: { 'user-agent': 'probe' } });
    expect(standIn.requests.at(-1)).toEqual({ method: 'GET', host: 'dch.georgia.gov', path: '/office-inspector-general/georgia-oig-exclusions-list', query: '?a=1', userAgent: 'probe' });
    expect(standIn.requests.some((r) => r.path === '/health')).toBe(false);
  });

  it('sets and clears a failure mode through POST /control/fail, refusing an unknown mode', async () => {
    expect((await fetch(`${standIn.url}/control/fail?source=state-ga&mode=moved`, { method: 'POST' })).status).toBe(200);
    const moved = await (await fetch(`${standIn.url}${GA_PAGE}`)).text();
    expect(moved).not.toMatch(/<a\b/);
    expect(moved).toContain('Download');
    await fetch(`${standIn.url}/control/fail?source=state-ga&mode=`, { method: 'POST' });
    expect(await (await fetch(`${standIn.url}${GA_PAGE}`)).text()).toMatch(/<a\b[^>]*data-text=/);
    expect((await fetch(`${standIn.url}/control/fail?source=state-ga&mode=gone`, { method: 'POST' })).status).toBe(400);
  });

  it('answers 403 to every route of a forbidden source, and a block page for its files only', async () => {
    standIn.fail('state-ky', 'forbidden');
    expect((await fetch(`${standIn.url}/www.chfs.ky.gov/agencies/dms/dpi/pe/Documents/KYMedicaidTerminationList.xlsx`)).status).toBe(403);
    standIn.fail('state-ky', 'block-page');
    const blocked = await fetch(`${standIn.url}/www.chfs.ky.gov/agencies/dms/dpi/pe/Documents/KYMedicaidTerminationList.xlsx`);
    expect([blocked.status, blocked.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    standIn.fail('state-ky', null);
    standIn.fail('state-ga', 'block-page');
    expect(await (await fetch(`${standIn.url}${GA_PAGE}`)).text()).toContain('data-text=');
    standIn.fail('state-ga', null);
  });
});
