/** sha256 and size of the files of an import, streamed. */
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';

export interface FileDigest {
  name: string;
  sha256: string;
  size: number;
}

export async function digestFile(file: string): Promise<FileDigest> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return { name: file, sha256: hash.digest('hex'), size: statSync(file).size };
}
