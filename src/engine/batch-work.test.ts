/**
 * Work a batch's queries share (ADR 079): the options are read once for all of them, and a name token is
 * expanded once per dictionary whatever the number of rows carrying it (first names, common surnames).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expandToken } from './candidates';
import { buildIndex } from './index-builder';
import type { MatchIndex } from './match-index';
import { looseSpellingOf } from './loose-spelling';
import { sharedWork } from './parts-lexicon';
import { personNameFromFields } from './person-name';
import type { IndividualQuery } from './query-types';
import { screen, screenMany } from './screen';
import { optionsWork } from './settings';
import { syntheticIndividuals, syntheticRecords } from './synthetic-records';

let index: MatchIndex;
let rows: IndividualQuery[];
const BATCH = { threshold: 0.85, minScore: 0.7, sources: ['leie', 'sam', 'state-ny'] as const, explain: 'matches' as const };

beforeAll(() => {
  const records = [...syntheticRecords(6000, 79)];
  index = buildIndex(records, { version: 'batch-work' });
  // Listed people (their date of birth or none) and people not listed.
  const listed = records.filter((r) => r.lastName).slice(0, 300);
  rows = [...listed.map((r, i): IndividualQuery => ({ type: 'individual', firstName: r.firstName ?? '', lastName: r.lastName ?? '', dateOfBirth: i % 2 ? r.dateOfBirth : null })), ...syntheticIndividuals(300, 79)];
});

describe('work shared by a batch’s queries (ADR 079)', () => {
  it('reads the options once for all the queries of screenMany, and answers as screen() does query by query', () => {
    const start = optionsWork.resolved;
    const many = screenMany(index, rows, BATCH);
    expect(optionsWork.resolved - start).toBe(1);
    const one = rows.map((q) => screen(index, q, BATCH));
    expect(optionsWork.resolved - start).toBe(1 + rows.length);
    expect(JSON.stringify(many)).toBe(JSON.stringify(one));
    expect(many.filter((r) => r.hits.length > 0).length).toBeGreaterThan(10);
  });

  it('expands each distinct name token once per dictionary, however many rows carry it', () => {
    // A fresh index: its dictionary has expanded nothing yet.
    const fresh = buildIndex(syntheticRecords(3000, 80), { version: 'batch-work-fresh' });
    // Each name token the rows carry, as a kind of expansion (given or surname, its loose spelling) and the token.
    const distinct = new Set<string>();
    for (const q of rows) {
      const name = personNameFromFields(q.firstName ?? '', q.middleName ?? '', q.lastName ?? '');
      const loose = looseSpellingOf([q.firstName, q.middleName, q.lastName].filter(Boolean).join(' ')) ?? '';
      if (name.first.length >= 2) distinct.add(`g${loose}:${name.first}`);
      for (const t of name.last) if (t.length >= 2) distinct.add(`s${loose}:${t}`);
      if (name.last.length > 1) distinct.add(`s:${name.last.join('')}`);
      for (const t of name.middle) if (t.length >= 2) distinct.add(`g${loose}:${t}`);
    }
    // The roster repeats names: far fewer distinct tokens than tokens.
    expect(distinct.size).toBeLessThan(rows.length * 1.5);
    const start = sharedWork.expansions;
    screenMany(fresh, rows, BATCH);
    const first = sharedWork.expansions - start;
    expect(first).toBe(distinct.size);
    // The same batch again (the next chunk with the same names): nothing expanded.
    screenMany(fresh, rows, BATCH);
    expect(sharedWork.expansions - start).toBe(first);
    // The kept expansion is the one computed (the same array for the same kind of expansion).
    const [kind, token] = [...distinct][0].split(':');
    expect(expandToken(fresh, token, 'Fuzzy', kind.startsWith('g'))).toBe(expandToken(fresh, token, 'Fuzzy', kind.startsWith('g')));
  });
});
