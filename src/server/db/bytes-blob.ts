/** A Blob over bytes in memory, for PGlite's COPY FROM '/dev/blob' (list imports, batch results). */

/**
 * A Blob over bytes already in memory. PGlite reads a COPY blob with `arrayBuffer()`, which
 * Node answers by copying the blob in small pieces (about 3 ms per MiB); this hands the
 * bytes over as they are.
 */
export class BytesBlob extends Blob {
  constructor(private readonly content: Uint8Array<ArrayBuffer>) {
    super([content]);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.content;
    const isWhole = byteOffset === 0 && byteLength === buffer.byteLength;
    return Promise.resolve(isWhole ? buffer : buffer.slice(byteOffset, byteOffset + byteLength));
  }
}
