import { describe, expect, it } from 'vitest';
import { copyJson, copyText } from './result-lines';

/** What copyJson gave before ADR 096: the JSON text through copyText's expression. */
const slowCopyJson = (value: unknown): string => (value === null || value === undefined ? '\\N' : copyText(JSON.stringify(value)));

describe('copyJson (ADR 096)', () => {
  it('gives what copyText of the JSON text gives, for every character before U+0100 and the ones JSON escapes', () => {
    const chars = Array.from({ length: 0x100 }, (_, c) => String.fromCharCode(c)).concat(['\u2028', '\u2029', '\ud800', '\udfff', '\ud83d\ude00', 'Zoë', '李']);
    const values: unknown[] = [];
    for (const c of chars) {
      values.push(c, `a${c}b`, { [c]: c }, [c, `${c}\\${c}`]);
      for (const d of ['\\', '\t', '\n', '\r', '"', 'x']) values.push(`${c}${d}`, { k: `${d}${c}${d}`, n: [1, null, `${c}${d}`] });
    }
    values.push(null, undefined, 0, -1.5, NaN, true, '', {}, [], { a: { b: { c: 'a\\b\tc\nd\re' } }, score: 0.8731 });
    for (const value of values) expect(copyJson(value), JSON.stringify(value)).toBe(slowCopyJson(value));
  });
});
