import { isAscii } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { decodeWindows1252 } from './windows-1252';

/** A file path, or an already open byte stream (e.g. an entry of a ZIP being downloaded). */
export type ListInput = string | Readable;

/** One physical line of a file, decoded, without its line terminator. */
export interface PhysicalLine {
  /** 1-based line number in the file. */
  line: number;
  text: string;
  /** True when the line was longer than the limit and was cut; the rest was skipped. */
  isTruncated?: boolean;
}

export interface ReadLinesOptions {
  /** Longest line kept in memory; longer lines are cut and flagged (default 1 MiB). */
  maxLineBytes?: number;
}

const utf8Fatal = new TextDecoder('utf-8', { fatal: true });
/** Opens a path as a stream (large read buffer); passes streams through. */
export function openInput(input: ListInput): Readable {
  return typeof input === 'string' ? createReadStream(input, { highWaterMark: 1 << 20 }) : input;
}

/** A short name for a file in messages. */
export function inputName(input: ListInput, fallback = '<stream>'): string {
  if (typeof input === 'string') return basename(input);
  const path = (input as Readable & { path?: unknown }).path;
  return typeof path === 'string' ? basename(path) : fallback;
}

/**
 * Decodes one line. UTF-8 when the bytes are valid UTF-8, otherwise Windows-1252, decided
 * per line: agency files are mostly ASCII and a stray Latin-1 byte must not spoil the file.
 */
export function decodeLine(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  if (!text.includes('\uFFFD')) return text;
  try {
    return utf8Fatal.decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * Streams the lines of a file with bounded memory. Accepts LF, CRLF and a final line
 * without terminator; strips a UTF-8 BOM and the DOS end-of-file byte 0x1A (OFAC files).
 */
export async function* readLines(input: ListInput, options: ReadLinesOptions = {}): AsyncGenerator<PhysicalLine> {
  for await (const batch of readLineBatches(input, options)) yield* batch;
}

/**
 * `readLines`, a chunk of the file at a time: one await per chunk instead of per line. The
 * complete lines of a chunk are decoded in one go; a chunk holding invalid UTF-8 or a line
 * that may exceed the limit is decoded line by line as before.
 */
export async function* readLineBatches(input: ListInput, options: ReadLinesOptions = {}): AsyncGenerator<PhysicalLine[]> {
  const maxLineBytes = options.maxLineBytes ?? 1 << 20;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let isOverflowing = false;
  let lineNumber = 0;

  const finish = (tail: Buffer): PhysicalLine => {
    lineNumber += 1;
    let bytes = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
    pending = [];
    pendingBytes = 0;
    const wasOverflowing = isOverflowing;
    isOverflowing = false;
    const isCut = wasOverflowing || bytes.length > maxLineBytes;
    if (isCut) bytes = bytes.subarray(0, maxLineBytes);
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
    if (lineNumber === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    const text = decodeLine(bytes);
    return isCut ? { line: lineNumber, text, isTruncated: true } : { line: lineNumber, text };
  };

  // Complete lines without a pending head: `block` holds them, without the last terminator.
  const completeLines = (block: Buffer, out: PhysicalLine[]): void => {
    // ASCII (most agency files) reads the same as Latin-1, which copies the bytes without
    // UTF-8 decoding and cannot hold a replacement character.
    const isAsciiBlock = isAscii(block);
    const text = block.toString(isAsciiBlock ? 'latin1' : 'utf8');
    const parts = text.split('\n');
    // A line of n UTF-16 units is at most 3n bytes: only then is the limit surely kept.
    if ((!isAsciiBlock && text.includes('\uFFFD')) || parts.some((part) => part.length * 3 > maxLineBytes)) {
      let start = 0;
      for (let nl = block.indexOf(0x0a); nl !== -1; nl = block.indexOf(0x0a, start)) {
        out.push(finish(block.subarray(start, nl)));
        start = nl + 1;
      }
      out.push(finish(block.subarray(start)));
      return;
    }
    for (let part of parts) {
      lineNumber += 1;
      if (part.charCodeAt(part.length - 1) === 0x0d) part = part.slice(0, -1);
      if (lineNumber === 1 && part.charCodeAt(0) === 0xfeff) part = part.slice(1);
      out.push({ line: lineNumber, text: part });
    }
  };

  for await (const chunk of openInput(input)) {
    const buffer: Buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const out: PhysicalLine[] = [];
    let start = 0;
    if (pendingBytes > 0 || isOverflowing) {
      const nl = buffer.indexOf(0x0a);
      if (nl !== -1) {
        out.push(finish(buffer.subarray(0, nl)));
        start = nl + 1;
      }
    }
    const last = buffer.lastIndexOf(0x0a);
    if (last >= start) {
      completeLines(buffer.subarray(start, last), out);
      start = last + 1;
    }
    if (start < buffer.length) {
      if (pendingBytes > maxLineBytes) {
        isOverflowing = true; // keep the head already held, drop the rest of this line
      } else {
        pending.push(buffer.subarray(start));
        pendingBytes += buffer.length - start;
      }
    }
    if (out.length > 0) yield out;
  }
  if (pendingBytes > 0 || isOverflowing) {
    const last = finish(Buffer.alloc(0));
    if (!isEndOfFileMark(last.text)) yield [{ ...last, text: last.text.replace(/\x1a+$/, '') }];
  }
}

function isEndOfFileMark(text: string): boolean {
  return /^\x1a*$/.test(text);
}
