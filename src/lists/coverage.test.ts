import { describe, expect, it } from 'vitest';
import { cadenceOf, isLicensed } from './cadence';
import { notSearchedReason, staleWarning } from './coverage';

const NOW = new Date('2026-12-02T10:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

describe('cadences and the words of coverage (ADR 114)', () => {
  it('gives each publisher its cadence and maximum age', () => {
    expect(cadenceOf('leie')).toEqual({ words: 'monthly', maxAgeDays: 45 });
    expect(cadenceOf('sam').maxAgeDays).toBe(3);
    expect(cadenceOf('ofac-sdn').maxAgeDays).toBe(7);
    expect(cadenceOf('state-ca').maxAgeDays).toBe(45);
    expect(isLicensed('dmf')).toBe(true);
    expect(isLicensed('leie')).toBe(false);
  });

  it('says why a list was not searched', () => {
    expect(notSearchedReason('leie')).toBe('not loaded yet');
    expect(notSearchedReason('dmf')).toBe('licensed list not provided: upload it on the Lists page');
  });

  it('warns of a copy older than its cadence only when its last check failed', () => {
    expect(staleWarning('sam', daysAgo(4), { outcome: 'failed', at: daysAgo(1) }, NOW)).toBe("last update failed 1 day ago, data older than its publisher's cadence");
    expect(staleWarning('sam', daysAgo(2), { outcome: 'failed', at: daysAgo(1) }, NOW)).toBeNull();
    expect(staleWarning('sam', daysAgo(4), { outcome: 'unchanged', at: daysAgo(1) }, NOW)).toBeNull();
    expect(staleWarning('sam', daysAgo(4), null, NOW)).toBeNull();
    expect(staleWarning('leie', daysAgo(50), { outcome: 'failed', at: daysAgo(12.5) }, NOW)).toBe("last update failed 12 days ago, data older than its publisher's cadence");
  });
});
