import { describe, expect, it } from 'vitest';
import { messyRoster } from '#test/messy-rosters';
import { criterionFromValues, guessColumns, headerSaysNothing } from './column-values';

describe('guessing columns from their values where headers say nothing (issue 18 item 5)', () => {
  it('tells headers that say nothing from those that name something', () => {
    for (const label of ['', 'Column 3', 'Field2', 'Col C', 'Data', 'Unnamed: 4', 'F7']) expect(headerSaysNothing(label), label).toBe(true);
    for (const label of ['ID', 'Employee Number', 'Hire Date', 'Phone', 'Notes']) expect(headerSaysNothing(label), label).toBe(false);
  });

  it('maps a generated roster whose headers were stripped from its values: NPIs, SSNs and dates of birth', () => {
    const roster = messyRoster({ rows: 40, seed: 9, npiShare: 1, ssnShare: 1 });
    const columns = roster.header.map((_, i) => [`Column ${i + 1}`, ...roster.rows.slice(0, 5).map((row) => row[i])]);
    expect(guessColumns(columns)).toEqual({
      'Column 4': { criterion: 'Date of Birth', by: 'values' },
      'Column 5': { criterion: 'NPI', by: 'values' },
      'Column 6': { criterion: 'SSN', by: 'values' },
    });
  });

  it('keeps header guesses first and marks them, and never maps a criterion twice', () => {
    const guesses = guessColumns([
      ['Given Name', 'Ann'],
      ['NPI #', '1234567893', '1245319599'],
      ['Provider ID', '1234567893', '1245319599', '1003000126'],
      ['Column 4', '123-45-6789', '987-65-4321'],
    ]);
    expect(guesses).toEqual({ 'Given Name': { criterion: 'First Name', by: 'header' }, 'NPI #': { criterion: 'NPI', by: 'header' }, 'Column 4': { criterion: 'SSN', by: 'values' } });
  });

  it('leaves alone what is not one shape, or too little to tell, or a named column of 9-digit numbers', () => {
    expect(criterionFromValues(['1234567893', 'n/a', '1245319599'], true)).toBeNull();
    expect(criterionFromValues(['1234567893'], true)).toBeNull();
    expect(criterionFromValues(['1234567890', '1234567891', '1234567892'], true)).toBeNull();
    expect(guessColumns([['Employee Number', '123456789', '987654321', '555443333']])).toEqual({});
    expect(guessColumns([['Provider ID', '1234567893', '1245319599', '1003000126']])).toEqual({ 'Provider ID': { criterion: 'NPI', by: 'values' } });
  });
});
