import { describe, expect, it } from 'vitest';
import { guessUniqueId } from './roster-file-form';

describe('the unique id column proposed for a roster file', () => {
  it('is an id-like header not mapped to a search criterion', () => {
    expect(guessUniqueId(['Employee Id', 'First Name', 'Last Name'], { 'First Name': 'First Name', 'Last Name': 'Last Name' })).toBe('Employee Id');
    expect(guessUniqueId(['Badge #', 'Name'], {})).toBe('Badge #');
    expect(guessUniqueId(['Vendor No', 'Company'], { Company: 'Company Name' })).toBe('Vendor No');
    expect(guessUniqueId(['Payroll Number', 'Surname'], {})).toBe('Payroll Number');
  });

  it('is none when only mapped or unrelated columns look like one', () => {
    expect(guessUniqueId(['NPI', 'Given Name'], { NPI: 'NPI' })).toBeNull();
    expect(guessUniqueId(['Department', 'Surname', 'Middle'], {})).toBeNull();
    expect(guessUniqueId(['Valid', 'Paid'], {})).toBeNull();
  });
});
