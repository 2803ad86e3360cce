import { describe, expect, it } from 'vitest';
import { DROPPED_SIGNS, type DroppedSign } from '#shared/review-threshold';
import { pickExamples } from './dropped-variants';

const candidate = (row_index: number, score: number, ...signs: DroppedSign[]) => ({ row_index, score, ...Object.fromEntries(DROPPED_SIGNS.map((s) => [s, signs.includes(s)])) }) as { row_index: number; score: number } & Record<DroppedSign, boolean>;

describe('the examples of dropped findings', () => {
  it('shows the best of each kind before filling with the best scored, at most five, highest score first', () => {
    const nicknames = [1, 2, 3, 4, 5, 6].map((i) => candidate(i, 0.89 - i / 1000, 'nickname'));
    const picked = pickExamples([...nicknames, candidate(7, 0.85, 'dobTypo'), candidate(8, 0.84, 'nameOrder', 'nickname'), candidate(9, 0.83, 'dobTypo')]);
    expect(picked.map((c) => c.row_index)).toEqual([1, 2, 3, 7, 8]);
    expect(pickExamples(nicknames.slice(0, 2)).map((c) => c.row_index)).toEqual([1, 2]);
  });
});
