/** How pages sized by time grow (ADR 077, ADR 086's follow-up). */
import { describe, expect, it } from 'vitest';
import { nextTimedPage } from './index-store-reads';

describe('pages sized by time', () => {
  it('grow at most twofold after a fast read, shrink at once after a slow one, within their bounds', () => {
    // 1,000 rows in 1 ms would pace 20,000 rows to 20 ms: the next page is 2,000, then 4,000.
    expect(nextTimedPage(1_000, 1_000, 1, 20, 20_000)).toBe(2_000);
    expect(nextTimedPage(2_000, 2_000, 1, 20, 20_000)).toBe(4_000);
    expect(nextTimedPage(16_000, 16_000, 1, 20, 20_000)).toBe(20_000);
    // 4,000 rows in 400 ms: 200 rows (the smallest), never fewer.
    expect(nextTimedPage(4_000, 4_000, 400, 20, 20_000)).toBe(200);
    expect(nextTimedPage(200, 200, 1_000, 20, 20_000)).toBe(200);
    // On pace: the same size.
    expect(nextTimedPage(1_000, 1_000, 20, 20, 20_000)).toBe(1_000);
  });
});
