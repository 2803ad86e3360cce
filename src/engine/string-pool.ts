/** Many short strings in one UTF-8 byte array: far smaller than millions of JS strings. */
import { Growable } from './growable';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Builds a pool by appending strings; each gets an ordinal. */
export class StringPoolBuilder {
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  private readonly offsets = new Growable(Float64Array);

  constructor() {
    this.offsets.push(0);
  }

  get count(): number {
    return this.offsets.length - 1;
  }

  /** Appends a string and returns its ordinal. */
  add(s: string): number {
    // UTF-8 needs at most 3 bytes per UTF-16 code unit.
    const need = this.used + s.length * 3;
    if (need > this.bytes.length) {
      let cap = this.bytes.length * 2;
      while (cap < need) cap *= 2;
      const next = new Uint8Array(cap);
      next.set(this.bytes.subarray(0, this.used));
      this.bytes = next;
    }
    this.used += encoder.encodeInto(s, this.bytes.subarray(this.used)).written;
    this.offsets.push(this.used);
    return this.offsets.length - 2;
  }

  /** Freezes the pool into exactly sized arrays. */
  finish(shared = false): StringPool {
    const buffer = shared ? new SharedArrayBuffer(this.used) : new ArrayBuffer(this.used);
    const bytes = new Uint8Array(buffer);
    bytes.set(this.bytes.subarray(0, this.used));
    return new StringPool(bytes, this.offsets.finish(shared));
  }
}

/** Read-only pool of strings addressed by ordinal. */
export class StringPool {
  constructor(
    readonly bytes: Uint8Array,
    readonly offsets: Float64Array,
  ) {}

  get count(): number {
    return this.offsets.length - 1;
  }

  /** The string at an ordinal. */
  get(i: number): string {
    const view = this.bytes.subarray(this.offsets[i], this.offsets[i + 1]);
    // TextDecoder refuses views of shared memory, so those are copied first.
    return decoder.decode(view.buffer instanceof SharedArrayBuffer ? view.slice() : view);
  }

  /**
   * The string at an ordinal up to its `n`-th byte `stop` (exclusive; the whole string when it has fewer):
   * the leading fields of a record view without decoding the rest (ADR 075, round 2). `stop` must be an
   * ASCII byte, which UTF-8 never uses inside a multi-byte character.
   */
  head(i: number, stop: number, n: number): string {
    const end = this.offsets[i + 1];
    let at = this.offsets[i];
    for (let seen = 0; at < end; at++) if (this.bytes[at] === stop && ++seen === n) break;
    const view = this.bytes.subarray(this.offsets[i], at);
    return decoder.decode(view.buffer instanceof SharedArrayBuffer ? view.slice() : view);
  }

  /** All strings, in order (used to rebuild lookup maps in a worker). */
  toArray(): string[] {
    return this.range(0, this.count);
  }

  /**
   * The strings at ordinals from..to-1, decoded in one call: their bytes are copied once (not
   * once per string, as `get` must from shared memory), and when every byte is ASCII each string is
   * a cut of the one decoded text (each byte one character, so byte offsets are its offsets).
   */
  range(from: number, to: number): string[] {
    const base = this.offsets[from];
    const bytes = this.bytes.slice(base, this.offsets[to]);
    const all = decoder.decode(bytes);
    const out = new Array<string>(to - from);
    const ascii = all.length === bytes.length;
    for (let i = from; i < to; i++) {
      const s = this.offsets[i] - base;
      const e = this.offsets[i + 1] - base;
      out[i - from] = ascii ? all.slice(s, e) : decoder.decode(bytes.subarray(s, e));
    }
    return out;
  }
}
