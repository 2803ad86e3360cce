import { describe, expect, it } from 'vitest';
import { fieldLines } from '#shared/match-words';
import { cutSurname } from './cut-names';
import { scorePair } from './score-pair';

describe('a surname cut at a field length', () => {
  it('is the start of the other: the whole words the same, the last one cut, on either side', () => {
    expect(cutSurname(['jackson', 'va'], ['jackson', 'vasquez'])).toMatchObject({ method: 'cut' });
    expect(cutSurname(['perez', 'ampueda'], ['perez', 'ampu'])).toMatchObject({ method: 'cut' });
    expect(cutSurname(['pirhossein'], ['pirhosseinloo'])).toMatchObject({ method: 'cut' });
  });

  it('is not another family name extending a short or common one, nor words that differ before the cut', () => {
    expect(cutSurname(['williams'], ['williamson'])).toBeNull();
    expect(cutSurname(['martin'], ['martinez'])).toBeNull();
    expect(cutSurname(['jackson', 'va'], ['johnson', 'vasquez'])).toBeNull();
    expect(cutSurname(['jackson', 'vasquez'], ['jackson', 'vasquez'])).toBeNull();
    expect(cutSurname(['jackson'], ['jackson', 'vasquez'])).toBeNull();
  });

  it('finds the person at the default threshold and says the name was cut', () => {
    const pair = scorePair('Sherri N Jackson-Va', 'Jackson-Vasquez, Sherri N', 'person');
    expect(pair.match).toBe(true);
    const last = pair.explanation.fields.find((f) => f.queryField === 'lastName')!;
    expect(last.method).toBe('cut');
    expect(fieldLines([last])).toEqual(['Last name: Jackson Va is Jackson Vasquez cut short, as a field of limited length keeps it']);
    expect(scorePair('Pouya Pirhossein', 'PIRHOSSEINLOO, Pouya', 'person').match).toBe(true);
    expect(scorePair('John Williams', 'WILLIAMSON, JOHN', 'person').match).toBe(false);
  });
});
