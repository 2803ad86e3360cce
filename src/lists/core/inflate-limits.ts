/**
 * Byte caps on what compressed parts of a list file inflate to (ADR 112): a file's size says
 * nothing of what it holds once inflated (a 0.7 MB PDF stream inflated to 204 MB of text).
 */
import { inflateSync } from 'node:zlib';
import { WrongSourceError } from './errors';

/** What all the Flate streams of one PDF may inflate to, together. */
export const PDF_MAX_INFLATED_BYTES = 128 << 20;
/** What one part of an XLSX workbook (a sheet, the shared strings) may inflate to. */
export const XLSX_MAX_PART_BYTES = 512 << 20;

const MB = 1 << 20;

/** Thrown when a file would expand beyond a cap: the file is refused, nothing of it is used. */
export class TooLargeWhenReadError extends WrongSourceError {
  constructor(file: string, capBytes: number) {
    super(`The file ${file} expands beyond ${Math.round(capBytes / MB)} MB when read: refused`);
  }
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * Inflates every FlateDecode stream of a PDF (as pdfjs will) with zlib and a cap on the total, so
 * that a bomb is refused before pdfjs, whose own inflate is not bounded, holds it. Streams that do
 * not inflate cleanly are left to pdfjs, which refuses or skips them.
 */
export function checkPdfInflatedSize(bytes: Uint8Array, file: string, capBytes = PDF_MAX_INFLATED_BYTES): void {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (let at = pdf.indexOf(STREAM); at !== -1; at = pdf.indexOf(STREAM, at + STREAM.length)) {
    // "endstream" holds "stream": only a keyword after the dictionary starts a stream.
    if (at >= 3 && pdf.subarray(at - 3, at).toString('latin1') === 'end') continue;
    const dictionary = pdf.subarray(Math.max(0, at - 1024), at).toString('latin1');
    if (!/\/FlateDecode\b|\/Fl\b/.test(dictionary.slice(dictionary.lastIndexOf('<<')))) continue;
    let start = at + STREAM.length;
    if (pdf[start] === 0x0d) start += 1;
    if (pdf[start] === 0x0a) start += 1;
    const end = pdf.indexOf(END_STREAM, start);
    if (end === -1) break;
    try {
      total += inflateSync(pdf.subarray(start, end), { maxOutputLength: Math.max(1, capBytes - total + 1), finishFlush: 2 /* Z_SYNC_FLUSH */ }).length;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new TooLargeWhenReadError(file, capBytes);
      // A damaged stream: pdfjs decides.
    }
    if (total > capBytes) throw new TooLargeWhenReadError(file, capBytes);
    at = end;
  }
}
