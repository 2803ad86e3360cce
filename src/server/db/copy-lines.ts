/**
 * COPY text as UTF-8 bytes, written line by line into one buffer kept between calls, then copied
 * out at its exact size (ADR 101). Joining the lines into one string first cost the main thread
 * a flat copy of the whole text (two bytes a character as soon as one line has a character
 * outside Latin-1), a second pass to measure it and a third to encode it, each in fresh memory.
 */

/** The buffer lines are written into; grows to the largest COPY seen and stays. */
let scratch: Buffer = Buffer.allocUnsafe(1 << 20);

function ensure(used: number, need: number): void {
  if (used + need <= scratch.length) return;
  const grown = Buffer.allocUnsafe(Math.max(used + need, scratch.length * 2));
  scratch.copy(grown, 0, 0, used);
  scratch = grown;
}

/**
 * `prefix + line` for each line, newline-separated (none after the last), as UTF-8. A lone
 * surrogate is encoded as U+FFFD, as `Buffer.from` does. The result owns its whole buffer
 * (`byteOffset` 0), so PGlite's blob reader takes it without another copy.
 */
export function copyLinesBytes(prefix: string, lines: readonly string[]): Uint8Array<ArrayBuffer> {
  const head = Buffer.from(prefix);
  let used = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // A UTF-16 code unit is at most 3 bytes of UTF-8; the newline and the prefix on top.
    ensure(used, 1 + head.length + line.length * 3);
    if (i > 0) scratch[used++] = 0x0a;
    used += head.copy(scratch, used);
    used += scratch.write(line, used);
  }
  const out = new Uint8Array(new ArrayBuffer(used));
  out.set(scratch.subarray(0, used));
  return out;
}
