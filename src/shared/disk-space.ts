/** What the server says when its disk is full (issue 53 §4, ADR 112). */

const MB = 1024 * 1024;

/** Whole megabytes, rounded down: '2 MB'. */
export const formatMegabytes = (bytes: number): string => `${Math.floor(bytes / MB)} MB`;

/** The answer to an upload or import refused or broken by a full disk. */
export function diskFullMessage(freeBytes: number | null): string {
  const free = freeBytes === null ? '' : ` (DATA_DIR has ${formatMegabytes(freeBytes)} free)`;
  return `The server's disk is full${free}: the upload was not stored. Ask your administrator to free space.`;
}
