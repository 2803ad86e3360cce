/**
 * sha256 and size of the files of an import. Large files are hashed by the `openssl` command
 * when there is one: Node's own SHA-256 runs at ~340 MB/s on this machine (its OpenSSL does not
 * use the CPU's SHA instructions), ~29 s of CPU for the 10 GiB monthly NPPES file, on the
 * thread that writes the COPY batches; `openssl dgst` hashes the same bytes at ~1.8 GB/s in a
 * process of its own (ADR 067). Without the command, or if it fails, the file is streamed
 * through Node's hash as before.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';

export interface FileDigest {
  name: string;
  sha256: string;
  size: number;
}

/** Files from this size on are worth starting a process for. */
export const OPENSSL_MIN_BYTES = 16 << 20;

export interface DigestOptions {
  /** The openssl command (a name on PATH or a path); null hashes in Node only. */
  openssl?: string | null;
}

export async function digestFile(file: string, options: DigestOptions = {}): Promise<FileDigest> {
  const size = statSync(file).size;
  const openssl = options.openssl === undefined ? 'openssl' : options.openssl;
  const fast = openssl !== null && size >= OPENSSL_MIN_BYTES ? await opensslSha256(openssl, file) : null;
  return { name: file, sha256: fast ?? (await nodeSha256(file)), size };
}

async function nodeSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The file's sha256 by `openssl dgst`, or null when the command is missing or fails. */
export function opensslSha256(command: string, file: string): Promise<string | null> {
  return new Promise((resolve) => {
    // `-r` prints "<hex> *<file>"; the file name is passed as an argument, never through a shell.
    execFile(command, ['dgst', '-sha256', '-r', file], { maxBuffer: 1 << 16, windowsHide: true }, (error, stdout) => {
      const match = error ? null : /^([0-9a-f]{64}) /.exec(stdout);
      resolve(match ? match[1] : null);
    });
  });
}
