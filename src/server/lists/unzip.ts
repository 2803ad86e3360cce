/**
 * Extracts the files of a ZIP archive (SAM's daily extract, NPPES) with Node built-ins:
 * entries come from the central directory (ZIP64 included), data is inflated as a stream
 * and checked against its CRC-32 and size.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readZipDirectory, ZipFormatError, zipEntryChunks, type ZipEntry } from '#lists/core/zip';

export type { ZipEntry };

/** What one extracted file may be: NPPES's monthly file, ~11 GB, with room to grow (ADR 112). */
export const ZIP_MAX_ENTRY_BYTES = 64 * 2 ** 30;

export interface ExtractedFile {
  name: string;
  path: string;
  sha256: string;
  size: number;
}

/** The file entries of an archive (directories left out). */
export async function readZipEntries(zipPath: string): Promise<ZipEntry[]> {
  try {
    return (await readZipDirectory(zipPath)).filter((entry) => !entry.name.endsWith('/'));
  } catch (error) {
    throw error instanceof ZipFormatError ? new Error(`${path.basename(zipPath)} is not a ZIP archive: ${error.message}`) : error;
  }
}

/**
 * Extracts one entry to `dir` under its base name; throws on encryption, unknown methods, a bad
 * CRC, or a declared size above `maxBytes` (the inflate itself stops at the declared size).
 */
export async function extractZipEntry(zipPath: string, entry: ZipEntry, dir: string, maxBytes = ZIP_MAX_ENTRY_BYTES): Promise<ExtractedFile> {
  if (entry.size > maxBytes) throw new Error(`The file ${entry.name} in ${path.basename(zipPath)} expands beyond ${Math.round(maxBytes / 2 ** 20)} MB when read: refused`);
  // The base name only: an entry named ../../x must not leave the folder.
  const name = path.basename(entry.name);
  const target = path.join(dir, name);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.from(zipEntryChunks(zipPath, entry)), meter, createWriteStream(target));
  } catch (error) {
    throw error instanceof ZipFormatError ? new Error(`${entry.name}: ${error.message === 'encrypted' ? 'encrypted ZIP entries are not supported' : error.message}`) : error;
  }
  return { name, path: target, sha256: hash.digest('hex'), size };
}
