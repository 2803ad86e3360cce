/**
 * The parts of an XLSX package (a ZIP, read by `zip.ts`). A file cut short has lost its
 * central directory and is refused before anything is read.
 */
import { XLSX_MAX_PART_BYTES } from './inflate-limits';
import { WorkbookError } from './xls-shared';
import { readZipDirectory, ZipFormatError, zipEntryChunks, type ZipEntry, type ZipSource } from './zip';

/** An opened ZIP: its entries by name. */
export class ZipPackage {
  private constructor(
    readonly path: ZipSource,
    readonly file: string,
    private readonly entries: Map<string, ZipEntry>,
  ) {}

  /** Reads the central directory; throws WorkbookError naming `file` when it is not a whole ZIP. */
  static async open(path: ZipSource, file: string): Promise<ZipPackage> {
    try {
      const entries = await readZipDirectory(path);
      return new ZipPackage(path, file, new Map(entries.map((entry) => [entry.name.replace(/^\//, ''), entry])));
    } catch (error) {
      throw asWorkbookError(error, `${file} is not a readable XLSX workbook`);
    }
  }

  /** The size an entry declares once inflated (0 when missing). */
  sizeOf(name: string): number {
    return this.entries.get(name)?.size ?? 0;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's bytes, inflated and checked, in chunks; throws WorkbookError when damaged. */
  async *stream(name: string): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name);
    const where = `${this.file} is not a readable XLSX workbook: ${name}`;
    if (!entry) throw new WorkbookError(`${where}: missing from the package`);
    if (entry.flags & 1) throw new WorkbookError(`${where}: encrypted (save the workbook without a password)`);
    // The inflate itself stops at the declared size (zip.ts): a part may not declare more than the cap.
    if (entry.size > XLSX_MAX_PART_BYTES) throw new WorkbookError(`The file ${this.file} expands beyond ${XLSX_MAX_PART_BYTES >> 20} MB when read (${name}): refused`);
    try {
      yield* zipEntryChunks(this.path, entry);
    } catch (error) {
      throw asWorkbookError(error, where);
    }
  }
}

function asWorkbookError(error: unknown, where: string): unknown {
  return error instanceof ZipFormatError ? new WorkbookError(`${where}: ${error.message}`) : error;
}
