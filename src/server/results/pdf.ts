/** A PDF written while it streams: the writer pauses between pages of rows while the reader lags. */
import type { Readable } from 'node:stream';

export type Pdf = PDFKit.PDFDocument;

/** Bytes the document may hold unread before the writer waits. */
const MAX_UNREAD_BYTES = 1 << 20;

async function readerCaughtUp(doc: Pdf): Promise<void> {
  while (doc.readableLength > MAX_UNREAD_BYTES && !doc.destroyed) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Answers the document as a stream at once and writes it with `write`, which calls `pause()` between pages. */
export function pdfStream(doc: Pdf, write: (pause: () => Promise<void>) => Promise<void>): Readable {
  void write(() => readerCaughtUp(doc))
    .then(() => doc.end())
    .catch((error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))));
  return doc as unknown as Readable;
}
