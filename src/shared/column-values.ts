/**
 * The automatic mapping's second look (issue 18 item 5): a column whose header says nothing
 * ("Column 3", "Field2", "ID") is mapped from its values when they all have one shape: 10-digit
 * Luhn-valid NPIs, SSNs (123-45-6789 or 9 digits), or dates of birth. An NPI column is also
 * recognised under a header that names something else nobody maps ("Provider ID"): 10 digits that
 * pass NPI's check digit by chance are one in ten, so three samples passing is one in a thousand.
 */
import { guessCriterion, guessMapping as guessFromHeaders, headerWords } from './column-guess';
import { isValidNpi } from './identifiers';
import type { SearchCriterion } from './search-types';

/** Where a guessed criterion came from, shown on the mapping step. */
export type GuessSource = 'header' | 'values';
export interface ColumnGuess {
  criterion: SearchCriterion;
  by: GuessSource;
}

const BLANK_WORDS = new Set(['column', 'col', 'field', 'data', 'value', 'unnamed']);

/**
 * Headers that name no content: empty, "Column 3", "Field2", "Col C", "Data", "Unnamed: 4". "ID" and
 * "Number" do name something (an employee number of 9 digits is no SSN), so they are left alone.
 */
export function headerSaysNothing(label: string): boolean {
  const words = headerWords(label).filter((w) => !/^\d+$/.test(w) && !/^[a-z]$/.test(w));
  return words.every((w) => BLANK_WORDS.has(w) || /^(column|col|field|f)\d+$/.test(w));
}

const SSN_SHAPE = /^(\d{3}-\d{2}-\d{4}|\d{9})$/;
const DATE_SHAPE = /^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\/\d{1,2}\/\d{4})$/;

function isBirthDate(value: string): boolean {
  if (!DATE_SHAPE.test(value)) return false;
  const year = Number(value.length === 10 && value[4] === '-' ? value.slice(0, 4) : value.slice(-4));
  return year >= 1900 && year <= new Date().getUTCFullYear();
}

/** The criterion a column's sample values have, when every non-empty one (at least two) has the same shape. */
export function criterionFromValues(samples: readonly string[], headerIsBlank: boolean): SearchCriterion | null {
  const values = samples.map((s) => s.trim()).filter(Boolean);
  if (values.length < 2) return null;
  if (values.every((v) => /^\d{10}$/.test(v) && isValidNpi(v)) && (headerIsBlank || values.length >= 3)) return 'NPI';
  if (!headerIsBlank) return null;
  if (values.every((v) => SSN_SHAPE.test(v))) return 'SSN';
  if (values.every(isBirthDate)) return 'Date of Birth';
  return null;
}

/**
 * The pre-filled mapping of an uploaded file from its preview ([label, ...samples] per column):
 * headers first (guessCriterion), then values for the columns left, each criterion once.
 */
export function guessColumns(preview: readonly (readonly string[])[]): Record<string, ColumnGuess> {
  const out: Record<string, ColumnGuess> = {};
  const labels = preview.map((column) => column[0] ?? '');
  const byHeader = guessFromHeaders(labels);
  for (const [label, criterion] of Object.entries(byHeader)) out[label] = { criterion, by: 'header' };
  const taken = new Set<SearchCriterion>(Object.values(byHeader));
  for (const [label = '', ...samples] of preview) {
    if (out[label] || guessCriterion(label)) continue;
    // A header naming something else (a hire date, a phone) is left to the user, except NPIs.
    const criterion = criterionFromValues(samples, headerSaysNothing(label));
    if (criterion && !taken.has(criterion)) {
      out[label] = { criterion, by: 'values' };
      taken.add(criterion);
    }
  }
  return out;
}

/** The guesses as the mapping the pages start from: label → criterion. */
export const mappingOf = (guesses: Record<string, ColumnGuess>): Record<string, SearchCriterion> =>
  Object.fromEntries(Object.entries(guesses).map(([label, guess]) => [label, guess.criterion]));
