import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';

/** A file written line by line with back-pressure, so a million rows never pile up in memory. */
export class LineWriter {
  private readonly stream: WriteStream;
  private buffer: string[] = [];
  private size = 0;
  lines = 0;

  constructor(
    readonly path: string,
    private readonly eol: string = '\r\n',
    prefix: Buffer | null = null,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    this.stream = createWriteStream(path);
    if (prefix) this.stream.write(prefix);
  }

  async write(line: string): Promise<void> {
    this.buffer.push(line, this.eol);
    this.size += line.length + this.eol.length;
    this.lines += 1;
    if (this.size > 1 << 16) await this.flush();
  }

  private async flush(): Promise<void> {
    const chunk = this.buffer.join('');
    this.buffer = [];
    this.size = 0;
    if (!this.stream.write(chunk)) await new Promise<void>((resolve) => this.stream.once('drain', () => resolve()));
  }

  /** Flushes, writes an optional trailer (OFAC's Ctrl-Z) and closes. */
  async close(trailer: Buffer | null = null): Promise<void> {
    await this.flush();
    if (trailer) this.stream.write(trailer);
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}

/** Every value quoted, quotes doubled (SAM, current LEIE, NPPES style). */
export const quoteAll = (values: readonly string[]): string => values.map((v) => `"${v.replaceAll('"', '""')}"`).join(',');

/** Quoted only when needed (state exports). */
export const quoteNeeded = (values: readonly string[]): string =>
  values.map((v) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(',');
