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
// A run of empty fields: `,""` each. One sticky match skips a run natively; NPPES lines hold
// runs of up to ~250 (the unused taxonomy and identifier groups).
const EMPTY_FIELDS = /(?:,"")+/y;

export class QuotedLineCutter {
  /**
   * The cut fields, by column index: the wanted ones of the last line cut, '' for the others.
   * One array reused for every line, so a reader of it must not keep it.
   */
  readonly fields: string[];
  /** Whether the last line cut had text (other than blanks) in a field past `width`. */
  hasTextPastWidth = false;
  private readonly isWanted: Uint8Array;
  // Columns given text by the last cut: emptied before the next one (empty fields are skipped).
  private readonly filled: number[] = [];

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
    this.clear();
    let index = 0;
    let start = 1; // first character of the current field, after its opening quote
    for (;;) {
      let end = start; // the field's closing quote
      if (text.charCodeAt(start) !== QUOTE) {
        end = text.indexOf('"', start);
        if (end === -1) return -1;
        this.take(index, text, start, end);
      }
      index += 1;
      if (text.charCodeAt(end + 2) === QUOTE && text.charCodeAt(end + 3) === QUOTE) {
        EMPTY_FIELDS.lastIndex = end + 1;
        if (EMPTY_FIELDS.test(text)) {
          const runEnd = EMPTY_FIELDS.lastIndex - 1;
          index += (runEnd - end) / 3;
          end = runEnd;
        }
      }
      if (end === last) return index;
      if (text.charCodeAt(end + 1) !== COMMA || text.charCodeAt(end + 2) !== QUOTE) return -1;
      start = end + 3;
    }
  }

  /** Keeps the non-empty field `index` when wanted; notes text past the width. */
  private take(index: number, text: string, start: number, end: number): void {
    if (index >= this.width) {
      if (text.slice(start, end).trim() !== '') this.hasTextPastWidth = true;
    } else if (this.isWanted[index] === 1) {
      this.fields[index] = text.slice(start, end);
      this.filled.push(index);
    }
  }

  private clear(): void {
    for (const index of this.filled) this.fields[index] = '';
    this.filled.length = 0;
    this.hasTextPastWidth = false;
  }
}
