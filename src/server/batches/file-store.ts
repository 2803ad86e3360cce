/**
 * Uploaded files at rest: AES-256-GCM under DATA_DIR/uploads (ADR 014). Layout of a stored
 * file: 12-byte IV, ciphertext, 16-byte auth tag.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config';

const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_FILE = 'file-encryption.key';

/** The configured key, else the key file of DATA_DIR (created once, readable by its owner only). */
export function fileKeyOf(config: Pick<AppConfig, 'dataDir' | 'fileEncryptionKey'>): Buffer {
  if (config.fileEncryptionKey) return parseKey(config.fileEncryptionKey, 'FILE_ENCRYPTION_KEY');
  const keyPath = path.join(config.dataDir, KEY_FILE);
  if (!existsSync(keyPath)) {
    mkdirSync(config.dataDir, { recursive: true });
    // 'wx': two processes starting together cannot both write a key.
    try {
      writeFileSync(keyPath, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return parseKey(readFileSync(keyPath, 'utf8').trim(), keyPath);
}

function parseKey(text: string, where: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${where} must hold a 32-byte key (64 hex characters or base64).`);
  return key;
}

export interface StoredFile {
  /** Relative to DATA_DIR. */
  storedPath: string;
  sha256: string;
  size: number;
  /** The plain bytes (the parser needs them; uploads are bounded by the size limit). */
  bytes: Buffer;
}

/** Streams an upload into an encrypted file, hashing it; throws what the stream throws (size limit). */
export async function storeEncrypted(config: Pick<AppConfig, 'dataDir' | 'fileEncryptionKey'>, input: Readable): Promise<StoredFile> {
  const key = fileKeyOf(config);
  const dir = path.join(config.dataDir, 'uploads');
  mkdirSync(dir, { recursive: true });
  const storedPath = path.join('uploads', `${randomUUID()}.bin`);
  const absolute = path.join(config.dataDir, storedPath);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const hash = createHash('sha256');
  const out = createWriteStream(absolute, { mode: 0o600 });
  // The write callbacks below reject with the stream's error (a full disk: ENOSPC); without a
  // listener the same error would also be thrown as uncaught and end the process (ADR 112).
  out.on('error', () => undefined);
  const parts: Buffer[] = [];
  const write = (chunk: Buffer) => new Promise<void>((resolve, reject) => out.write(chunk, (e) => (e ? reject(e) : resolve())));
  try {
    await write(iv);
    for await (const chunk of input) {
      const buf = chunk as Buffer;
      hash.update(buf);
      parts.push(buf);
      await write(cipher.update(buf));
    }
    await write(cipher.final());
    await write(cipher.getAuthTag());
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  } catch (error) {
    out.destroy();
    rmSync(absolute, { force: true });
    throw error;
  }
  const bytes = Buffer.concat(parts);
  return { storedPath, sha256: hash.digest('hex'), size: bytes.length, bytes };
}

/** The exact bytes uploaded; throws when the file is gone or was tampered with. */
export async function readDecrypted(config: Pick<AppConfig, 'dataDir' | 'fileEncryptionKey'>, storedPath: string): Promise<Buffer> {
  const data = await readFile(path.join(config.dataDir, storedPath));
  const decipher = createDecipheriv('aes-256-gcm', fileKeyOf(config), data.subarray(0, IV_BYTES));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  return Buffer.concat([decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)), decipher.final()]);
}

/** Removes a stored file (a refused upload). */
export function removeStored(config: Pick<AppConfig, 'dataDir'>, storedPath: string): void {
  rmSync(path.join(config.dataDir, storedPath), { force: true });
}
