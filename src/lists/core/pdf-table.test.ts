import { describe, expect, it } from 'vitest';
import type { PdfText } from './pdf-read';
import { cellText } from './pdf-table';

/** A run of text at 10 pt, `right` its right edge, on line `line`. */
const run = (text: string, right: number, line: number): PdfText => ({ text, x0: right - text.length * 6, x1: right, y: 100 + line * 12, size: 10 });

describe('the text of a wrapped PDF cell', () => {
  // Gaps at the cell's right edge (100) as measured on the real files: a word cut for want of room
  // leaves under about half the font size (Maine's "DEBORA" / "H" 2.6 pt at 10 pt), a word wrapped whole more.
  it('joins a word cut at the cell\'s edge back, and keeps the space where a whole word wrapped', () => {
    expect(cellText([run('DEBORA', 97.4, 0), run('H L.', 30, 1)], 100)).toBe('DEBORAH L.');
    expect(cellText([run('AROOSTOOK', 93.5, 0), run('ENT CLINIC', 70, 1)], 100)).toBe('AROOSTOOK ENT CLINIC');
  });

  it('keeps the space where the case changes or the line had several words, and after a free-standing dash', () => {
    expect(cellText([run('Reinstatement', 99, 0), run('Date', 30, 1)], 100)).toBe('Reinstatement Date');
    expect(cellText([run('ROBERT aka', 99, 0), run('MARILYN', 50, 1)], 100)).toBe('ROBERT aka MARILYN');
    expect(cellText([run('DEVELOPMENTALLY -', 90, 0), run('DISABLED', 50, 1)], 100)).toBe('DEVELOPMENTALLY - DISABLED');
  });

  it('goes on without a space after a word ending in a hyphen or slash', () => {
    expect(cellText([run('BILLER-', 80, 0), run('PSYCHOTHERAPY', 90, 1)], 100)).toBe('BILLER-PSYCHOTHERAPY');
    expect(cellText([run('PROVIDER TYPE/', 80, 0), run('SPECIALTY', 60, 1)], 100)).toBe('PROVIDER TYPE/SPECIALTY');
  });
});
