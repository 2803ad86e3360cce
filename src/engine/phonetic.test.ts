import { describe, expect, it } from 'vitest';
import { phoneticKey } from './phonetic';

describe('phoneticKey', () => {
  it.each([
    ['catherine', 'kathryn'],
    ['katherine', 'kathryn'],
    ['sean', 'shawn'],
    ['shaun', 'shawn'],
    ['smith', 'smyth'],
    ['steven', 'stephen'],
    ['philip', 'filip'],
    ['geoffrey', 'jeffrey'],
    ['caitlin', 'kaitlyn'],
    ['mohammed', 'muhammad'],
    ['jon', 'john'],
    ['carl', 'karl'],
    ['reid', 'reed'],
    ['knight', 'night'],
  ])('%s sounds like %s', (a, b) => {
    expect(phoneticKey(a)).toBe(phoneticKey(b));
  });

  it.each([
    ['smith', 'jones'],
    ['john', 'james'],
    ['garcia', 'gonzalez'],
  ])('%s does not sound like %s', (a, b) => {
    expect(phoneticKey(a)).not.toBe(phoneticKey(b));
  });

  it('returns an empty key for tokens without letters', () => {
    expect(phoneticKey('123')).toBe('');
    expect(phoneticKey('')).toBe('');
  });
});
