import { describe, expect, it } from 'vitest';
import { everyJurisdiction, STATE_LISTS, STATES_WITHOUT_LIST, statesCoveredWords, withoutListWords } from './state-lists';

const SEVEN = ['NM', 'OK', 'RI', 'SD', 'UT', 'VA', 'WI'];

describe('every state, with a list or without', () => {
  it('names every state of the registry once, searched, and the seven without a list with the LEIE as their cover', () => {
    const rows = everyJurisdiction();
    expect(new Set(rows.map((r) => r.state)).size).toBe(rows.length);
    for (const list of STATE_LISTS) expect(rows.find((r) => r.state === list.state), list.state).toMatchObject({ searched: true });
    expect(rows.filter((r) => !r.searched && SEVEN.includes(r.state)).map((r) => r.state).sort()).toEqual(SEVEN);
    expect(rows.find((r) => r.state === 'VA')!.words).toBe("Virginia publishes no list; OIG's LEIE covers it.");
    expect(rows.length).toBeLessThanOrEqual(51);
    // By name, for the pages.
    expect(rows.map((r) => r.stateName)).toEqual([...rows.map((r) => r.stateName)].sort((a, b) => a.localeCompare(b)));
  });

  it('says why a published list is not searched, and drops a state from the without-list once its list is in the registry', () => {
    const florida = STATES_WITHOUT_LIST.find((s) => s.state === 'FL')!;
    expect(withoutListWords(florida)).toMatch(/^Florida publishes a list \(AHCA.*not searched/);
    const searchedStates = new Set<string>(STATE_LISTS.map((l) => l.state));
    const rows = everyJurisdiction();
    for (const s of STATES_WITHOUT_LIST) expect(rows.find((r) => r.state === s.state)!.searched).toBe(searchedStates.has(s.state));
  });

  it('marks a state whose list is read by its documented layout only', () => {
    const rows = everyJurisdiction();
    expect(rows.filter((r) => r.documented).map((r) => r.state).sort()).toEqual(expect.arrayContaining(['DC', 'MN', 'MO', 'NH', 'NV', 'OR']));
    expect(rows.find((r) => r.state === 'NY')!.documented).toBe(false);
  });

  it('counts the states and DC in words', () => {
    expect(statesCoveredWords()).toMatch(/^\d+ states and the District of Columbia$/);
  });
});
