import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areNicknames, isKnownGivenName, nicknameTableStats, relatedNames } from './nicknames';

const PUBLIC_TABLE = new URL('../../../shared/data/nicknames/names.csv', import.meta.url);
const hasPublicTable = existsSync(PUBLIC_TABLE);

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

describe.skipIf(!hasPublicTable)(hasPublicTable ? 'coverage of the public nickname table' : 'coverage of the public nickname table (skipped: ../shared/data/nicknames/names.csv is not on this machine)', () => {
  it('relates at least 60% of the public pairs', () => {
    const lines = readFileSync(PUBLIC_TABLE, 'utf8').split(/\r?\n/).slice(1).filter(Boolean);
    let covered = 0;
    const missed = new Map<string, number>();
    for (const line of lines) {
      const [a, , b] = line.split(',');
      if (areNicknames(a, b)) covered++;
      else missed.set(a, (missed.get(a) ?? 0) + 1);
    }
    const share = covered / lines.length;
    console.log(`nickname coverage: ${covered}/${lines.length} public pairs = ${(share * 100).toFixed(1)}% (our table: ${JSON.stringify(nicknameTableStats())})`);
    expect(share).toBeGreaterThanOrEqual(0.6);
  });
});
