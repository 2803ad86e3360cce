import { describe, expect, it } from 'vitest';
import { formatExplanation } from './explanation';
import { buildIndex } from './index-builder';
import { scorePair } from './score-pair';
import { screen } from './screen';
import { DEFAULT_REVIEW_THRESHOLD } from './settings';
import { listRecord } from './test-records';

const score = (a: string, b: string, type: 'person' | 'business') => scorePair(a, b, type).score;

describe('names the first engine missed', () => {
  it('legal forms in full, short or in front are the same name, and the explanation says so', () => {
    for (const [a, b] of [
      ['Siemens AG', 'Siemens Aktiengesellschaft'],
      ['OAO Gazprom', 'Open Joint Stock Company Gazprom'],
      ['JSC VTB Bank', 'VTB BANK OAO'],
      ['Acme Pharmacy Incorporated', 'ACME PHARMACY, INC.'],
    ]) expect(score(a, b, 'business'), `${a} | ${b}`).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
    expect(formatExplanation(scorePair('Siemens AG', 'Siemens GmbH', 'business').explanation)).toContain('legal form differs: AG = Aktiengesellschaft vs GMBH');
  });

  it('a LEIE business name cut at 30 characters matches the whole name by its beginning', () => {
    expect(score('Banaadiri Home Health Care LLC', 'BANAADIRI HOME HEALTH CARE, LL', 'business')).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
    const cut = scorePair('Sunshine Valley Behavioral Health Services', 'SUNSHINE VALLEY BEHAVIORAL HEA', 'business');
    expect(cut.score).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
    expect(formatExplanation(cut.explanation)).toContain('list name cut at 30 characters');
    // Through the index too, for LEIE records only.
    const index = buildIndex([listRecord('leie', 'B1', 'business', { businessName: 'SUNSHINE VALLEY BEHAVIORAL HEA' }), listRecord('sam', 'B2', 'business', { businessName: 'SUNSHINE VALLEY BEHAVIORAL HEA' })], { version: 't' });
    const hits = screen(index, { type: 'business', name: 'Sunshine Valley Behavioral Health Services' }).hits;
    expect(hits.map((h) => h.record.sourceRecordId)).toEqual(['B1']);
  });

  it('ordinals and number words agree with digits', () => {
    expect(score('1st International Bank', 'FIRST INTERNATIONAL BANK', 'business')).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
    expect(score('Brigade Forty-Four', 'BRIGADE 44', 'business')).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
  });

  it('the same words with the comma elsewhere match; different middle names and a first name that is only the middle name do not', () => {
    expect(score('NASIR, Ali Khan', 'KHAN, Nasir Ali', 'person')).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
    expect(score('Sergey Viktorovich Lavrov', 'Sergey Borisovich Lavrov', 'person')).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
    expect(score('Linda Davis', 'JOSHUA LINDA DAVIS', 'person')).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
    expect(score('Kelly Cobbs Adams', 'KELLY ANN ADAMS', 'person')).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
  });

  it('joined words, a letter written twice and initials', () => {
    for (const [a, b] of [
      ['PolPot', 'POL POT'],
      ['SergeiLavrov', 'Sergei Lavrov'],
      ['Ana Smith', 'ANNA SMITH'],
      ['J.C. Juncker', 'JEAN-CLAUDE JUNCKER'],
    ]) expect(score(a, b, 'person'), `${a} | ${b}`).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
    expect(score('SiemensAG', 'SIEMENS AG', 'business')).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
    expect(score('Main Street Pharmacy', 'MAIN STREET 1095 PROPRIETARY LIMITED', 'business')).toBeLessThan(DEFAULT_REVIEW_THRESHOLD);
  });

  it('names in other scripts meet their Latin forms, and the explanation names the script', () => {
    for (const [a, b] of [
      ['Сергей Лавров', 'LAVROV, Sergey'],
      ['Αλέξης Τσίπρας', 'Alexis Tsipras'],
      ['Նիկոլ Փաշինյան', 'Nikol Pashinyan'],
      ['习近平', 'XI Jinping'],
      ['ហ៊ុន សែន', 'HUN Sen'],
    ]) expect(score(a, b, 'person'), `${a} | ${b}`).toBeGreaterThanOrEqual(DEFAULT_REVIEW_THRESHOLD);
    expect(formatExplanation(scorePair('Сергей Лавров', 'LAVROV, Sergey', 'person').explanation)).toContain('query name transliterated from Cyrillic');
    // Through the index: a list name kept in its own script is found by its Latin form, and shown as written.
    const index = buildIndex([listRecord('ofac-sdn', 'P1', 'person', { firstName: 'Сергей', lastName: 'Лавров' })], { version: 't' });
    const hit = screen(index, { type: 'individual', firstName: 'Sergei', lastName: 'Lavrov' }).hits[0];
    expect(hit?.isMatch).toBe(true);
    expect(hit.record.lastName).toBe('Лавров');
    expect(hit.explanation.adjustments.map((x) => x.reason)).toContain('name: list name transliterated from Cyrillic');
  });
});
