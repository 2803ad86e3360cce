import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountDetailsSchema } from '#shared/account';
import { HomeSummarySchema } from '#shared/home';
import { MONITORING_LINE } from '#shared/prices';
import { z } from 'zod';
import { RosterDetailSchema, RosterListSchema } from '#shared/monitoring';
import { RosterVersionSchema } from '#shared/roster-intake';
import { importList } from '#server/lists/import';
import { SUPPLEMENTS_DIR } from '#cli/demo-monitoring';
import { DEMO_VERSION_FILE } from '#cli/demo-monitoring-version';
import { runMonitoring } from '#server/monitoring/run';
import { sweepRuns } from '#server/monitoring/sweep';
import { seedDemo } from '../src/cli/demo-seed';
import { Agent, createTestApp, type TestApp } from '#test/app';
import { thisHour } from '#test/sample-template';
import { DEFAULT_PASSWORD } from '#test/factories';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp({}, { samplesAt: thisHour() });
  t.setNow(new Date('2026-05-15T10:00:00Z'));
  await seedDemo(t.ctx.db, t.ctx.now());
  owner = new Agent(t.app);
  expect(await owner.login('owner', DEFAULT_PASSWORD)).toBe('LOGIN_SUCCESSFUL');
}, 90_000);
afterAll(() => t.close());

const people = async (rosterId: number) =>
  RosterDetailSchema.parse((await owner.get(`/services/monitoring/rosters/${rosterId}`)).json())
    .alerts.map((a) => `${a.kind}: ${a.person}`)
    .sort();

describe('demo monitoring', () => {
  it('gives the demo owner a monitored roster with the alert of the shipped supplement, on the home page too', async () => {
    const { rosters } = RosterListSchema.parse((await owner.get('/services/monitoring/rosters')).json());
    expect(rosters).toMatchObject([{ name: 'Acme staff', people: 10, openAlerts: 1 }]);
    // He was flagged before the supplement: the NPI on his row is someone else's, who is on a state sample.
    expect(await people(rosters[0].rosterId)).toEqual([expect.stringMatching(/^new-record: EMP-\d+: Theodore Quillfeather/)]);
    const home = HomeSummarySchema.parse((await owner.get('/services/home/summary')).json());
    expect(home.review.alerts.total).toBe(1);
  });

  it('has this month’s full re-screen with its certificate, and the month’s monitoring charge on the account page', async () => {
    const { rosters } = RosterListSchema.parse((await owner.get('/services/monitoring/rosters')).json());
    const d = RosterDetailSchema.parse((await owner.get(`/services/monitoring/rosters/${rosters[0].rosterId}`)).json());
    expect(d.roster).toMatchObject({ rescreenDay: 15, lastFullRunAt: '2026-05-15T10:00:02.000Z', nextRunAt: '2026-06-15T08:00:00.000Z' });
    expect(d.certificates).toMatchObject([{ period: '2026-05', people: 10 }]);
    const pdf = await owner.get(`/services/monitoring/rosters/${rosters[0].rosterId}/certificates/${d.certificates[0].certificateId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const account = AccountDetailsSchema.parse((await owner.get('/services/account')).json());
    expect(account.lineItems).toContainEqual({ description: MONITORING_LINE, searchOption: null, unitPrice: 0.1, quantity: 10, total: 1 });
  });

  it('importing the second shipped supplement brings new alerts for the people it names', async () => {
    t.setNow(new Date('2026-05-15T11:00:00Z'));
    await importList(t.ctx.db, { source: 'leie', files: [path.join(SUPPLEMENTS_DIR, 'leie', '2612EXCL.csv')], origin: 'import', now: t.ctx.now() });
    for (const runId of await sweepRuns(t.ctx.db, t.ctx.now())) await runMonitoring(t.ctx, runId);
    const { rosters } = RosterListSchema.parse((await owner.get('/services/monitoring/rosters')).json());
    const alerts = await people(rosters[0].rosterId);
    expect(alerts).toHaveLength(3);
    expect(alerts.some((a) => a.includes('Priyanka Venkataraman'))).toBe(true);
    expect(alerts.some((a) => a.includes('Oswaldo Birchwood'))).toBe(true);
  });

  it('leaves next month’s staff list as a pending version of the roster: compared, applied once', async () => {
    const { rosters } = RosterListSchema.parse((await owner.get('/services/monitoring/rosters')).json());
    const rosterId = rosters[0].rosterId;
    const { versions } = z.object({ versions: z.array(RosterVersionSchema) }).parse((await owner.get(`/services/monitoring/rosters/${rosterId}/versions`)).json());
    expect(versions).toHaveLength(1);
    const [v] = versions;
    expect(v).toMatchObject({ status: 'pending', fileName: DEMO_VERSION_FILE, createdBy: 'Olivia Owens' });
    expect(v.diff).toMatchObject({ matchedBy: 'unique-id', unchanged: 6, skippedRows: 0 });
    expect(v.diff.added.map((p) => p.name)).toEqual(['Marisol Abernathy', 'Kwame Osei-Bonsu', 'Ingrid Halvorsen']);
    expect(v.diff.removed).toHaveLength(2);
    expect(v.diff.changed.map((c) => c.changes)).toEqual([[{ field: 'Department', before: 'Billing', after: 'Home care' }], [{ field: 'Department', before: 'Radiology', after: 'Billing' }]]);
    const applied = await owner.post(`/services/monitoring/rosters/${rosterId}/versions/${v.versionId}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(RosterVersionSchema.parse(applied.json()).status).toBe('applied');
    expect(RosterListSchema.parse((await owner.get('/services/monitoring/rosters')).json()).rosters[0].people).toBe(11);
    expect((await owner.post(`/services/monitoring/rosters/${rosterId}/versions/${v.versionId}/discard`)).statusCode).toBe(409);
  });
});

describe('the demo’s teams', () => {
  it('have human names, so home pages show "Sunrise Clinic · Front Desk", not a factory’s "Team mx56yj0d3"', async () => {
    const teams: Record<string, string | null> = {};
    for (const username of ['owner', 'analyst', 'trialuser']) {
      const agent = new Agent(t.app);
      expect(await agent.login(username, DEFAULT_PASSWORD)).toBe('LOGIN_SUCCESSFUL');
      teams[username] = ((await agent.get('/services/user/info')).json() as { teamName: string | null }).teamName;
    }
    expect(teams).toEqual({ owner: 'Compliance', analyst: 'Credentialing', trialuser: 'Front Desk' });
  });
});
