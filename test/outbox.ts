/** Reads the mail outbox folder (.eml files) the way a mail client would, for tests. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** Attached files of a multipart mail, decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export function readOutbox(dir: string): OutboxMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => parseEml(file, readFileSync(path.join(dir, file), 'utf8')));
}

/** The newest reset-password link mailed to an address, if any. */
export function lastResetToken(dir: string, to: string): string | undefined {
  const mails = readOutbox(dir).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
  return mails.at(-1)?.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
}

function parseEml(file: string, raw: string): OutboxMail {
  const { header, body } = splitPart(raw);
  const boundary = header('Content-Type').match(/boundary="?([^";]+)"?/i)?.[1];
  if (!boundary) return { file, to: header('To'), subject: header('Subject'), text: decodeText(header, body), attachments: [] };
  let text = '';
  const attachments: OutboxMail['attachments'] = [];
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = splitPart(chunk.replace(/^\n/, ''));
    const type = part.header('Content-Type');
    const filename = part.header('Content-Disposition').match(/filename="?([^";]+)"?/i)?.[1];
    if (filename) attachments.push({ filename, contentType: type.split(';')[0], content: Buffer.from(part.body.replace(/\s+/g, ''), 'base64') });
    else if (/^text\/plain/i.test(type)) text = decodeText(part.header, part.body.replace(/\n$/, ''));
  }
  return { file, to: header('To'), subject: header('Subject'), text, attachments };
}

function splitPart(raw: string) {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1] ?? '';
  return { header, body: raw.slice(split + 2) };
}

function decodeText(header: (name: string) => string, body: string): string {
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  return encoding === 'quoted-printable'
    ? body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : body;
}
