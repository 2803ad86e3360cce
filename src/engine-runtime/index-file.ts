/**
 * A finished match index as one file (ADR 062): its typed arrays and string pools byte for byte,
 * so a process loads an index at about disk speed instead of rebuilding it from the database.
 *
 * Layout (little-endian, every part 8-byte aligned):
 *   "CLXINDEX" · u32 format version · u32 header length · header (JSON: labels, small values and
 *   the shape of IndexData with each typed array replaced by its type and length) · padding ·
 *   each array's bytes, padded · "CLXEND\0\0" · SHA-256 of everything before the trailer.
 * The header is small (no array goes through JSON); arrays are written from and read into their
 * own memory in chunks, so neither side holds a second copy of the index.
 */
import { randomBytes, createHash } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { ALGORITHM_VERSION } from '../engine/algorithm-version';
import type { IndexData } from '../engine/index-data';
import { MatchIndex } from '../engine/match-index';
import { StringPool } from '../engine/string-pool';

/** Version of the file layout; bump when the framing (not the index content) changes. */
export const INDEX_FILE_FORMAT = 1;
/**
 * Version of what the builder puts in an index (IndexData's fields, tokenisation, which records
 * get name entries, typo keys …). Bump it with any change that makes the builder produce other
 * arrays from the same records: files of another data version are refused and rebuilt. The
 * fingerprint test in index-file.test.ts fails when the builder's output changes, as a reminder.
 */
// 2: NPPES and the DMF left out of the index (ADR 060). 3: the phonetic classes in the index (ADR 099).
// 4: records found by an NPI failing the check digit, as published (issue 50). 5: licence numbers per record (ADR 120).
// 6: provider-type families per record (ADR 121).
export const INDEX_DATA_VERSION = 6;

const MAGIC = Buffer.from('CLXINDEX', 'latin1');
const END = Buffer.from('CLXEND\0\0', 'latin1');
const PREFIX_BYTES = 16;
const HASH_BYTES = 32;
/** Bytes moved per read or write call: large enough for disk speed, small enough to stay off the heap limits. */
const CHUNK = 32 << 20;

type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;
const ARRAY_TYPES = { Uint8Array, Uint16Array, Uint32Array, Int32Array, Float64Array } as const;
type ArrayTypeName = keyof typeof ARRAY_TYPES;

interface ArraySlot {
  type: ArrayTypeName;
  length: number;
}

interface FileHeader {
  format: number;
  dataVersion: number;
  algorithmVersion: string;
  version: string;
  /** IndexData with arrays as {$a: n} and string pools as {$pool: [bytes, offsets]}. */
  shape: unknown;
  arrays: ArraySlot[];
}

/** Why a file was not loaded; the caller logs it and builds from the database instead. */
export class IndexFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`index file ${file} refused: ${reason}`);
    this.name = 'IndexFileError';
  }
}

const pad8 = (n: number): number => (8 - (n % 8)) % 8;
const ZEROS = new Uint8Array(8);

function bytesOf(a: TypedArray): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/** Splits an index into a JSON-able shape and the list of its typed arrays. */
function flatten(data: IndexData): { shape: unknown; arrays: TypedArray[] } {
  const arrays: TypedArray[] = [];
  const walk = (v: unknown): unknown => {
    if (ArrayBuffer.isView(v)) {
      const name = v.constructor.name;
      if (!(name in ARRAY_TYPES)) throw new Error(`index array of unsupported type ${name}`);
      arrays.push(v as TypedArray);
      return { $a: arrays.length - 1 };
    }
    if (v instanceof StringPool) return { $pool: [walk(v.bytes), walk(v.offsets)] };
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return { shape: walk(data), arrays };
}

function revive(shape: unknown, arrays: TypedArray[]): unknown {
  if (Array.isArray(shape)) return shape.map((x) => revive(x, arrays));
  if (shape !== null && typeof shape === 'object') {
    const o = shape as Record<string, unknown>;
    if (typeof o.$a === 'number') return arrays[o.$a];
    if (Array.isArray(o.$pool)) return new StringPool(revive(o.$pool[0], arrays) as Uint8Array, revive(o.$pool[1], arrays) as Float64Array);
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, revive(x, arrays)]));
  }
  return shape;
}

