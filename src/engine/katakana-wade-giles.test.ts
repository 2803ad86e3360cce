import { describe, expect, it } from 'vitest';
import { explanationWords } from '#shared/match-words';
import { buildIndex } from './index-builder';
import { scorePair } from './score-pair';
import { screen } from './screen';
import { listRecord } from './test-records';
import { normalizeText } from './text-normalize';
import { compareTokens } from './token-similarity';

const words = (a: string, b: string): string => {
  const e = scorePair(a, b, 'person').explanation;
  const w = explanationWords(e);
  return [...w.lines, ...w.notes].join(' | ');
};

describe('katakana renderings of foreign names (ADR 043)', () => {
  it('reads katakana in Hepburn: yoon, the small tsu, the long-vowel mark, n before b/p/m, ヴ', () => {
    expect(normalizeText('ジョージ・ブッシュ')).toBe('joji busshu');
    expect(normalizeText('ドナルド・トランプ')).toBe('donarudo torampu');
    expect(normalizeText('ヴォロディミル・ゼレンスキー')).toBe('vorodimiru zerensuki');
    expect(normalizeText('まりこ')).toBe('mariko');
  });

  it('meets the Latin name through the vowels katakana adds, l/r and v/b, and says so in words', () => {
    for (const [kana, latin] of [['バラク・オバマ', 'Barack Obama'], ['アンゲラ・メルケル', 'Angela Merkel'], ['マーガレット・サッチャー', 'Margaret Thatcher'], ['ドナルド・トランプ', 'Donald Trump']]) {
      expect(scorePair(kana, latin, 'person').match, `${kana} / ${latin}`).toBe(true);
    }
    expect(scorePair('バラク・オバマ', 'Michelle Obama', 'person').match).toBe(false);
    expect(scorePair('ビル・クリントン', 'Hillary Clinton', 'person').match).toBe(false);
    const w = words('バラク・オバマ', 'Barack Obama');
    expect(w).toContain('katakana reading of the same name (Baraku vs Barack');
    expect(w).toContain('transliterated from Japanese');
  });

  it('never compares two Latin names that way', () => {
    expect(compareTokens('merukeru', 'merkel', 'surname', 'kana').method).toBe('kana');
    expect(compareTokens('merukeru', 'merkel', 'surname').method).not.toBe('kana');
    expect(scorePair('Baraku Obama', 'Barack Obama', 'person').explanation.fields.some((f) => f.method === 'kana')).toBe(false);
  });
});

describe('Wade-Giles and pinyin spellings of one Chinese name (ADR 043)', () => {
  it('meets pinyin, says which is the Wade-Giles spelling, and keeps other people apart', () => {
    for (const [wg, py] of [['Mao Tse-tung', 'Mao Zedong'], ['Chu Teh', 'Zhu De'], ['毛泽东', 'Mao Tse-tung']]) {
      expect(scorePair(wg, py, 'person').match, `${wg} / ${py}`).toBe(true);
    }
    expect(words('Mao Tse-tung', 'Mao Zedong')).toContain('is the Wade-Giles spelling of Zedong');
    expect(scorePair('Mao Tse-tung', 'Mao Anying', 'person').match).toBe(false);
  });

  it('between a pinyin name and another, wants a spelling only Wade-Giles writes', () => {
    expect(compareTokens('tung', 'dong', 'surname', 'pinyin').method).toBe('wade-giles');
    // ch before i and another letter is never pinyin (ADR 050): Chiang Ching-kuo has no other Wade-Giles mark.
    expect(scorePair('Chiang Ching-kuo', 'Jiang Jingguo', 'person').match).toBe(true);
    expect(scorePair('Chiang Ching-kuo', 'Jiang Zemin', 'person').match).toBe(false);
    expect(compareTokens('dan', 'tan', 'given', 'pinyin').method).not.toBe('wade-giles');
    expect(compareTokens('tung', 'dong', 'surname').method).not.toBe('wade-giles');
  });

  it('finds the list name in the other romanisation, or from katakana, through screening', () => {
    const index = buildIndex([
      listRecord('ofac-sdn', 'MAO', 'person', { firstName: 'Tse-tung', lastName: 'MAO' }),
      listRecord('ofac-sdn', 'WEI', 'person', { firstName: 'Hsueh Kang', lastName: 'WEI' }),
      listRecord('leie', 'DENG', 'person', { firstName: 'Xiaoping', lastName: 'Deng' }),
      listRecord('ofac-sdn', 'OBAMA', 'person', { firstName: 'Barack', lastName: 'Obama' }),
      listRecord('ofac-sdn', 'WEIOTHER', 'person', { firstName: 'Hsueh Yuan', lastName: 'WEI' }),
    ]);
    const ids = (firstName: string, lastName: string): string[] => screen(index, { type: 'individual', firstName, lastName }).hits.filter((h) => h.isMatch).map((h) => h.record.sourceRecordId);
    expect(ids('Zedong', 'Mao')).toEqual(['MAO']);
    expect(ids('Xuekang', 'Wei')).toEqual(['WEI']);
    expect(ids('Hsiao-ping', 'Teng')).toEqual(['DENG']);
    expect(ids('バラク', 'オバマ')).toEqual(['OBAMA']);
  });
});
