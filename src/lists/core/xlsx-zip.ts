/**
 * Reads the parts of an XLSX package (a ZIP) with Node built-ins: the entry list comes from
 * the central directory (ZIP64 included), an entry is inflated as a stream and checked
 * against its CRC-32 and size. A file cut short loses its central directory and is refused
 * before anything is read.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { WorkbookError } from './xls-shared';

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** An opened ZIP: its entries by name. */
export class ZipPackage {
  private constructor(
    readonly path: string,
    readonly file: string,
    private readonly entries: Map<string, ZipEntry>,
  ) {}

  /** Reads the central directory; throws WorkbookError naming `file` when it is not a whole ZIP. */
  static async open(path: string, file: string): Promise<ZipPackage> {
    const damaged = (why: string): WorkbookError => new WorkbookError(`${file} is not a readable XLSX workbook: ${why}`);
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      const tailLength = Math.min(size, 22 + 65_535 + 20);
      const tail = Buffer.alloc(tailLength);
      await handle.read(tail, 0, tailLength, size - tailLength);
      const eocd = tail.lastIndexOf(EOCD);
      if (eocd < 0 || eocd + 22 > tail.length) throw damaged('no ZIP central directory (not a ZIP, or the file was cut short)');
      let count = tail.readUInt16LE(eocd + 10);
      let dirSize = tail.readUInt32LE(eocd + 12);
      let dirOffset = tail.readUInt32LE(eocd + 16);
      if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === 0x07064b50) {
        const z64 = Buffer.alloc(56);
        await handle.read(z64, 0, 56, Number(tail.readBigUInt64LE(eocd - 12)));
        if (z64.readUInt32LE(0) !== 0x06064b50) throw damaged('corrupt ZIP64 end of central directory');
        count = Number(z64.readBigUInt64LE(32));
        dirSize = Number(z64.readBigUInt64LE(40));
        dirOffset = Number(z64.readBigUInt64LE(48));
      }
      if (dirOffset + dirSize > size) throw damaged('the central directory lies past the end of the file (cut short)');
      const dir = Buffer.alloc(dirSize);
      await handle.read(dir, 0, dirSize, dirOffset);
      const entries = new Map<string, ZipEntry>();
      for (let at = 0, i = 0; i < count; i += 1) {
        if (at + 46 > dir.length || dir.readUInt32LE(at) !== 0x02014b50) throw damaged('corrupt ZIP central directory');
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
        entries.set(entry.name.replace(/^\//, ''), entry);
        at += 46 + nameLength + extraLength + dir.readUInt16LE(at + 32);
      }
      return new ZipPackage(path, file, entries);
    } finally {
      await handle.close();
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's bytes, inflated and checked, in chunks; throws WorkbookError when damaged. */
  async *stream(name: string): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name);
    const damaged = (why: string): WorkbookError => new WorkbookError(`${this.file} is not a readable XLSX workbook: ${name}: ${why}`);
    if (!entry) throw damaged('missing from the package');
    if (entry.flags & 1) throw damaged('encrypted (save the workbook without a password)');
    if (entry.method !== 0 && entry.method !== 8) throw damaged(`ZIP compression method ${entry.method} is not supported`);
    const header = Buffer.alloc(30);
    const handle = await open(this.path, 'r');
    try {
      await handle.read(header, 0, 30, entry.localOffset);
    } finally {
      await handle.close();
    }
    if (header.readUInt32LE(0) !== 0x04034b50) throw damaged('corrupt ZIP local header');
    const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    let crc = 0;
    let size = 0;
    if (entry.compressedSize > 0) {
      const raw = createReadStream(this.path, { start, end: start + entry.compressedSize - 1, highWaterMark: 1 << 16 });
      const source = entry.method === 8 ? raw.pipe(createInflateRaw()) : raw;
      raw.on('error', (error) => source.destroy(error));
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          crc = crc32(chunk, crc);
          size += chunk.length;
          yield chunk;
        }
      } catch (error) {
        throw damaged(`damaged data (${error instanceof Error ? error.message : String(error)})`);
      } finally {
        raw.destroy();
      }
    }
    if (size !== entry.size || crc >>> 0 !== entry.crc >>> 0) throw damaged('damaged data (size or CRC-32 does not match)');
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
