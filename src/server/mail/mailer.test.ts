import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#test/outbox';
import { createMailer } from './mailer';

// A real SMTP server on loopback stands in for the mail provider.
const received: { to: string[]; data: string }[] = [];
let server: SMTPServer;
let port = 0;
const outboxDir = mkdtempSync(path.join(tmpdir(), 'clearlist-outbox-'));

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(outboxDir, { recursive: true, force: true });
});

describe('the mailer', () => {
  it('sends through SMTP when SMTP_URL is set', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir, from: 'Clearlist <no-reply@clearlist.test>' });
    expect(mailer.describe()).toBe(`SMTP 127.0.0.1:${port}`);
    await mailer.send({ to: 'pat@example.test', subject: 'Reset your Clearlist password', text: 'Open this link: http://x/reset-password/abc' });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['pat@example.test']);
    expect(received[0].data).toMatch(/Subject: Reset your Clearlist password/);
    expect(readOutbox(outboxDir)).toEqual([]);
  });

  it('writes .eml files into the outbox folder otherwise', async () => {
    const mailer = createMailer({ outboxDir, from: 'Clearlist <no-reply@clearlist.test>' });
    await mailer.send({ to: 'sam@example.test', subject: 'Hello', text: 'Body text' });
    const [mail] = readOutbox(outboxDir);
    expect(mail).toMatchObject({ to: 'sam@example.test', subject: 'Hello' });
    expect(mail.text).toContain('Body text');
  });
});
