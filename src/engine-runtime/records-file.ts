/**
 * A part's records file (ADR 086), written beside its index file by the thread that built the part:
 * the stored JSON text of every record the part holds, in the order the builder added them (list
 * version by version, record id by record id), gzip-compressed. A list change then builds the new
 * part on the index thread from this file plus the new version's changes, instead of reading every
 * record of the list on the serving thread (on PGlite a page read is a synchronous query there).
 *
 * Layout (gzip of text lines): a header line (JSON: format, the part's file key, its version ids),
 * then one line per record: `version id \t record id \t stored JSON`. A record id holding a tab or a
 * line break, or a text holding a line break, cannot be written: the writer then gives up and the
 * part has no records file (the next change builds it from the database, as before).
 */
import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { rename, rm, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import { createGunzip, createGzip, constants, type Gzip } from 'node:zlib';

export const RECORDS_FILE_FORMAT = 'clearlist-records-1';

export interface RecordsFileHeader {
  format: string;
  /** The part's index file key (indexFileKey of its versions): a file under another key is stale. */
  key: string;
  versions: number[];
}

/** What a records file cost: its size on disk and the time spent writing it (ms, compression included). */
export interface WrittenRecordsFile {
  bytes: number;
  ms: number;
  records: number;
}

/** Where a records file is to be written and what it holds. */
export interface RecordsTarget {
  file: string;
  key: string;
  versions: number[];
}

/** Why a records file was not used: the caller builds the part from the database instead. */
export class RecordsFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`records file ${file}: ${reason}`);
    this.name = 'RecordsFileError';
  }
}

const BAD_ID = /[\t\n\r]/;

/** Writes a records file line by line; `finish()` renames it into place, `abort()` removes it. */
export class RecordsFileWriter {
  private readonly tmp: string;
  private readonly gzip: Gzip;
  private readonly out: WriteStream;
  private readonly closed: Promise<void>;
  private broken: string | null = null;
  private ms = 0;
  private count = 0;

  constructor(private readonly target: RecordsTarget) {
    this.tmp = `${target.file}.${randomBytes(6).toString('hex')}.tmp`;
    // Level 1: most of gzip's saving on JSON text at a fraction of its default level's CPU.
    this.gzip = createGzip({ level: 1, chunkSize: 1 << 20, strategy: constants.Z_DEFAULT_STRATEGY });
    mkdirSync(path.dirname(target.file), { recursive: true });
    this.out = createWriteStream(this.tmp);
    // A file that cannot be written (full or read-only disk) costs only the next change's build from the database.
    const failed = (error: Error): void => {
      this.broken ??= error.message;
    };
    this.closed = new Promise((resolve, reject) => {
      this.out.on('close', resolve);
      this.out.on('error', (error) => {
        failed(error);
        reject(error);
      });
      this.gzip.on('error', (error) => {
        failed(error);
        reject(error);
      });
    });
    this.closed.catch(() => undefined);
    this.gzip.pipe(this.out);
    const header: RecordsFileHeader = { format: RECORDS_FILE_FORMAT, key: target.key, versions: target.versions };
    this.gzip.write(`${JSON.stringify(header)}\n`);
  }

  /** Whether the file can still be written (a record it cannot hold stops it). */
  get isBroken(): boolean {
    return this.broken !== null;
  }

  /** Adds a page of records of one version, in the order the builder added them. */
  async page(version: number, ids: readonly string[], texts: readonly string[]): Promise<void> {
    if (this.broken) return;
    const started = performance.now();
    let chunk = '';
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const text = texts[i];
      if (BAD_ID.test(id) || text.includes('\n')) {
        this.broken = `record ${JSON.stringify(id)} cannot be written on one line`;
        return;
      }
      chunk += `${version}\t${id}\t${text}\n`;
    }
    this.count += ids.length;
    const more = this.gzip.write(chunk);
    if (!more) await Promise.race([new Promise<void>((resolve) => this.gzip.once('drain', resolve)), this.closed.catch(() => undefined)]);
    this.ms += performance.now() - started;
  }

  /** Closes the file and puts it in place; null (and no file) when a record could not be written. */
  async finish(): Promise<WrittenRecordsFile | null> {
    if (this.broken) {
      await this.abort();
      return null;
    }
    const started = performance.now();
    try {
      this.gzip.end();
      await this.closed;
      await rename(this.tmp, this.target.file);
    } catch {
      await this.abort();
      return null;
    }
    this.ms += performance.now() - started;
    return { bytes: (await stat(this.target.file)).size, ms: Math.round(this.ms), records: this.count };
  }

  /** Drops the file being written. */
  async abort(): Promise<void> {
    this.gzip.destroy();
    this.out.destroy();
    await rm(this.tmp, { force: true });
  }
}

/** One record of a records file. */
export interface StoredLine {
  version: number;
  id: string;
  text: string;
}

/**
 * The records of a records file, in file order; only those of `version` when given. Throws a
 * RecordsFileError when the file is not one, or holds another key than `expectKey`.
 */
export async function* readRecordsFile(file: string, expectKey: string, version?: number): AsyncGenerator<StoredLine> {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity });
  let header: RecordsFileHeader | null = null;
  const prefix = version === undefined ? null : `${version}\t`;
  try {
    for await (const line of lines) {
      if (header === null) {
        try {
          header = JSON.parse(line) as RecordsFileHeader;
        } catch {
          throw new RecordsFileError(file, 'no header');
        }
        if (header.format !== RECORDS_FILE_FORMAT) throw new RecordsFileError(file, `format ${String(header.format)}, not ${RECORDS_FILE_FORMAT}`);
        if (header.key !== expectKey) throw new RecordsFileError(file, `key ${header.key}, not ${expectKey} (stale)`);
        continue;
      }
      if (prefix !== null && !line.startsWith(prefix)) continue;
      const a = line.indexOf('\t');
      const b = line.indexOf('\t', a + 1);
      if (a < 0 || b < 0) throw new RecordsFileError(file, 'a line without its version and record id');
      yield { version: Number(line.slice(0, a)), id: line.slice(a + 1, b), text: line.slice(b + 1) };
    }
  } finally {
    lines.close();
    input.destroy();
  }
  if (header === null) throw new RecordsFileError(file, 'empty');
}

const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * Record ids in the database's byte order (collation C, or C.UTF-8: the order of `ORDER BY
 * record_id` there), which is the order of the records in a part: UTF-8 bytes compared.
 */
export function compareRecordIds(a: string, b: string): number {
  if (NON_ASCII.test(a) || NON_ASCII.test(b)) return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  return a < b ? -1 : a > b ? 1 : 0;
}
