/**
 * PostgreSQL's binary COPY format, as the results' write on PGlite uses it (ADR 100): the
 * signature, then each tuple as its field count and each field as its byte length (-1: NULL) and
 * its bytes, big-endian, then -1 as a field count. The database reads each field by its length:
 * no line is scanned for escapes and no number or time is parsed from text, where COPY's text
 * format spent ~2.9 s of the main thread per 100,000-row batch. Pure: the threads import it.
 */
import { Growable } from '#engine/growable';

/** "PGCOPY\n\377\r\n\0", the flags (no OIDs) and the header extension's length, both 0. */
export const COPY_BINARY_HEADER = Uint8Array.of(0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0);
/** The field count -1 that ends the data. */
export const COPY_BINARY_TRAILER = Uint8Array.of(0xff, 0xff);

/** Tuples (or the leading fields of tuples) back to back: tuple i ends at `ends[i]`, starts where tuple i-1 ends. */
export interface CopyTuples {
  bytes: Uint8Array;
  ends: Int32Array;
}

const encoder = new TextEncoder();
/** Microseconds from the Unix epoch to PostgreSQL's (2000-01-01 UTC). */
const POSTGRES_EPOCH_MS = 946_684_800_000;

/**
 * The buffer a writer takes while no other writer holds it, given back by `finish()`: a thread
 * writes a slice's tuples into the same memory each time and copies out only the exact bytes.
 * A new buffer per slice, grown by doubling, made ~10 MB of array buffers per chunk, and V8
 * answered that outside memory with more collections (its helper threads' CPU rose by half).
 */
let scratch: Uint8Array | null = new Uint8Array(1 << 20);

/** Writes fields into one growing buffer; `end()` closes a tuple. */
export class TupleWriter {
  private bytes: Uint8Array;
  private view: DataView;
  private at = 0;
  private readonly ends = new Growable(Int32Array);
  private readonly holdsScratch: boolean;

  constructor() {
    this.holdsScratch = scratch !== null;
    this.bytes = scratch ?? new Uint8Array(1 << 12);
    scratch = null;
    this.view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  }

  private room(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.at + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.at));
    this.bytes = next;
    this.view = new DataView(next.buffer);
  }

  /** A tuple's field count (the writer of the tuple's head writes it). */
  count(n: number): this {
    this.room(2);
    this.view.setInt16(this.at, n);
    this.at += 2;
    return this;
  }

  null(): this {
    this.room(4);
    this.view.setInt32(this.at, -1);
    this.at += 4;
    return this;
  }

  /** An int4; NULL for what is not a finite number (as the text format's writer did). */
  int4(value: number | null): this {
    if (typeof value !== 'number' || !Number.isFinite(value)) return this.null();
    this.room(8);
    this.view.setInt32(this.at, 4);
    this.view.setInt32(this.at + 4, value);
    this.at += 8;
    return this;
  }

  /** A real (float4): the nearest single-precision value, as the database's input of the number's text gives. */
  float4(value: number | null): this {
    if (typeof value !== 'number' || !Number.isFinite(value)) return this.null();
    this.room(8);
    this.view.setInt32(this.at, 4);
    this.view.setFloat32(this.at + 4, value);
    this.at += 8;
    return this;
  }

  /** A timestamptz: microseconds since 2000-01-01 UTC as an int8. */
  timestamptz(value: Date): this {
    this.room(12);
    this.view.setInt32(this.at, 8);
    this.view.setBigInt64(this.at + 4, BigInt(value.getTime() - POSTGRES_EPOCH_MS) * 1000n);
    this.at += 12;
    return this;
  }

  /** A text field: its UTF-8 bytes (a json field takes its text the same way). */
  text(value: string | null, prefix?: number): this {
    if (value === null) return this.null();
    const extra = prefix === undefined ? 0 : 1;
    this.room(4 + extra + value.length * 3);
    const start = this.at + 4;
    if (prefix !== undefined) this.bytes[start] = prefix;
    const written = encoder.encodeInto(value, this.bytes.subarray(start + extra)).written;
    this.view.setInt32(this.at, written + extra);
    this.at = start + extra + written;
    return this;
  }

  /** A jsonb field: version 1, then the JSON text. */
  jsonb(value: unknown): this {
    const json = value === null || value === undefined ? undefined : JSON.stringify(value);
    return json === undefined ? this.null() : this.text(json, 1);
  }

  /** A json field: the JSON text. */
  json(value: unknown): this {
    const json = value === null || value === undefined ? undefined : JSON.stringify(value);
    return json === undefined ? this.null() : this.text(json);
  }

  /** Bytes written elsewhere (a whole field, length included). */
  raw(bytes: Uint8Array): this {
    this.room(bytes.length);
    this.bytes.set(bytes, this.at);
    this.at += bytes.length;
    return this;
  }

  /** Closes the tuple written since the last one. */
  end(): void {
    this.ends.push(this.at);
  }

  get tuples(): number {
    return this.ends.length;
  }

  /** The tuples written, in exactly sized arrays; the writer is done. */
  finish(): CopyTuples {
    const out = { bytes: this.bytes.slice(0, this.at), ends: this.ends.finish() };
    if (this.holdsScratch) scratch = this.bytes;
    return out;
  }
}

/** Where tuple i starts. */
export const tupleStart = (t: CopyTuples, i: number): number => (i === 0 ? 0 : t.ends[i - 1]);

/** Tuples from..to-1 (views of the bytes, no copy). */
export function sliceTuples(t: CopyTuples, from: number, to: number): CopyTuples {
  const last = Math.min(to, t.ends.length);
  if (from >= last) return { bytes: new Uint8Array(0), ends: new Int32Array(0) };
  const start = tupleStart(t, from);
  return { bytes: t.bytes.subarray(start, t.ends[last - 1]), ends: t.ends.slice(from, last).map((e) => e - start) };
}

/** One field's bytes as `TupleWriter.raw` takes them. */
export function fieldBytes(write: (w: TupleWriter) => void): Uint8Array {
  const w = new TupleWriter();
  write(w);
  w.end();
  return w.finish().bytes;
}

/**
 * A COPY's data: the header, each tuple with the same leading fields before its own (`head`,
 * its field count included), the trailer.
 */
export function copyBinaryData(head: Uint8Array, tuples: CopyTuples): Uint8Array {
  const n = tuples.ends.length;
  const out = new Uint8Array(COPY_BINARY_HEADER.length + n * head.length + tuples.bytes.length + COPY_BINARY_TRAILER.length);
  out.set(COPY_BINARY_HEADER);
  let at = COPY_BINARY_HEADER.length;
  let from = 0;
  for (let i = 0; i < n; i++) {
    out.set(head, at);
    at += head.length;
    const to = tuples.ends[i];
    out.set(tuples.bytes.subarray(from, to), at);
    at += to - from;
    from = to;
  }
  out.set(COPY_BINARY_TRAILER, at);
  return out;
}
