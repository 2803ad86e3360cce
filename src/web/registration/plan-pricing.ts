/** The running monthly total of the plan choices (spec §9 prices, in integer cents). */
import { PLAN_PRICE_CENTS } from '#shared/account';
import { SEARCH_PRICE_CENTS } from '#shared/prices';
import type { SearchOption, TeamType } from '#shared/teams';

export const SEARCH_OPTION_NOTES: Record<SearchOption, string> = {
  NAME: 'Every federal and state exclusion list, by name.',
  NPI: 'Exclusion lists by NPI, NPPES validation and the Medicare opt-out list.',
  OFAC: 'The OFAC sanctions lists, searched with the name search.',
  SSNDMF: 'Social Security numbers against the Death Master File.',
};

/** What one person screened with every chosen option costs. */
export function perPersonCents(options: readonly SearchOption[]): number {
  return options.reduce((sum, option) => sum + SEARCH_PRICE_CENTS[option], 0);
}

/** The plan plus `people` screened with every chosen option. */
export function monthlyTotalCents(teamType: TeamType | null, options: readonly SearchOption[], people: number): number {
  return (teamType ? PLAN_PRICE_CENTS[teamType] : 0) + perPersonCents(options) * Math.max(0, Math.floor(people));
}
