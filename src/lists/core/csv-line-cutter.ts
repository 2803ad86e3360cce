const QUOTE = 0x22;
const COMMA = 0x2c;

// A run of empty quoted fields: `"",` each. One sticky match skips a run natively; NPPES lines
// hold runs of up to ~250 (the unused taxonomy and identifier groups).
const EMPTY_QUOTED_FIELDS = /(?:"",)+/y;

/**
 * Cuts only some columns out of one-line comma-separated records with no quote to unescape:
 * every field either quoted with no quote inside (`"a b"`, NPPES, SAM, current LEIE) or
 * unquoted with no quote at all (`a b`, the empty fields of the 2017 LEIE layout). NPPES lines
 * have 330 fields, most empty, of which a mapper reads about a third: walking the separators
 * and slicing only the wanted fields costs a fraction of splitting the whole line.
 *
 * Such a line reads the same with the full CSV reader (CsvRecordReader). For any other line
 * (an escaped `""`, a quote inside an unquoted field, text after a closing quote, a quoted
 * field going on on the next line) `cut` answers -1 and the caller uses the full reader.
 */
export class CsvLineCutter {
  /**
   * The cut fields, by column index: the wanted ones of the last line cut, '' for the others.
   * One array reused for every line, so a reader of it must not keep it.
   */
  readonly fields: string[];
  /** Whether the last line cut had text (other than blanks) in a field past `width`. */
  hasTextPastWidth = false;
  private readonly isWanted: Uint8Array;
  // Columns given text by the last cut (the first `filledCount`): emptied before the next one
  // (empty fields are skipped). A count rather than `length = 0`, which is a runtime call.
  private readonly filled: number[] = [];
  private filledCount = 0;

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
    const length = text.length;
    // Blank lines are no record for the full reader.
    if (text.charCodeAt(0) !== QUOTE && text.trim() === '') return -1;
    this.clear();
    let index = 0;
    let start = 0; // where the current field starts (its opening quote, if quoted)
    for (;;) {
      if (text.charCodeAt(start) === QUOTE && text.charCodeAt(start + 1) === QUOTE && text.charCodeAt(start + 2) === COMMA) {
        EMPTY_QUOTED_FIELDS.lastIndex = start;
        EMPTY_QUOTED_FIELDS.test(text); // matches: the condition above is its first field
        index += (EMPTY_QUOTED_FIELDS.lastIndex - start) / 3;
        start = EMPTY_QUOTED_FIELDS.lastIndex;
        continue;
      }
      let end: number; // the field's text is [from, end); its delimiter, if any, is at `next - 1`
      let from = start;
      let next: number;
      if (text.charCodeAt(start) === QUOTE) {
        from = start + 1;
        end = text.indexOf('"', from);
        if (end === -1) return -1; // goes on on the next line
        next = end + 1;
        if (next < length && text.charCodeAt(next) !== COMMA) return -1; // `""` or text after the quote
      } else {
        next = text.indexOf(',', start);
        if (next === -1) next = length;
        end = next;
        for (let i = start; i < end; i += 1) if (text.charCodeAt(i) === QUOTE) return -1; // kept literally by the full reader
      }
      if (end > from) this.take(index, text, from, end);
      index += 1;
      if (next >= length) return index;
      start = next + 1;
    }
  }

  /** Keeps the non-empty field `index` when wanted; notes text past the width. */
  private take(index: number, text: string, from: number, end: number): void {
    if (index >= this.width) {
      if (text.slice(from, end).trim() !== '') this.hasTextPastWidth = true;
    } else if (this.isWanted[index] === 1) {
      this.fields[index] = text.slice(from, end);
      this.filled[this.filledCount] = index;
      this.filledCount += 1;
    }
  }

  private clear(): void {
    for (let i = 0; i < this.filledCount; i += 1) this.fields[this.filled[i]] = '';
    this.filledCount = 0;
    this.hasTextPastWidth = false;
  }
}
