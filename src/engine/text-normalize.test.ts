/** normalizeText's shortcuts for plain names (ADR 089) and other ASCII text (ADR 092) give what its every step gives. */
import { describe, expect, it } from 'vitest';
import { SYNTHETIC_FIRST_NAMES, SYNTHETIC_SURNAMES } from './synthetic-names';
import { normalizeAscii, normalizeEveryStep, normalizeText } from './text-normalize';

const cased = (w: string, i: number) => (i % 3 === 0 ? w.toUpperCase() : i % 3 === 1 ? w[0].toUpperCase() + w.slice(1) : w);

describe('normalizeText', () => {
  it('gives plain names (ASCII words one space apart) what every step gives', () => {
    const firsts = SYNTHETIC_FIRST_NAMES.filter(Boolean);
    const lasts = SYNTHETIC_SURNAMES.filter(Boolean);
    const names = firsts.flatMap((f, i) => [cased(f, i), `${cased(f, i)} ${cased(lasts[i % lasts.length], i + 1)}`, `${f} J ${lasts[(i * 7) % lasts.length]} 3rd`]);
    expect(names.length).toBeGreaterThan(100);
    for (const name of names) expect(normalizeText(name)).toBe(normalizeEveryStep(name));
  });

  it('leaves the other names to every step', () => {
    const others = ["O'Brien", 'Mary-Ann  Smith', ' Lee', 'Lee ', 'José Núñez', 'STRAßE', 'Ærø', 'Иванов', '김민준', 'a\tb', 'x'.repeat(400), '', '  '];
    for (const name of others) expect(normalizeText(name)).toBe(normalizeEveryStep(name));
    expect(normalizeText("O'Brien")).toBe('obrien');
    expect(normalizeText('Mary-Ann  Smith')).toBe('mary ann smith');
    expect(normalizeText('x'.repeat(400))).toHaveLength(300);
  });

  it('gives other ASCII text (commas, hyphens, apostrophes, spaces around, controls) what every step gives', () => {
    const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
    // Every pair of ASCII characters, around the characters that separate, join or are kept.
    const texts = ascii.flatMap((a) => ascii.flatMap((b) => ['', ' ', "'", '`', 'x', 'Q', '7', ','].map((m) => a + m + b)));
    texts.push('Smith, John A', ' Lee', 'Lee ', 'SMITH-JONES, MARY', "O'BRIEN, DANIEL P.", 'x, '.repeat(120), '');
    // normalizeText cuts a text at 300 characters before either.
    for (const text of texts) expect(normalizeAscii(text.slice(0, 300))).toBe(normalizeEveryStep(text));
    for (const text of texts) expect(normalizeText(text)).toBe(normalizeEveryStep(text.slice(0, 300)));
    expect(normalizeText('SMITH-JONES, MARY')).toBe('smith jones mary');
  });
});
