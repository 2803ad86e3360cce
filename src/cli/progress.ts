/**
 * A one-line progress message redrawn in place on a terminal, at most ten times a second.
 * Nothing is drawn when the stream is not a terminal (a file, a pipe, CI logs).
 */
export interface ProgressStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

export interface ProgressLine {
  update(text: string): void;
  /** Removes the line, so the next output starts at the left edge. */
  clear(): void;
}

const REDRAW_MS = 100;

export function progressLine(stream: ProgressStream): ProgressLine | null {
  if (!stream.isTTY) return null;
  let lastDraw = 0;
  let isShown = false;
  return {
    update(text) {
      const now = Date.now();
      if (isShown && now - lastDraw < REDRAW_MS) return;
      lastDraw = now;
      isShown = true;
      stream.write(`\r${text}\x1b[K`);
    },
    clear() {
      if (isShown) stream.write('\r\x1b[K');
      isShown = false;
    },
  };
}

export const count = (n: number) => n.toLocaleString('en-US');
