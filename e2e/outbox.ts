/** Reads the mails the server wrote to `${E2E_DATA_DIR}/outbox` (plain RFC 822 text files). */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it).');
  return path.join(dataDir, 'outbox');
}

/** Undoes quoted-printable encoding when the mail uses it. */
function decodeBody(mail: string): string {
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(mail)) return mail;
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Mails written at or after `since` (ms), oldest first, decoded. */
export async function mailsSince(since: number): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir())).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const file = path.join(outboxDir(), name);
      return { file, mtime: (await stat(file)).mtimeMs };
    }),
  );
  const recent = files.filter((f) => f.mtime >= since - 1000).sort((a, b) => a.mtime - b.mtime);
  return Promise.all(recent.map(async (f) => decodeBody(await readFile(f.file, 'utf8'))));
}

/** The path of the newest password reset link addressed to `email` in mails since `since`, or null. */
export async function findResetPath(since: number, email: string): Promise<string | null> {
  const mails = (await mailsSince(since)).filter((mail) => mail.toLowerCase().includes(email.toLowerCase()));
  for (const mail of mails.reverse()) {
    const link = mail.match(/https?:\/\/[^\s"'<>]+\/reset-password\/[A-Za-z0-9._~%-]+/);
    if (link) return new URL(link[0]).pathname;
  }
  return null;
}
