import { describe, expect, it } from 'vitest';
import { BytesBlob } from './bytes-blob';
import { copyLinesBytes } from './copy-lines';

/** What the COPY text was before ADR 101: one joined string, encoded once. */
const joined = (prefix: string, lines: readonly string[]) => new Uint8Array(Buffer.from(lines.length ? `${prefix}${lines.join(`\n${prefix}`)}` : ''));

describe('copyLinesBytes', () => {
  it('writes prefix + line for each line, newline-separated, as the joined text encodes', () => {
    const cases: [string, string[]][] = [
      ['7\t2026-11-28T10:00:00.000Z\t', ['a\tb', '\\N\t{"x":1}', '']],
      ['', ['Zoë Ångström', 'ŁÓDŹ', 'plain']],
      ['p\t', ['名前 テスト', '😀 astral', 'lone \ud800 surrogate', 'end \udc00']],
      ['x', []],
      ['', ['only']],
    ];
    for (const [prefix, lines] of cases) expect(copyLinesBytes(prefix, lines)).toEqual(joined(prefix, lines));
  });

  it('grows past its first buffer, keeps the earlier bytes, and is right again on the next call', () => {
    const long = Array.from({ length: 3_000 }, (_, i) => `${i}\t${'é'.repeat(200)}\t${'x'.repeat(300)}`);
    const [got, want] = [copyLinesBytes('9\t', long), joined('9\t', long)];
    expect(got.byteLength).toBe(want.byteLength);
    expect(Buffer.from(got.buffer).equals(Buffer.from(want.buffer, want.byteOffset, want.byteLength))).toBe(true);
    expect(copyLinesBytes('', ['after'])).toEqual(joined('', ['after']));
  });

  it('owns its whole buffer, so the blob hands it to PGlite without a copy', async () => {
    const bytes = copyLinesBytes('1\t', ['a', 'b']);
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
    const blob = new BytesBlob(bytes);
    expect(blob.size).toBe(bytes.byteLength);
    expect(await blob.arrayBuffer()).toBe(bytes.buffer);
  });

  it('refuses the blob readers it does not serve, rather than answering an empty blob', async () => {
    const blob = new BytesBlob(copyLinesBytes('', ['a']));
    await expect(blob.text()).rejects.toThrow(/only arrayBuffer/);
    expect(() => blob.stream()).toThrow(/only arrayBuffer/);
  });
});
