import { describe, expect, it } from 'vitest';
import { staleReason, STALE_AFTER_HOURS } from './home';

const now = new Date('2026-11-24T12:00:00Z');
const fresh = { version: 3, origin: 'update', lastChecked: '2026-11-24T06:00:00Z', lastError: null };

describe('staleReason', () => {
  it('is null for a list checked within the window', () => {
    expect(staleReason(fresh, now)).toBeNull();
  });
  it('names why a list may be out of date', () => {
    expect(staleReason({ ...fresh, version: null }, now)).toBe('Not loaded');
    expect(staleReason({ ...fresh, origin: 'sample' }, now)).toBe('Sample data only');
    expect(staleReason({ ...fresh, lastError: 'HTTP 503' }, now)).toBe('Last update failed');
    expect(staleReason({ ...fresh, lastChecked: '2026-11-22T11:00:00Z' }, now)).toBe(`Not checked for over ${STALE_AFTER_HOURS} hours`);
    expect(staleReason({ ...fresh, lastChecked: null }, now)).toBe(`Not checked for over ${STALE_AFTER_HOURS} hours`);
  });
});
