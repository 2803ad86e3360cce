import { describe, expect, it } from 'vitest';
import { areNicknames, isKnownGivenName, nicknameTableStats, relatedNames } from './nicknames';


describe('nickname table', () => {
  it('relates the classic pairs both ways', () => {
    for (const [a, b] of [
      ['bob', 'robert'],
      ['peggy', 'margaret'],
      ['bill', 'william'],
      ['robert', 'bob'],
      ['sean', 'shawn'],
      ['jack', 'john'],
      ['hank', 'henry'],
      ['polly', 'mary'],
    ]) {
      expect(areNicknames(a, b), `${a}/${b}`).toBe(true);
    }
  });

  it('keeps names that only share a nickname apart', () => {
    expect(areNicknames('albert', 'alfred')).toBe(false);
    expect(areNicknames('mary', 'mark')).toBe(false);
    expect(areNicknames('john', 'john')).toBe(false);
  });

  it('has several hundred formal names', () => {
    const stats = nicknameTableStats();
    expect(stats.groups).toBeGreaterThan(300);
    expect(isKnownGivenName('margaret')).toBe(true);
    expect(relatedNames('william')).toContain('bill');
  });
});