/** SHA-256 of what an index holds (its shape and arrays, not the file's versions): equal for equal builds. */
export function indexContentHash(index: MatchIndex): string {
  const { shape, arrays } = flatten(index.data);
  const hash = createHash('sha256').update(JSON.stringify(shape));
  for (const a of arrays) hash.update(a.constructor.name).update(bytesOf(a));
  return hash.digest('hex');
}

function headerBytes(header: FileHeader): Buffer {
  return Buffer.from(JSON.stringify(header), 'utf8');
}

async function writeAll(fh: FileHandle, bytes: Uint8Array, hash: ReturnType<typeof createHash>): Promise<void> {
  for (let at = 0; at < bytes.length; at += CHUNK) {
    const part = bytes.subarray(at, Math.min(bytes.length, at + CHUNK));
    hash.update(part);
    let done = 0;
    while (done < part.length) done += (await fh.write(part, done, part.length - done)).bytesWritten;
  }
}

export interface WrittenIndexFile {
  bytes: number;
  ms: number;
}

/**
 * Writes the index to `file`: to a temporary name beside it first, renamed when complete, so a
 * reader never sees half a file (two processes writing the same file at once are both safe).
 */
export async function writeIndexFile(index: MatchIndex, file: string): Promise<WrittenIndexFile> {
  return writeIndexData(index.data, file);
}

/** As writeIndexFile, from the index's arrays alone (a thread that holds no MatchIndex of them writes it, ADR 072). */
export async function writeIndexData(data: IndexData, file: string): Promise<WrittenIndexFile> {
  const started = performance.now();
  const { shape, arrays } = flatten(data);
  const header: FileHeader = {
    format: INDEX_FILE_FORMAT,
    dataVersion: INDEX_DATA_VERSION,
    algorithmVersion: ALGORITHM_VERSION,
    version: data.version,
    shape,
    arrays: arrays.map((a) => ({ type: a.constructor.name as ArrayTypeName, length: a.length })),
  };
  const json = headerBytes(header);
  const prefix = Buffer.alloc(PREFIX_BYTES);
  MAGIC.copy(prefix, 0);
  prefix.writeUInt32LE(INDEX_FILE_FORMAT, 8);
  prefix.writeUInt32LE(json.length, 12);
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const hash = createHash('sha256');
  const fh = await open(tmp, 'w');
  let size = 0;
  try {
    const put = async (bytes: Uint8Array) => {
      await writeAll(fh, bytes, hash);
      size += bytes.length;
    };
    await put(prefix);
    await put(json);
    await put(ZEROS.subarray(0, pad8(size)));
    for (const a of arrays) {
      await put(bytesOf(a));
      await put(ZEROS.subarray(0, pad8(size)));
    }
    const digest = hash.digest();
    await fh.write(END);
    await fh.write(digest);
    size += END.length + digest.length;
    await fh.close();
  } catch (error) {
    await fh.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw error;
  }
  await rename(tmp, file);
  return { bytes: size, ms: Math.round(performance.now() - started) };
}

async function readExactly(fh: FileHandle, into: Uint8Array, position: number, file: string): Promise<void> {
  let done = 0;
  while (done < into.length) {
    const { bytesRead } = await fh.read(into, done, Math.min(CHUNK, into.length - done), position + done);
    if (bytesRead === 0) throw new IndexFileError(file, 'truncated (ends early)');
    done += bytesRead;
  }
}

export interface ReadIndexOptions {
  /** Put the arrays on SharedArrayBuffer (so a ScreeningPool shares them without copying). */
  shared?: boolean;
  /** Refuse a file holding another version label. */
  expectVersion?: string;
}

/**
 * Reads an index written by writeIndexFile; it answers exactly as the index that was written.
 * Throws IndexFileError for a file of another format, data or algorithm version, another
 * version label, a truncated file or one whose checksum does not match.
 */
export async function readIndexFile(file: string, options: ReadIndexOptions = {}): Promise<MatchIndex> {
  return new MatchIndex(await readIndexData(file, options));
}

