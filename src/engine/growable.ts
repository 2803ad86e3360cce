/** Append-only typed arrays for the index builder: compact, no per-record objects. */

type TypedArrayCtor = Int32ArrayConstructor | Uint8ArrayConstructor | Uint16ArrayConstructor | Float64ArrayConstructor | Uint32ArrayConstructor;
type TypedArrayOf<C extends TypedArrayCtor> = InstanceType<C>;

/** A typed array that doubles its capacity as values are pushed. */
export class Growable<C extends TypedArrayCtor> {
  private data: TypedArrayOf<C>;
  length = 0;

  constructor(
    private readonly ctor: C,
    capacity = 1024,
  ) {
    this.data = new ctor(capacity) as TypedArrayOf<C>;
  }

  /** Appends one value. */
  push(value: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = value;
  }

  /** Reads a value already pushed. */
  get(i: number): number {
    return this.data[i];
  }

  /** Makes room for at least `min` values. */
  grow(min: number): void {
    let cap = this.data.length * 2;
    while (cap < min) cap *= 2;
    const next = new this.ctor(cap) as TypedArrayOf<C>;
    next.set(this.data as never);
    this.data = next;
  }

  /** The filled part, copied into an exactly sized array (optionally on shared memory). */
  finish(shared = false): TypedArrayOf<C> {
    const bytes = this.length * this.ctor.BYTES_PER_ELEMENT;
    const buffer = shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
    const out = new (this.ctor as unknown as new (b: ArrayBufferLike) => TypedArrayOf<C>)(buffer);
    out.set(this.data.subarray(0, this.length) as never);
    return out;
  }
}

/** Copies a typed array onto shared memory (worker threads then read it without copies). */
export function toShared<T extends Int32Array | Uint8Array | Uint16Array | Uint32Array | Float64Array>(arr: T): T {
  if (arr.buffer instanceof SharedArrayBuffer) return arr;
  const ctor = arr.constructor as new (b: SharedArrayBuffer) => T;
  const out = new ctor(new SharedArrayBuffer(arr.byteLength));
  out.set(arr as never);
  return out;
}
