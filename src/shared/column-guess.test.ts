import { describe, expect, it } from 'vitest';
import variants from '../../test/fixtures/header-variants.json' with { type: 'json' };
import { guessCriterion, guessMapping, headerWords } from './column-guess';
import { QUICK_BATCHES } from './quick-batches';

type Labelled = [string, string | null][];
const { tuning, heldOut } = variants as unknown as { tuning: Labelled; heldOut: Labelled };

/** Share of headers whose guess is the label (a wrong criterion and a missed one both count as wrong). */
const accuracyOf = (set: Labelled) => set.filter(([label, expected]) => guessCriterion(label) === expected).length / set.length;

describe('guessCriterion', () => {
  it('reads the issue’s examples whatever their case, spacing and punctuation', () => {
    const cases: [string, string][] = [
      ['First', 'First Name'], ['Given Name', 'First Name'], ['first_name', 'First Name'], ['  FIRST   NAME ', 'First Name'],
      ['Last', 'Last Name'], ['Surname', 'Last Name'], ['Family Name', 'Last Name'],
      ['DOB', 'Date of Birth'], ['Date of Birth', 'Date of Birth'], ['Birth Date', 'Date of Birth'],
      ['NPI Number', 'NPI'], ['NPI #', 'NPI'], ['SSN', 'SSN'], ['Middle', 'Middle Name'],
    ];
    for (const [label, criterion] of cases) expect(guessCriterion(label), label).toBe(criterion);
  });

  it('leaves columns that name someone else or nothing it searches unmapped', () => {
    for (const label of ['Emergency Contact Name', 'Name', 'Employee ID', 'Hire Date', 'NPI Status', '']) expect(guessCriterion(label), label).toBeNull();
  });

  it('splits camelCase and drops hints in parentheses', () => {
    expect(headerWords('NPINumber (10 digits)')).toEqual(['npi', 'number']);
    expect(headerWords('SocSecNo')).toEqual(['social', 'security', 'number']);
  });

  it('gets every header of the tuning set right and at least 85% of the held-out set', () => {
    expect(accuracyOf(tuning)).toBe(1);
    expect(accuracyOf(heldOut)).toBeGreaterThanOrEqual(0.85);
    expect(tuning.length + heldOut.length).toBeGreaterThan(120);
  });
});

describe('guessMapping', () => {
  it('maps each criterion to one column: the plain synonym beats a qualified one, then the first column', () => {
    expect(guessMapping(['Provider First Name', 'First Name', 'Last', 'Surname', 'Dept'])).toEqual({ 'First Name': 'First Name', Last: 'Last Name' });
  });

  it('maps every header of the templates it hands out', () => {
    for (const quick of Object.values(QUICK_BATCHES)) expect(Object.values(guessMapping(quick.templateHeaders))).toEqual(quick.templateHeaders);
  });
});
