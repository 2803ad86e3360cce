/** Windows-1252, the encoding Excel and many agency files use on Windows. */

// It differs from Latin-1 only in 0x80–0x9F (curly quotes, dashes, €), which Node's Latin-1
// decoder and its TextDecoder leave as control codes, so that range is mapped here.
const HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (ch) => HIGH[ch.charCodeAt(0) - 0x80]);
}
