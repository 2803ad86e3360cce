/** Outgoing mail: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the mail, e.g. the invoice PDF of a cancelled account (ADR 112). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mail goes, for the start-up banner. */
  describe(): string;
}

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const where = new URL(options.smtpUrl).host;
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      describe: () => `SMTP ${where}`,
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      mkdirSync(options.outboxDir, { recursive: true });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(options.outboxDir, `${stamp}-${sequence}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
    },
    describe: () => `outbox folder ${options.outboxDir}`,
  };
}
