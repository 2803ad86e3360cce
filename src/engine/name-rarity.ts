/**
 * How much an exact agreement on one part of a name is worth when the other part agrees only loosely
 * (issue 52, ADR 118): the rarer the agreeing name, the fewer people share it by chance. "Michael
 * Gussman" against MICHAEL GUSSMAN's sound-alike GUZMAN rests on a first name one American in a
 * hundred bears; "Tanisha Paine" against TANISHA PAYNE on one borne by a few in a hundred thousand.
 * Frequencies are the Census and SSA shares of name-frequencies.ts (data with its provenance there).
 */
import { givenNameShare, surnameShare } from './name-frequencies';

/** At or below this share a name is rare enough that sharing it by chance is unlikely: no discount. */
const RARE_SHARE = 3e-5;
/** At or above this share (Smith, Michael: about one in a hundred) the discount is whole. */
const COMMON_SHARE = 1e-2;
/** The whole discount: the name score of the most common exact part beside a loose one, ×(1 − this). */
export const COMMON_NAME_DISCOUNT = 0.08;

const SPAN = Math.log10(COMMON_SHARE) - Math.log10(RARE_SHARE);

/** The factor for an exact agreement on a name part of this share: 1 for a rare name, 1 − discount for the commonest. */
export function rarityFactor(share: number): number {
  const position = (Math.log10(share) - Math.log10(RARE_SHARE)) / SPAN;
  if (position <= 0) return 1;
  return 1 - COMMON_NAME_DISCOUNT * (position >= 1 ? 1 : position);
}

/** The factor of an exact first name (a given name's share of US births). */
export function givenNameRarity(token: string): number {
  return rarityFactor(givenNameShare(token));
}

/** The factor of an exact surname of one or more words (the words' shares multiplied: a double surname is rare). */
export function surnameRarity(tokens: readonly string[]): number {
  let share = 1;
  for (const t of tokens) share *= surnameShare(t);
  return rarityFactor(share);
}
