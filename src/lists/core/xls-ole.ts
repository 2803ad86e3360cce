/**
 * Reads a stream of an OLE2 compound file (the container of legacy .xls workbooks): header,
 * DIFAT and FAT (the sector chains), the directory, then a stream's sectors in chain order,
 * read from the file a run at a time. Streams under the mini-stream cutoff (4 KiB) live in the
 * mini stream and are read whole. Chains that leave the file or loop are refused.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { WorkbookError } from './xls-shared';

const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const MAX_REGULAR = 0xfffffffa;

interface DirectoryEntry {
  name: string;
  type: number;
  start: number;
  size: number;
}

export class OleFile {
  private constructor(
    private readonly handle: FileHandle,
    readonly file: string,
    private readonly sectorSize: number,
    private readonly fat: Uint32Array,
    private readonly entries: DirectoryEntry[],
    private readonly header: { miniCutoff: number; miniFatStart: number; sectorCount: number },
  ) {}

  private static damaged(file: string, why: string): WorkbookError {
    return new WorkbookError(`${file} is not a readable XLS workbook: ${why}`);
  }

  /** Opens the file and reads its sector tables and directory; `close` when done. */
  static async open(path: string, file: string): Promise<OleFile> {
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      const head = Buffer.alloc(512);
      await handle.read(head, 0, 512, 0);
      if (size < 512 || head.readUInt32LE(0) !== 0xe011cfd0 || head.readUInt32LE(4) !== 0xe11ab1a1) throw OleFile.damaged(file, 'not an OLE2 compound file');
      const shift = head.readUInt16LE(0x1e);
      if (shift !== 9 && shift !== 12) throw OleFile.damaged(file, `unsupported sector size 2^${shift}`);
      const sectorSize = 1 << shift;
      const sectorCount = Math.floor((size - sectorSize) / sectorSize) + (size % sectorSize ? 1 : 0);
      const readSector = async (sector: number): Promise<Buffer> => {
        if (sector >= sectorCount) throw OleFile.damaged(file, 'a sector lies past the end of the file (cut short?)');
        const buffer = Buffer.alloc(sectorSize);
        const { bytesRead } = await handle.read(buffer, 0, sectorSize, (sector + 1) * sectorSize);
        if (bytesRead < sectorSize) throw OleFile.damaged(file, 'the file was cut short');
        return buffer;
      };
      // DIFAT: 109 FAT sector numbers in the header, then chained DIFAT sectors.
      const fatSectors: number[] = [];
      for (let i = 0; i < 109; i += 1) fatSectors.push(head.readUInt32LE(0x4c + 4 * i));
      let difat = head.readUInt32LE(0x44);
      for (let n = head.readUInt32LE(0x48); n > 0 && difat <= MAX_REGULAR; n -= 1) {
        const sector = await readSector(difat);
        for (let i = 0; i < sectorSize / 4 - 1; i += 1) fatSectors.push(sector.readUInt32LE(4 * i));
        difat = sector.readUInt32LE(sectorSize - 4);
      }
      const used = fatSectors.slice(0, head.readUInt32LE(0x2c)).filter((s) => s <= MAX_REGULAR);
      const fatBytes = Buffer.concat(await Promise.all(used.map(readSector)));
      const fat = new Uint32Array(fatBytes.buffer, fatBytes.byteOffset, fatBytes.length / 4);
      const ole = new OleFile(handle, file, sectorSize, fat, [], { miniCutoff: head.readUInt32LE(0x38), miniFatStart: head.readUInt32LE(0x3c), sectorCount });
      const directory = await ole.readChain(head.readUInt32LE(0x30), Number.MAX_SAFE_INTEGER);
      const isV3 = head.readUInt16LE(0x1a) === 3;
      for (let at = 0; at + 128 <= directory.length; at += 128) {
        const nameLength = Math.min(64, directory.readUInt16LE(at + 0x40));
        ole.entries.push({
          name: directory.toString('utf16le', at, at + Math.max(0, nameLength - 2)),
          type: directory[at + 0x42],
          start: directory.readUInt32LE(at + 0x74),
          size: isV3 ? directory.readUInt32LE(at + 0x78) : Number(directory.readBigUInt64LE(at + 0x78)),
        });
      }
      if (ole.entries[0]?.type !== 5) throw OleFile.damaged(file, 'no root directory entry');
      return ole;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.handle.close();
  }

  /** The stream's size, or null when there is no stream of that name. */
  streamSize(name: string): number | null {
    const entry = this.find(name);
    return entry ? entry.size : null;
  }

  private find(name: string): DirectoryEntry | undefined {
    return this.entries.find((e) => e.type === 2 && e.name.toLowerCase() === name.toLowerCase());
  }

  /** The sector numbers of a chain, checked against the file's size and for loops. */
  private chain(start: number, table: Uint32Array, limit: number): number[] {
    const sectors: number[] = [];
    for (let sector = start; sector !== END_OF_CHAIN && sectors.length < limit; sector = table[sector]) {
      if (sector === FREE || sector > MAX_REGULAR || sector >= table.length || sectors.length > table.length) throw OleFile.damaged(this.file, 'a broken sector chain (the file may be cut short or damaged)');
      sectors.push(sector);
    }
    return sectors;
  }

  private async readSectors(sectors: readonly number[]): Promise<Buffer> {
    const out = Buffer.alloc(sectors.length * this.sectorSize);
    let i = 0;
    while (i < sectors.length) {
      let run = 1;
      while (i + run < sectors.length && sectors[i + run] === sectors[i] + run && run < 256) run += 1;
      if (sectors[i] + run > this.header.sectorCount) throw OleFile.damaged(this.file, 'a sector lies past the end of the file (cut short?)');
      const { bytesRead } = await this.handle.read(out, i * this.sectorSize, run * this.sectorSize, (sectors[i] + 1) * this.sectorSize);
      if (bytesRead < run * this.sectorSize) throw OleFile.damaged(this.file, 'the file was cut short');
      i += run;
    }
    return out;
  }

  private async readChain(start: number, bytes: number): Promise<Buffer> {
    const sectors = this.chain(start, this.fat, Math.ceil(bytes / this.sectorSize));
    return (await this.readSectors(sectors)).subarray(0, Math.min(bytes, sectors.length * this.sectorSize));
  }

  /**
   * The stream's bytes from `from` on, in chunks of up to 256 sectors; throws WorkbookError
   * when the chain is broken.
   */
  async *stream(name: string, from = 0): AsyncGenerator<Buffer> {
    const entry = this.find(name);
    if (!entry) throw OleFile.damaged(this.file, `no "${name}" stream`);
    if (entry.size < this.header.miniCutoff) {
      yield (await this.readMini(entry)).subarray(from);
      return;
    }
    const sectors = this.chain(entry.start, this.fat, Math.ceil(entry.size / this.sectorSize));
    if (sectors.length * this.sectorSize < entry.size) throw OleFile.damaged(this.file, `the "${name}" stream is shorter than its directory entry says (cut short?)`);
    const first = Math.floor(from / this.sectorSize);
    let position = first * this.sectorSize;
    for (let i = first; i < sectors.length; i += 256) {
      const chunk = await this.readSectors(sectors.slice(i, i + 256));
      const start = Math.max(0, from - position);
      yield chunk.subarray(start, Math.min(chunk.length, entry.size - position));
      position += chunk.length;
    }
  }

  /** A small stream: its mini sectors (64 bytes) taken from the root entry's mini stream. */
  private async readMini(entry: DirectoryEntry): Promise<Buffer> {
    const root = this.entries[0];
    const miniStream = await this.readChain(root.start, root.size);
    const miniFatBytes = await this.readChain(this.header.miniFatStart, Number.MAX_SAFE_INTEGER);
    const miniFat = new Uint32Array(miniFatBytes.buffer, miniFatBytes.byteOffset, miniFatBytes.length / 4);
    const sectors = this.chain(entry.start, miniFat, Math.ceil(entry.size / 64));
    const out = Buffer.concat(sectors.map((s) => miniStream.subarray(s * 64, s * 64 + 64)));
    if (out.length < entry.size) throw OleFile.damaged(this.file, `the "${entry.name}" stream is shorter than its directory entry says`);
    return out.subarray(0, entry.size);
  }
}
