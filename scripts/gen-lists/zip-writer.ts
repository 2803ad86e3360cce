/**
 * A deterministic ZIP writer with node:zlib only: entries are deflated in 1 MiB pieces
 * (`deflateRawSync` with a sync flush, so the pieces form one raw DEFLATE stream) straight to
 * the file, and each local header gets its CRC-32 and sizes written back once the entry is
 * done. Memory holds one piece; the fixed 1980-01-01 timestamp makes the bytes reproducible.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';

interface Written {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const PIECE = 1 << 20;
const DOS_DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

export class ZipWriter {
  private readonly fd: number;
  private position = 0;
  private readonly written: Written[] = [];
  private current: (Written & { pending: string[]; pendingSize: number }) | null = null;

  constructor(path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.fd = openSync(path, 'w');
  }

  private put(bytes: Buffer): void {
    writeSync(this.fd, bytes, 0, bytes.length, this.position);
    this.position += bytes.length;
  }

  /** Starts an entry; text is added with `write` and the entry ends with `end` (or the next `begin`). */
  begin(name: string): void {
    if (this.current) this.end();
    const nameBytes = Buffer.from(name, 'utf8');
    this.current = { name: nameBytes, crc: 0, compressedSize: 0, size: 0, offset: this.position, pending: [], pendingSize: 0 };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    this.put(header);
    this.put(nameBytes);
  }

  write(text: string): void {
    const entry = this.current!;
    entry.pending.push(text);
    entry.pendingSize += text.length;
    if (entry.pendingSize >= PIECE) this.flushPiece(false);
  }

  private flushPiece(isLast: boolean): void {
    const entry = this.current!;
    const data = Buffer.from(entry.pending.join(''), 'utf8');
    entry.pending = [];
    entry.pendingSize = 0;
    if (data.length > 0) {
      entry.crc = crc32(data, entry.crc);
      entry.size += data.length;
      const piece = deflateRawSync(data, { level: 6, finishFlush: constants.Z_SYNC_FLUSH });
      entry.compressedSize += piece.length;
      this.put(piece);
    }
    if (isLast) {
      entry.compressedSize += FINAL_BLOCK.length;
      this.put(FINAL_BLOCK);
    }
  }

  /** Ends the current entry and writes its CRC-32 and sizes into its local header. */
  end(): void {
    const entry = this.current;
    if (!entry) return;
    this.flushPiece(true);
    const sizes = Buffer.alloc(12);
    sizes.writeUInt32LE(entry.crc >>> 0, 0);
    sizes.writeUInt32LE(entry.compressedSize, 4);
    sizes.writeUInt32LE(entry.size, 8);
    writeSync(this.fd, sizes, 0, 12, entry.offset + 14);
    this.written.push({ name: entry.name, crc: entry.crc, compressedSize: entry.compressedSize, size: entry.size, offset: entry.offset });
    this.current = null;
  }

  /** A whole entry at once. */
  add(name: string, text: string): void {
    this.begin(name);
    this.write(text);
    this.end();
  }

  /** Writes the central directory and closes the file. */
  close(): void {
    this.end();
    const start = this.position;
    for (const entry of this.written) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0800, 8);
      header.writeUInt16LE(8, 10);
      header.writeUInt16LE(0, 12);
      header.writeUInt16LE(DOS_DATE, 14);
      header.writeUInt32LE(entry.crc >>> 0, 16);
      header.writeUInt32LE(entry.compressedSize, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      this.put(header);
      this.put(entry.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.written.length, 8);
    end.writeUInt16LE(this.written.length, 10);
    end.writeUInt32LE(this.position - start, 12);
    end.writeUInt32LE(start, 16);
    this.put(end);
    closeSync(this.fd);
  }
}
