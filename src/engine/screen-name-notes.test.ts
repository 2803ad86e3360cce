import { describe, expect, it } from 'vitest';
import { explanationWords } from '#shared/match-words';
import { buildIndex } from './index-builder';
import { screen } from './screen';
import type { ScreenQuery } from './query-types';
import { listRecord } from './test-records';

// The words for legal forms, cut names, scripts and titles on SCREEN hits, not only in `clearlist match` (issue 13).
const index = buildIndex([
  listRecord('ofac-sdn', 'SIEMENS', 'business', { businessName: 'Siemens GmbH' }),
  listRecord('leie', 'CUT', 'business', { businessName: 'BANAADIRI HOME HEALTH CARE, LL' }),
  listRecord('ofac-sdn', 'CYR', 'person', { firstName: 'Сергей', lastName: 'Лавров' }),
  listRecord('ofac-sdn', 'HAJI', 'person', { firstName: 'Haji Abdul', lastName: 'Manan' }),
]);
const notesOf = (q: ScreenQuery, id: string): string[] => {
  const hit = screen(index, q).hits.find((h) => h.record.sourceRecordId === id);
  expect(hit, `a hit on ${id}`).toBeDefined();
  return explanationWords(hit!.explanation).notes;
};

describe('words on screening hits', () => {
  it('says the legal forms of two business names, in full', () => {
    expect(notesOf({ type: 'business', name: 'Siemens AG' }, 'SIEMENS')).toContain('Legal form differs: AG = Aktiengesellschaft vs GMBH = Gesellschaft mit beschränkter Haftung');
  });

  it('says a LEIE name was cut at 30 characters, even when its whole words matched', () => {
    const notes = notesOf({ type: 'business', name: 'Banaadiri Home Health Care LLC' }, 'CUT');
    expect(notes).toContain('List name cut at 30 characters: matched by its beginning');
  });

  it('says which script a name was transliterated from, on the list side and the query side', () => {
    expect(notesOf({ type: 'individual', firstName: 'Sergei', lastName: 'Lavrov' }, 'CYR')).toContain('List name transliterated from Cyrillic');
    expect(notesOf({ type: 'individual', firstName: 'Сергей', lastName: 'Лавров' }, 'CYR')).toEqual(expect.arrayContaining(['Query name transliterated from Cyrillic', 'List name transliterated from Cyrillic']));
  });

  it('leaves titles and honorifics out of the comparison on both sides, and says so', () => {
    const plain = screen(index, { type: 'individual', firstName: 'Abdul', lastName: 'Manan' }).hits[0];
    expect(plain.score).toBe(0.9);
    expect(explanationWords(plain.explanation).notes).toContain('Title Haji on the list name only, left out of the comparison');
    const titled = screen(index, { type: 'individual', firstName: 'Hajji Abdul', lastName: 'Manan' }).hits[0];
    expect(titled.score).toBe(0.9);
    expect(explanationWords(titled.explanation).notes).toContain('Title agrees: Hajji = Haji');
    const other = screen(index, { type: 'individual', firstName: 'Dr Abdul', lastName: 'Manan' }).hits[0];
    expect(explanationWords(other.explanation).notes).toContain('Titles differ: Dr vs Haji (left out of the comparison)');
    for (const title of ['Maulawi', 'Mullah', 'Sheikh', 'Dr', 'Mrs', 'Prof', 'Rev', 'Gen', 'Col']) {
      expect(screen(index, { type: 'individual', firstName: `${title} Abdul`, lastName: 'Manan' }).hits[0]?.score, title).toBe(0.9);
    }
  });
});
