/**
 * BIFF8 records (MS-XLS §2.1.4) read from a workbook stream in chunks: each record comes with
 * the CONTINUE records after it, and `BiffReader` reads across them, including the strings
 * whose characters go on in a CONTINUE record behind a new flags byte.
 */

export const RECORD = {
  BOF: 0x0809,
  EOF: 0x000a,
  CONTINUE: 0x003c,
  FILEPASS: 0x002f,
  DATEMODE: 0x0022,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  FORMAT: 0x041e,
  XF: 0x00e0,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  BLANK: 0x0201,
  MULBLANK: 0x00be,
  BOOLERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207,
} as const;

export interface BiffRecord {
  type: number;
  /** Stream offset of the record header. */
  offset: number;
  /** The record's data, then the data of each CONTINUE record that follows it. */
  parts: Buffer[];
}

/** Cuts the records out of stream chunks; a record is handed out once the next one shows it has no more CONTINUEs. */
export async function* biffRecords(chunks: AsyncIterable<Buffer>, startOffset = 0): AsyncGenerator<BiffRecord[]> {
  let pending: Buffer = Buffer.alloc(0);
  let offset = startOffset;
  let last: BiffRecord | null = null;
  for await (const chunk of chunks) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    const out: BiffRecord[] = [];
    let at = 0;
    while (at + 4 <= pending.length) {
      const type = pending.readUInt16LE(at);
      const length = pending.readUInt16LE(at + 2);
      if (at + 4 + length > pending.length) break;
      const data = pending.subarray(at + 4, at + 4 + length);
      if (type === RECORD.CONTINUE && last) {
        last.parts.push(data);
      } else {
        if (last) out.push(last);
        last = { type, offset: offset + at, parts: [data] };
      }
      at += 4 + length;
    }
    offset += at;
    // Copy the unread tail: the records handed out keep views of `pending`.
    pending = Buffer.from(pending.subarray(at));
    if (out.length > 0) yield out;
  }
  if (last) yield [last];
}

/** Reads little-endian values and BIFF8 strings across a record and its CONTINUEs. */
export class BiffReader {
  private part = 0;
  private at = 0;

  constructor(private readonly parts: readonly Buffer[]) {}

  get isAtEnd(): boolean {
    return this.part >= this.parts.length || (this.part === this.parts.length - 1 && this.at >= this.parts[this.part].length);
  }

  private take(length: number): Buffer {
    while (this.part < this.parts.length && this.at >= this.parts[this.part].length) {
      this.part += 1;
      this.at = 0;
    }
    const current = this.parts[this.part];
    if (current && this.at + length <= current.length) {
      const out = current.subarray(this.at, this.at + length);
      this.at += length;
      return out;
    }
    const bytes: Buffer[] = [];
    let left = length;
    while (left > 0) {
      const piece = this.parts[this.part];
      if (!piece) throw new RangeError('record ends early');
      const n = Math.min(left, piece.length - this.at);
      bytes.push(piece.subarray(this.at, this.at + n));
      this.at += n;
      left -= n;
      if (this.at >= piece.length) {
        this.part += 1;
        this.at = 0;
      }
    }
    return Buffer.concat(bytes);
  }

  u8(): number {
    return this.take(1)[0];
  }

  u16(): number {
    return this.take(2).readUInt16LE(0);
  }

  u32(): number {
    return this.take(4).readUInt32LE(0);
  }

  f64(): number {
    return this.take(8).readDoubleLE(0);
  }

  skip(length: number): void {
    if (length > 0) this.take(length);
  }

  /** `count` characters, 1 byte (Latin-1) or 2 (UTF-16LE) each; at a CONTINUE boundary a new flags byte says which. */
  chars(count: number, isWide: boolean): string {
    let text = '';
    let left = count;
    let wide = isWide;
    while (left > 0) {
      if (this.part < this.parts.length && this.at >= this.parts[this.part].length) {
        this.part += 1;
        this.at = 0;
        wide = (this.u8() & 1) === 1;
      }
      const piece = this.parts[this.part];
      if (!piece) throw new RangeError('string ends early');
      const width = wide ? 2 : 1;
      const n = Math.min(left, Math.floor((piece.length - this.at) / width));
      text += piece.toString(wide ? 'utf16le' : 'latin1', this.at, this.at + n * width);
      this.at += n * width;
      left -= n;
      if (n === 0 && left > 0) throw new RangeError('string ends early');
    }
    return text;
  }

  /** XLUnicodeRichExtendedString (SST items) or, with `lengthBytes` 1, ShortXLUnicodeString. */
  string(lengthBytes: 1 | 2 = 2): string {
    const count = lengthBytes === 1 ? this.u8() : this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const extended = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 1) === 1);
    this.skip(4 * runs + extended);
    return text;
  }
}

/** An RK number: a 30-bit integer or the top of a double, maybe times 100 (MS-XLS 2.5.217). */
export function rkValue(rk: number): number {
  const value = rk & 0x02 ? (rk | 0) >> 2 : (() => {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    return bytes.readDoubleLE(0);
  })();
  return rk & 0x01 ? value / 100 : value;
}
