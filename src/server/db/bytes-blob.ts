/** A Blob over bytes in memory, for PGlite's COPY FROM '/dev/blob' (list imports, batch results). */

/**
 * A Blob over bytes already in memory. PGlite reads a COPY blob with `arrayBuffer()` and
 * nothing else, which Node answers by copying the blob in small pieces (about 3 ms per MiB);
 * this hands the bytes over as they are. Node's Blob is given none of them (its constructor
 * would copy them all, ADR 101): `size` and `arrayBuffer()` answer from the bytes, and the
 * other readers (`text()`, `bytes()`, `stream()`, `slice()`) are refused rather than answer an
 * empty blob.
 */
export class BytesBlob extends Blob {
  constructor(private readonly content: Uint8Array<ArrayBuffer>) {
    super([]);
  }

  override get size(): number {
    return this.content.byteLength;
  }

  override text(): Promise<string> {
    return Promise.reject(new Error('BytesBlob: only arrayBuffer() reads it'));
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return Promise.reject(new Error('BytesBlob: only arrayBuffer() reads it'));
  }

  override stream(): never {
    throw new Error('BytesBlob: only arrayBuffer() reads it');
  }

  override slice(): never {
    throw new Error('BytesBlob: only arrayBuffer() reads it');
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.content;
    const isWhole = byteOffset === 0 && byteLength === buffer.byteLength;
    return Promise.resolve(isWhole ? buffer : buffer.slice(byteOffset, byteOffset + byteLength));
  }
}
