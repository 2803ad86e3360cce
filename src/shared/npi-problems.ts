/**
 * What a row or a search says of an NPI that is not a valid one (issue 50): a bad identifier never
 * stops the other searches. Lists publish NPIs that fail the check digit (kept as published), so
 * ten digits failing it are still compared with the lists' NPIs as entered; the name is screened.
 * Read by the batch's dry run, the results' search criteria, the reports and the NPI search.
 */
import { checkNpi } from './identifiers';

export const NPI_PROBLEM_TEXTS = {
  checkDigitByName: 'NPI fails the check digit; screened by name',
  checkDigitAsEntered: 'NPI fails the check digit; compared as entered with the NPIs on the lists',
  formatByName: 'NPI is not 10 digits; screened by name',
  formatNotSearched: 'NPI is not 10 digits; not searched by NPI',
} as const;

/** Whether a row's values hold a name to screen (a person's or a company's). */
export const hasNameValue = (values: Readonly<Record<string, string | undefined>>): boolean => Boolean(values['First Name'] || values['Last Name'] || values['Company Name']);

/** Whether an NPI that is not valid is still ten digits (it fails only the check digit): compared as entered. */
export function isNpiComparable(npi: string): boolean {
  const check = checkNpi(npi);
  return check.ok || check.code === 'npi-check-digit';
}

/** The problem of an NPI given with (`byName`) or without a name to screen; null for a valid or absent NPI. */
export function npiProblemOf(npi: string | null | undefined, byName: boolean): string | null {
  if (!npi) return null;
  const check = checkNpi(npi);
  if (check.ok) return null;
  if (check.code === 'npi-check-digit') return byName ? NPI_PROBLEM_TEXTS.checkDigitByName : NPI_PROBLEM_TEXTS.checkDigitAsEntered;
  return byName ? NPI_PROBLEM_TEXTS.formatByName : NPI_PROBLEM_TEXTS.formatNotSearched;
}

/** "NPI 1730405612", with its problem when it has one: "NPI 1730405612 (NPI fails the check digit; screened by name)". */
export function npiCriterionText(npi: string, values: Readonly<Record<string, string | undefined>>, label = 'NPI '): string {
  const problem = npiProblemOf(npi, hasNameValue(values));
  return `${label}${npi}${problem ? ` (${problem})` : ''}`;
}
