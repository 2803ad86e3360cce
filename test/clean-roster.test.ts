import { describe, expect, it } from 'vitest';
import { cleanRoster, nameFrequenciesMissing, surnameShares } from './clean-roster';

// The roster of scripts/real-lists-flag-rate.ts, drawn from the census and SSA tables in ../shared (ADR 027).
const missing = nameFrequenciesMissing();

describe.skipIf(missing !== null)(missing ? `clean roster by real name frequencies (skipped: ${missing})` : 'clean roster by real name frequencies', () => {
  const rows = missing ? [] : cleanRoster(5_000, 1);
  /** Census shares of each word of a roster surname ("Garcia Lopez", "Garcia-Lopez"). */
  const shares = (lastName: string) => lastName.split(/[\s-]+/).map((w) => surnameShares(w));

  it('is deterministic by seed, and another seed draws other people', () => {
    expect(cleanRoster(5_000, 1)).toEqual(rows);
    const other = cleanRoster(5_000, 2);
    const same = other.filter((q, i) => q.firstName === rows[i].firstName && q.lastName === rows[i].lastName).length;
    expect(same).toBeLessThan(50);
  });

  it('has Hispanic and Asian surnames at about their census share, and double Hispanic surnames', () => {
    const hispanic = rows.filter((q) => shares(q.lastName).some((s) => (s?.pcthispanic ?? 0) > 50)).length;
    const asian = rows.filter((q) => shares(q.lastName).some((s) => (s?.pctapi ?? 0) > 50)).length;
    expect(hispanic / rows.length).toBeGreaterThanOrEqual(0.1);
    expect(asian).toBeGreaterThan(50);
    const double = rows.filter((q) => /[\s-]/.test(q.lastName)).length;
    expect(double / hispanic).toBeGreaterThan(0.15);
    expect(double / hispanic).toBeLessThan(0.35);
  });

  it('fills the fields of a roster row: middle names half the time, initials a fifth, DOB 1945–2003, a state', () => {
    const full = rows.filter((q) => (q.middleName?.length ?? 0) > 1).length / rows.length;
    const initial = rows.filter((q) => q.middleName?.length === 1).length / rows.length;
    expect(full).toBeGreaterThan(0.45);
    expect(full).toBeLessThan(0.55);
    expect(initial).toBeGreaterThan(0.17);
    expect(initial).toBeLessThan(0.23);
    expect(rows.every((q) => q.dateOfBirth! >= '1945-01-01' && q.dateOfBirth! <= '2003-12-31' && /^[A-Z]{2}$/.test(q.state!))).toBe(true);
  });
});
