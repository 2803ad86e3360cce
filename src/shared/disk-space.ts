/** What the server says when its disk is full (issue 53 §4, ADR 112). */

const MB = 1024 * 1024;

/** Whole megabytes, rounded down: '2 MB'. */
export const formatMegabytes = (bytes: number): string => `${Math.floor(bytes / MB)} MB`;

/** The answer to an upload (or any other change) refused or broken by a full disk. */
export function diskFullMessage(freeBytes: number | null, what: 'upload' | 'change' = 'upload'): string {
  const free = freeBytes === null ? '' : ` (DATA_DIR has ${formatMegabytes(freeBytes)} free)`;
  const lost = what === 'upload' ? 'the upload was not stored' : 'the change was not saved';
  return `The server's disk is full${free}: ${lost}. Ask your administrator to free space.`;
}
