/**
 * ZIP archives read with Node built-ins, for the XLSX reader (a workbook is a ZIP) and the
 * list downloads (SAM's daily extract, NPPES): entries come from the central directory
 * (ZIP64 included), an entry's data is inflated as a stream and checked against its CRC-32
 * and size. A file cut short has lost its central directory and is refused before anything
 * is read. Errors are `ZipFormatError`s saying what is wrong; callers name the file.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';

/** Where an archive is: a file's path, or its bytes in memory (an upload, decrypted only in memory). */
export type ZipSource = string | Uint8Array;

interface RandomAccess {
  size: number;
  read(target: Buffer, offset: number, length: number, position: number): Promise<unknown>;
  close(): Promise<void>;
}

async function openSource(source: ZipSource): Promise<RandomAccess> {
  if (typeof source !== 'string') {
    const bytes = Buffer.from(source.buffer, source.byteOffset, source.byteLength);
    return {
      size: bytes.length,
      read: async (target, offset, length, position) => bytes.copy(target, offset, position, Math.min(bytes.length, position + length)),
      close: async () => {},
    };
  }
  const handle = await open(source, 'r');
  const { size } = await handle.stat();
  return { size, read: (target, offset, length, position) => handle.read(target, offset, length, position), close: () => handle.close() };
}

function rangeStream(source: ZipSource, start: number, end: number): Readable {
  if (typeof source === 'string') return createReadStream(source, { start, end, highWaterMark: 1 << 16 });
  const bytes = Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  return Readable.from([bytes.subarray(start, end + 1)]);
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** What is wrong with an archive or an entry, in a few words. */
export class ZipFormatError extends Error {}

const END_OF_CENTRAL_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** Every entry of the archive's central directory, in order (directories included). */
export async function readZipDirectory(zipPath: ZipSource): Promise<ZipEntry[]> {
  const handle = await openSource(zipPath);
  try {
    const { size } = handle;
    const tailLength = Math.min(size, 22 + 65_535 + 20);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(END_OF_CENTRAL_DIRECTORY);
    if (eocd < 0 || eocd + 22 > tail.length) throw new ZipFormatError('no ZIP central directory (not a ZIP, or the file was cut short)');
    let count = tail.readUInt16LE(eocd + 10);
    let dirSize = tail.readUInt32LE(eocd + 12);
    let dirOffset = tail.readUInt32LE(eocd + 16);
    if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === 0x07064b50) {
      const z64 = Buffer.alloc(56);
      await handle.read(z64, 0, 56, Number(tail.readBigUInt64LE(eocd - 12)));
      if (z64.readUInt32LE(0) !== 0x06064b50) throw new ZipFormatError('corrupt ZIP64 end of central directory');
      count = Number(z64.readBigUInt64LE(32));
      dirSize = Number(z64.readBigUInt64LE(40));
      dirOffset = Number(z64.readBigUInt64LE(48));
    }
    if (dirOffset + dirSize > size) throw new ZipFormatError('the central directory lies past the end of the file (cut short)');
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    const entries: ZipEntry[] = [];
    for (let at = 0, i = 0; i < count; i += 1) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== 0x02014b50) throw new ZipFormatError('corrupt ZIP central directory');
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
      entries.push(entry);
      at += 46 + nameLength + extraLength + dir.readUInt16LE(at + 32);
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** Sizes and offsets above 4 GiB live in the ZIP64 extra field, in this order. */
function applyZip64(entry: ZipEntry, extra: Buffer): void {
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

/**
 * The entry's bytes, inflated, in chunks; once they are all out, checks their size and CRC-32.
 * Throws ZipFormatError for encrypted entries, unknown methods and damaged data.
 */
export async function* zipEntryChunks(zipPath: ZipSource, entry: ZipEntry): AsyncGenerator<Buffer> {
  if (entry.flags & 1) throw new ZipFormatError('encrypted');
  if (entry.method !== 0 && entry.method !== 8) throw new ZipFormatError(`ZIP compression method ${entry.method} is not supported`);
  const header = Buffer.alloc(30);
  const handle = await openSource(zipPath);
  try {
    await handle.read(header, 0, 30, entry.localOffset);
  } finally {
    await handle.close();
  }
  if (header.readUInt32LE(0) !== 0x04034b50) throw new ZipFormatError('corrupt ZIP local header');
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  let crc = 0;
  let size = 0;
  if (entry.compressedSize > 0) {
    const raw = rangeStream(zipPath, start, start + entry.compressedSize - 1);
    const source = entry.method === 8 ? raw.pipe(createInflateRaw()) : raw;
    raw.on('error', (error) => source.destroy(error));
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        crc = crc32(chunk, crc);
        size += chunk.length;
        // An entry inflating past its declared size is damaged (or a ZIP bomb): stop before holding more.
        if (size > entry.size) throw new ZipFormatError('more data than the archive declares');
        yield chunk;
      }
    } catch (error) {
      throw new ZipFormatError(`damaged data (${error instanceof Error ? error.message : String(error)})`);
    } finally {
      raw.destroy();
    }
  }
  if (size !== entry.size || crc >>> 0 !== entry.crc >>> 0) throw new ZipFormatError('damaged data (size or CRC-32 does not match)');
}
