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

  it('keeps the nicknames, spelling variants and English/Spanish forms one person is recorded under', () => {
    for (const [a, b] of [
      ['bob', 'robert'],
      ['peggy', 'margaret'],
      ['chris', 'christopher'],
      ['jon', 'john'],
      ['jack', 'john'],
      ['steven', 'stephen'],
      ['katherine', 'catherine'],
      ['mohammed', 'muhammad'],
      ['jose', 'joseph'],
      ['guillermo', 'william'],
      ['francisco', 'frank'],
      ['alejandro', 'alexander'],
      ['liam', 'william'],
      ['sandy', 'alexandra'],
      ['ian', 'iain'],
      ['sean', 'shawn'],
      ['abby', 'abigail'],
      ['addie', 'adelaide'],
      ['theresa', 'tracy'],
      ['josie', 'josephine'],
      ['elsie', 'elizabeth'],
      ['bert', 'albert'],
    ]) {
      expect(areNicknames(a, b), `${a}/${b}`).toBe(true);
      expect(areNicknames(b, a), `${b}/${a}`).toBe(true);
    }
  });

  it('does not relate two names that are each a given name in its own right (issue 52)', () => {
    for (const [a, b] of [
      ['ian', 'john'],
      ['sean', 'john'],
      ['evan', 'john'],
      ['ivan', 'john'],
      ['hans', 'john'],
      ['jan', 'john'],
      ['jonathan', 'john'],
      ['nathan', 'jonathan'],
      ['shane', 'sean'],
      ['nancy', 'agnes'],
      ['nancy', 'ann'],
      ['heidi', 'adelaide'],
      ['gail', 'abigail'],
      ['sandra', 'alexandra'],
      ['alexis', 'alexander'],
      ['megan', 'margaret'],
      ['greta', 'margaret'],
      ['daisy', 'margaret'],
      ['emily', 'amelia'],
      ['emma', 'emily'],
      ['amy', 'amelia'],
      ['erin', 'aaron'],
      ['carl', 'charles'],
      ['colin', 'nicholas'],
      ['cole', 'nicole'],
      ['peter', 'patrick'],
      ['mark', 'marcus'],
      ['mary', 'marilyn'],
      ['mary', 'marion'],
      ['hannah', 'ann'],
      ['hannah', 'susan'],
      ['eileen', 'helen'],
      ['elaine', 'eleanor'],
      ['austin', 'august'],
      ['gary', 'garrett'],
      ['floyd', 'lloyd'],
      ['moses', 'amos'],
      ['sally', 'salvador'],
      ['jessie', 'jane'],
      ['kendrick', 'kenneth'],
      ['bert', 'bob'],
      ['roger', 'bobby'],
      ['rupert', 'robert'],
    ]) {
      expect(areNicknames(a, b), `${a}/${b}`).toBe(false);
      expect(areNicknames(b, a), `${b}/${a}`).toBe(false);
      expect(relatedNames(a), a).not.toContain(b);
    }
  });

  it('still knows the names it no longer relates, so a typo is still told from another name', () => {
    for (const name of ['ian', 'hans', 'gail', 'heidi', 'nancy', 'marilyn', 'floyd', 'lloyd', 'rupert', 'amos']) expect(isKnownGivenName(name), name).toBe(true);
  });

  it('has several hundred formal names', () => {
    const stats = nicknameTableStats();
    expect(stats.groups).toBeGreaterThan(300);
    expect(isKnownGivenName('margaret')).toBe(true);
    expect(relatedNames('william')).toContain('bill');
  });
});
