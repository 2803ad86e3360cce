import { describe, expect, it } from 'vitest';
import { ALGORITHM_VERSION } from './algorithm-version';
import { formatExplanation } from './explanation';
import { buildIndex } from './index-builder';
import { scorePair } from './score-pair';
import { screen } from './screen';
import { sampleRecords } from './test-records';

describe('the algorithm version', () => {
  it('is carried by every hit explanation and by the match command, and printed', () => {
    const index = buildIndex(sampleRecords(), { version: 'v' });
    const hits = screen(index, { type: 'individual', firstName: 'Robert', lastName: 'Smith' }).hits;
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(h.explanation.algorithmVersion).toBe(ALGORITHM_VERSION);
    const pair = scorePair('Siemens AG', 'Siemens Aktiengesellschaft', 'business');
    expect(pair.explanation.algorithmVersion).toBe(ALGORITHM_VERSION);
    expect(formatExplanation(pair.explanation)).toContain(ALGORITHM_VERSION);
  });
});
