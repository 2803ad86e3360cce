/** Thrown when a file is not of the source it was given to (checked on the header or shape). */
export class WrongSourceError extends Error {
  override name = 'WrongSourceError';
}

/** Thrown by a row mapper for a row that cannot be imported; the parser reports it and goes on. */
export class RowError extends Error {
  override name = 'RowError';
}

const shorten = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Builds the wrong-source message: what was expected, and what the file starts with. */
export function wrongSource(title: string, file: string, expected: string, found: string): WrongSourceError {
  return new WrongSourceError(
    `${file} is not in the ${title} layout: expected the header ${shorten(expected)} but the file starts with ${shorten(JSON.stringify(found), 200)}`,
  );
}
