/**
 * A date of birth as every search form and API takes it (issue 53 item 5): YYYY-MM-DD, a day that
 * exists, not before 1900 and not after tomorrow (a day's leeway for the world's time zones).
 * `2024-02-30`, `0000-00-00` and `9999-99-99` are refused naming the field, and nothing is billed.
 */
import { z } from 'zod';

export const BIRTH_DATE_MESSAGES = {
  format: 'Use the date format YYYY-MM-DD.',
  impossible: 'This date does not exist: check the day and the month.',
  range: 'A date of birth must be between 1900-01-01 and today.',
} as const;

const EARLIEST = '1900-01-01';

/** Why an ISO day is not a possible date of birth, or null. `today` is the caller's clock. */
export function birthDateProblem(value: string, today: Date = new Date()): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return BIRTH_DATE_MESSAGES.format;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (mo < 1 || mo > 12 || d < 1 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return BIRTH_DATE_MESSAGES.impossible;
  const latest = new Date(today.getTime() + 86_400_000).toISOString().slice(0, 10);
  if (value < EARLIEST || value > latest) return BIRTH_DATE_MESSAGES.range;
  return null;
}

/** A date of birth field: trimmed, checked as above. */
export const birthDateSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const problem = birthDateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
