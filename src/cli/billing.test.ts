import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '#server/db/schema';
import { createTestApp, type TestApp } from '#test/app';
import { addUsage, signUp } from '#test/billing';
import { runBilling, type OpenContext } from './billing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The command opens the test app's database instead of the configured one, and leaves it open.
const open: OpenContext = async () => ({ ctx: t.ctx, close: async () => {} });

async function billing(...argv: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk) => out.push(String(chunk)));
  stderr.on('data', (chunk) => err.push(String(chunk)));
  const code = await runBilling(argv, { stdout, stderr }, open);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('clearlist billing run', () => {
  it('issues and charges last month’s invoice as of the given day, once however often it runs', async () => {
    t.setNow(new Date('2026-10-12T10:00:00Z'));
    const client = await signUp(t, { planType: 'COMPANY', teamType: 'SINGLE', searchOptions: ['NAME'] });
    await addUsage(t, client.clientId, 'NAME', 40, new Date('2026-10-20T09:00:00Z'));
    t.setNow(new Date('2026-11-22T10:00:00Z'));

    const before = await billing('run', '--date', '2026-10-30', '--json');
    expect(before.code).toBe(0);
    expect(JSON.parse(before.stdout)).toMatchObject({ date: '2026-10-30', issued: 0 });

    const first = await billing('run', '--date', '2026-11-02');
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(/^Billing run of 2026-11-02: 1 invoice issued, 1 charge paid, 0 charges failed, 0 accounts disabled\.\n$/);
    const again = await billing('run', '--date', '2026-11-02', '--json');
    expect(JSON.parse(again.stdout)).toEqual({ date: '2026-11-02', issued: 0, paid: 0, failed: 0, disabled: 0 });

    const issued = await t.ctx.db.select().from(invoices).where(eq(invoices.clientId, client.clientId));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ period: '2026-10', issuedOn: '2026-11-02', status: 'paid' });
  });

  it('refuses a date that is not a calendar day, and an unknown subcommand, with the usage', async () => {
    expect(await billing('run', '--date', '2026-02-30')).toMatchObject({ code: 2, stderr: expect.stringContaining('YYYY-MM-DD') });
    expect(await billing('charge')).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: clearlist billing run') });
  });
});
