/** The Content-Disposition of a download: the `content-disposition` package, with our ASCII fallback name. */
import { create } from 'content-disposition';

/** "attachment" keeping any file name: the UTF-8 original, and for older clients the name with non-ASCII, quotes and backslashes as "_". */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return create(fileName, { fallback: ascii });
}
