const QUOTE = 0x22;
const COMMA = 0x2c;

/**
 * Cuts only some columns out of lines written with every field quoted and no quote inside
 * (NPPES, SAM, current LEIE): `"a","","b"`. NPPES lines have 330 fields, most empty, of which
 * a mapper reads about a third; walking the `","` separators and slicing only the wanted
 * fields costs about half of splitting the whole line.
 *
 * A line is cut exactly when `splitSimpleLine` would split it as quoted fields (it starts and
 * ends with a quote, and every other quote belongs to a `","` separator); for any other line
 * `cut` answers -1 and the caller reads it with the full CSV reader.
 */
export class QuotedLineCutter {
  /**
   * The cut fields, by column index: the wanted ones of the last line cut, '' for the others.
   * One array reused for every line, so a reader of it must not keep it.
   */
  readonly fields: string[];
  /** Whether the last line cut had text (other than blanks) in a field past `width`. */
  hasTextPastWidth = false;
  private readonly isWanted: Uint8Array;

  constructor(
    private readonly width: number,
    columns: readonly number[],
  ) {
    this.fields = new Array<string>(width).fill('');
    this.isWanted = new Uint8Array(width);
    for (const column of columns) if (column >= 0 && column < width) this.isWanted[column] = 1;
  }

  /** Cuts a line into `fields`; returns its number of fields, or -1 when it is not such a line. */
  cut(text: string): number {
    const last = text.length - 1;
    if (last < 1 || text.charCodeAt(0) !== QUOTE || text.charCodeAt(last) !== QUOTE) return -1;
    const { fields, isWanted, width } = this;
    this.hasTextPastWidth = false;
    let index = 0;
    let start = 1; // first character of the current field, after its opening quote
    for (;;) {
      // Most fields are empty: the closing quote follows at once.
      const end = text.charCodeAt(start) === QUOTE ? start : text.indexOf('"', start);
      if (end === -1) return -1;
      if (index < width) {
        if (isWanted[index] === 1) fields[index] = end === start ? '' : text.slice(start, end);
      } else if (end > start && text.slice(start, end).trim() !== '') {
        this.hasTextPastWidth = true;
      }
      index += 1;
      if (end === last) return index;
      if (text.charCodeAt(end + 1) !== COMMA || text.charCodeAt(end + 2) !== QUOTE) return -1;
      start = end + 3;
    }
  }
}
