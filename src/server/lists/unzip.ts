/**
 * Extracts the files of a ZIP archive (SAM's daily extract, NPPES) with Node built-ins:
 * entries come from the central directory (ZIP64 included), data is inflated as a stream
 * and checked against its CRC-32 and size.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export interface ExtractedFile {
  name: string;
  path: string;
  sha256: string;
  size: number;
}

/** The file entries of an archive (directories left out). */
export async function readZipEntries(zipPath: string): Promise<ZipEntry[]> {
  const handle = await open(zipPath, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + 65_535 + 20);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw new Error(`${path.basename(zipPath)} is not a ZIP archive (no end of central directory)`);
    let count = tail.readUInt16LE(eocd + 10);
    let dirSize = tail.readUInt32LE(eocd + 12);
    let dirOffset = tail.readUInt32LE(eocd + 16);
    if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === 0x07064b50) {
      const z64 = Buffer.alloc(56);
      await handle.read(z64, 0, 56, Number(tail.readBigUInt64LE(eocd - 12)));
      if (z64.readUInt32LE(0) !== 0x06064b50) throw new Error('corrupt ZIP64 end of central directory');
      count = Number(z64.readBigUInt64LE(32));
      dirSize = Number(z64.readBigUInt64LE(40));
      dirOffset = Number(z64.readBigUInt64LE(48));
    }
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    const entries: ZipEntry[] = [];
    for (let at = 0, i = 0; i < count; i += 1) {
      if (dir.readUInt32LE(at) !== 0x02014b50) throw new Error('corrupt ZIP central directory');
      const nameLength = dir.readUInt16LE(at + 28);
      const extraLength = dir.readUInt16LE(at + 30);
      const entry: ZipEntry = {
        name: dir.toString('utf8', at + 46, at + 46 + nameLength),
        flags: dir.readUInt16LE(at + 8),
        method: dir.readUInt16LE(at + 10),
        crc: dir.readUInt32LE(at + 16),
        compressedSize: dir.readUInt32LE(at + 20),
        size: dir.readUInt32LE(at + 24),
        localOffset: dir.readUInt32LE(at + 42),
      };
      applyZip64(entry, dir.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
      if (!entry.name.endsWith('/')) entries.push(entry);
      at += 46 + nameLength + extraLength + dir.readUInt16LE(at + 32);
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** Sizes and offsets above 4 GiB live in the ZIP64 extra field, in this order. */
function applyZip64(entry: ZipEntry, extra: Buffer) {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== 0x0001) continue;
    let field = at + 4;
    for (const key of ['size', 'compressedSize', 'localOffset'] as const) {
      if (entry[key] !== 0xffffffff) continue;
      entry[key] = Number(extra.readBigUInt64LE(field));
      field += 8;
    }
  }
}

/** Extracts one entry to `dir` under its base name; throws on encryption, unknown methods or a bad CRC. */
export async function extractZipEntry(zipPath: string, entry: ZipEntry, dir: string): Promise<ExtractedFile> {
  if (entry.flags & 1) throw new Error(`${entry.name}: encrypted ZIP entries are not supported`);
  if (entry.method !== 0 && entry.method !== 8) throw new Error(`${entry.name}: ZIP compression method ${entry.method} is not supported`);
  const header = Buffer.alloc(30);
  const handle = await open(zipPath, 'r');
  try {
    await handle.read(header, 0, 30, entry.localOffset);
  } finally {
    await handle.close();
  }
  if (header.readUInt32LE(0) !== 0x04034b50) throw new Error(`${entry.name}: corrupt ZIP local header`);
  const dataStart = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  // The base name only: an entry named ../../x must not leave the folder.
  const name = path.basename(entry.name);
  const target = path.join(dir, name);
  const hash = createHash('sha256');
  let crc = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const source = entry.compressedSize === 0 ? Readable.from([]) : createReadStream(zipPath, { start: dataStart, end: dataStart + entry.compressedSize - 1 });
  await pipeline(source, entry.method === 8 ? createInflateRaw() : new PassThrough(), meter, createWriteStream(target));
  if (size !== entry.size || crc >>> 0 !== entry.crc >>> 0) throw new Error(`${entry.name}: damaged ZIP entry (size or CRC-32 does not match)`);
  return { name, path: target, sha256: hash.digest('hex'), size };
}
