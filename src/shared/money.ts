/**
 * Money in answers (ADR 028): US dollars as a JSON number rounded to the cent (30, 0.15, 1234.5),
 * under the spec's names (price, unitPrice, total). The server counts in integer cents and
 * converts only at the edge, so no sum is ever made of rounded dollars.
 */
import { z } from 'zod';

/** 3000 → 30, 15 → 0.15. */
export function dollarsFromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** 0.15 → 15; the inverse of dollarsFromCents (tolerates binary fractions such as 0.1 + 0.2). */
export function centsFromDollars(dollars: number): number {
  return Math.round(dollars * 100);
}

/** An amount in dollars with at most two decimals. */
export const DollarsSchema = z
  .number()
  .refine((v) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'An amount in dollars has at most two decimals.');
