import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigestChoiceSchema } from '#shared/roster-intake';
import { monitoringAlerts } from '#server/db/schema';
import { RosterSchema } from '#shared/monitoring';
import type { JobQueue } from '#server/jobs/queue';
import { importList } from '#server/lists/import';
import { createMailer } from '#server/mail/mailer';
import { createTestApp, type Agent, type TestApp } from '#test/app';
import { signedIn, startQueue, upload } from '#test/batches';
import { createClient, createUser } from '#test/factories';
import { startSmtpStandIn, type SmtpStandIn } from '#test/smtp-stand-in';
import { dailyDigestJob, runDigestJob } from './digest-jobs';

const leieFull = fileURLToPath(new URL('../../lists/leie/fixtures/UPDATED.csv', import.meta.url));
const CSV = 'Employee Id,First Name,Last Name,Date of Birth,Department\nE1,Kathleen,Brennan,1961-02-03,Nursing\nE2,Ada,Lovelace,1980-12-10,IT\nE3,Anil,Patel,1975-07-08,Pharmacy\n';
const MAPPING = { columnMappings: { 'First Name': 'First Name', 'Last Name': 'Last Name', 'Date of Birth': 'Date of Birth' }, searchTypes: ['Exclusion Search by Individual Name'], uniqueIdIndex: 0, correlatedColumnIndexes: [4] };

let t: TestApp;
let queue: JobQueue;
let smtp: SmtpStandIn;
let olive: Agent;
let carl: Agent;
let stranger: Agent;
let rosterId: number;

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const bodyOf = (data: string) => data.replace(/=\r?\n/g, '');

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ batchChunkRows: 2, batchScreenWorkers: 0, publicUrl: 'https://clearlist.example.org' });
  // The real SMTP path, to a stand-in on loopback.
  t.ctx.mailer = createMailer({ smtpUrl: smtp.url, outboxDir: t.outboxDir, from: 'Clearlist <no-reply@clearlist.test>' });
  queue = await startQueue(t);
  t.setNow(new Date('2026-10-21T09:00:00Z'));
  await importList(t.ctx.db, { source: 'leie', files: [leieFull], origin: 'import', now: new Date('2026-10-20T01:00:00Z'), bulk: null });
  const client = await createClient(t.ctx.db, { searchOptions: ['NAME'] });
  olive = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, firstName: 'Olive', email: 'olive@acme.test', roles: ['name_search_user'] }));
  carl = await signedIn(t, await createUser(t.ctx.db, { clientId: client.id, firstName: 'Carl', email: 'carl@acme.test', roles: ['paying_user'] }));
  await createUser(t.ctx.db, { clientId: client.id, email: 'quiet@acme.test', roles: ['name_search_user'] });
  stranger = await signedIn(t, await createUser(t.ctx.db, { clientId: (await createClient(t.ctx.db, { searchOptions: ['NAME'] })).id, email: 'eve@other.test', roles: ['name_search_user'] }));
});
afterAll(async () => {
  await queue.stop();
  await t.close();
  await smtp.close();
});

describe('e-mail digests of alerts', () => {
  it('each user chooses for themselves: as alerts arrive, once a day, or (the default) no e-mail', async () => {
    expect(DigestChoiceSchema.parse((await olive.get('/services/monitoring/digest')).json())).toEqual({ defaultFrequency: 'off', email: 'olive@acme.test' });
    expect((await olive.put('/services/monitoring/digest', { frequency: 'immediate' })).json().defaultFrequency).toBe('immediate');
    // A read-only user may still choose to be told.
    expect((await carl.put('/services/monitoring/digest', { frequency: 'daily' })).statusCode).toBe(200);
    expect((await stranger.put('/services/monitoring/digest', { frequency: 'immediate' })).statusCode).toBe(200);
  });

  it('as alerts arrive: one e-mail per run with names and a sign-in link only, sent once however often the job runs', async () => {
    const up = await upload(olive, CSV);
    const res = await olive.post('/services/monitoring/rosters/upload', { uploadId: up.json().batchId, name: 'Nursing staff', mapping: MAPPING });
    expect(res.statusCode, res.body).toBe(201);
    rosterId = RosterSchema.parse(res.json()).rosterId;
    await queue.drain();
    const [mail, ...more] = mailsTo('olive@acme.test');
    expect(more).toEqual([]);
    const body = bodyOf(mail.data);
    // Brennan is on the list; Patel's date of birth is not the listed one.
    expect(body).toMatch(/Subject: Clearlist monitoring: 1 new alert to review/);
    expect(body).toContain('Nursing staff: 1 alert');
    expect(body).toContain('Kathleen Brennan (New potential match)');
    expect(body).toContain('Sign in to review them: https://clearlist.example.org/login');
    // Nothing else of the people: not their id, date of birth, department, nor the list's record.
    for (const secret of ['E1', '1961', 'NURSE', 'Lovelace', 'Patel']) expect(body).not.toContain(secret);
    expect(smtp.received.filter((m) => !m.to.includes('olive@acme.test'))).toEqual([]);

    const [{ runId }] = await t.ctx.db.select({ runId: monitoringAlerts.runId }).from(monitoringAlerts).limit(1);
    await queue.send(runDigestJob, { runId });
    await queue.drain();
    expect(mailsTo('olive@acme.test')).toHaveLength(1);
  });

  it('once a day: the day’s alerts in one e-mail, retried after the mail server refused it, never twice', async () => {
    smtp.refuseNext(1);
    await queue.send(dailyDigestJob, { day: '2026-10-21' });
    await queue.drain();
    expect(mailsTo('carl@acme.test')).toEqual([]);
    // The retry (queued again here: the queue's own retry waits its backoff) sends it.
    await queue.send(dailyDigestJob, { day: '2026-10-21' });
    await queue.drain();
    expect(mailsTo('carl@acme.test')).toHaveLength(1);
    expect(bodyOf(mailsTo('carl@acme.test')[0].data)).toContain('Monitoring found 1 new alert to review on 2026-10-21:');
    await queue.send(dailyDigestJob, { day: '2026-10-21' });
    await queue.drain();
    expect(mailsTo('carl@acme.test')).toHaveLength(1);
    // Another client's subscriber hears nothing of this roster; nor does a user who chose nothing.
    expect(mailsTo('eve@other.test')).toEqual([]);
    expect(mailsTo('quiet@acme.test')).toEqual([]);
  });

  it('a roster’s own choice overrides the user’s; another client’s roster answers 404', async () => {
    expect(DigestChoiceSchema.parse((await carl.put(`/services/monitoring/rosters/${rosterId}/digest`, { frequency: 'off' })).json())).toMatchObject({ defaultFrequency: 'daily', rosterFrequency: 'off' });
    await t.ctx.db.update(monitoringAlerts).set({ createdAt: new Date('2026-10-22T10:00:00Z') });
    await queue.send(dailyDigestJob, { day: '2026-10-22' });
    await queue.drain();
    expect(mailsTo('carl@acme.test')).toHaveLength(1);
    expect((await stranger.get(`/services/monitoring/rosters/${rosterId}/digest`)).statusCode).toBe(404);
    expect((await stranger.put(`/services/monitoring/rosters/${rosterId}/digest`, { frequency: 'daily' })).statusCode).toBe(404);
  });
});