/** As readIndexFile, the arrays only: a worker thread reads them and the serving thread makes the lookups (ADR 072). */
export async function readIndexData(file: string, options: ReadIndexOptions = {}): Promise<IndexData> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size < PREFIX_BYTES + END.length + HASH_BYTES) throw new IndexFileError(file, `truncated (${size} bytes)`);
    const prefix = Buffer.alloc(PREFIX_BYTES);
    await readExactly(fh, prefix, 0, file);
    if (!prefix.subarray(0, 8).equals(MAGIC)) throw new IndexFileError(file, 'not a Clearlist index file');
    const format = prefix.readUInt32LE(8);
    if (format !== INDEX_FILE_FORMAT) throw new IndexFileError(file, `file format ${format}, this version reads ${INDEX_FILE_FORMAT}`);
    const headerLength = prefix.readUInt32LE(12);
    if (PREFIX_BYTES + headerLength > size) throw new IndexFileError(file, 'truncated (in the header)');
    const json = Buffer.alloc(headerLength);
    await readExactly(fh, json, PREFIX_BYTES, file);
    let header: FileHeader;
    try {
      header = JSON.parse(json.toString('utf8')) as FileHeader;
    } catch {
      throw new IndexFileError(file, 'header is not readable');
    }
    if (header.dataVersion !== INDEX_DATA_VERSION) throw new IndexFileError(file, `index data version ${header.dataVersion}, this version builds ${INDEX_DATA_VERSION}`);
    if (header.algorithmVersion !== ALGORITHM_VERSION) throw new IndexFileError(file, `algorithm ${header.algorithmVersion}, this version runs ${ALGORITHM_VERSION}`);
    if (options.expectVersion !== undefined && header.version !== options.expectVersion) throw new IndexFileError(file, `holds lists ${header.version}, wanted ${options.expectVersion}`);
    if (!Array.isArray(header.arrays) || header.arrays.some((s) => !(s.type in ARRAY_TYPES) || !Number.isInteger(s.length) || s.length < 0)) {
      throw new IndexFileError(file, 'header lists an unknown array');
    }
    // The size the header promises, checked before any array is allocated.
    let expected = PREFIX_BYTES + headerLength;
    expected += pad8(expected);
    for (const s of header.arrays) {
      expected += s.length * ARRAY_TYPES[s.type].BYTES_PER_ELEMENT;
      expected += pad8(expected);
    }
    expected += END.length + HASH_BYTES;
    if (size !== expected) throw new IndexFileError(file, size < expected ? `truncated (${size} of ${expected} bytes)` : `${size - expected} bytes too many`);

    const hash = createHash('sha256');
    hash.update(prefix);
    hash.update(json);
    let at = PREFIX_BYTES + headerLength;
    const skipPad = async () => {
      const n = pad8(at);
      if (!n) return;
      const zeros = new Uint8Array(n);
      await readExactly(fh, zeros, at, file);
      hash.update(zeros);
      at += n;
    };
    await skipPad();
    const arrays: TypedArray[] = [];
    for (const s of header.arrays) {
      const ctor = ARRAY_TYPES[s.type];
      const byteLength = s.length * ctor.BYTES_PER_ELEMENT;
      const buffer = options.shared ? new SharedArrayBuffer(byteLength) : new ArrayBuffer(byteLength);
      const bytes = new Uint8Array(buffer);
      for (let done = 0; done < byteLength; done += CHUNK) {
        const part = bytes.subarray(done, Math.min(byteLength, done + CHUNK));
        await readExactly(fh, part, at + done, file);
        hash.update(part);
      }
      at += byteLength;
      arrays.push(new (ctor as unknown as new (b: ArrayBufferLike) => TypedArray)(buffer));
      await skipPad();
    }
    const trailer = Buffer.alloc(END.length + HASH_BYTES);
    await readExactly(fh, trailer, at, file);
    if (!trailer.subarray(0, END.length).equals(END)) throw new IndexFileError(file, 'no end marker');
    if (!trailer.subarray(END.length).equals(hash.digest())) throw new IndexFileError(file, 'checksum does not match (corrupt)');
    const data = revive(header.shape, arrays) as IndexData;
    if (data.version !== header.version) throw new IndexFileError(file, 'header and index disagree on the version');
    return data;
  } finally {
    await fh.close();
  }
}
