/**
 * The data date a state list states in words: "Document created on: 6/14/2026 4:38:17 PM"
 * (Louisiana), "REVISED: May 20, 2026" (Kansas), "Sanctions as of 05/21/2026" (North Dakota),
 * "Provider Terminations (As of April 2026)" (Indiana), or a file name's "2026_06_15" (Texas).
 * The config's `asOfPatterns` say where: each a regex whose first group is the date, tried on
 * the text above the table, a PDF's first and last page, and the file's name. A list's other
 * dates (an open end written 12/31/9999, a reinstatement to come) are never its as-of date.
 */
import type { FileContext } from '../core/parse-run';
import type { StateListConfig } from './config';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number): string => String(n).padStart(2, '0');

function isoOf(year: number, month: number, day: number | null): string | null {
  if (month < 1 || month > 12) return null;
  if (day === null) return `${year}-${pad(month)}`;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? `${year}-${pad(month)}-${pad(day)}` : null;
}

const monthOf = (name: string): number => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** A date written in words or digits, at the start of `text` ("6/14/2026 4:38 PM", "May 20, 2026", "April 2026", "04.30.2026", "06.08.26", "2026_06_15"); null otherwise. */
export function readStatedDate(text: string): string | null {
  const t = text.trim();
  let m = t.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?!\d)/);
  if (m) return isoOf(+m[3], +m[1], +m[2]);
  // "Updated: 06.08.26" (Mississippi): a two-digit year is this century's.
  m = t.match(/^(\d{1,2})([/.])(\d{1,2})\2(\d{2})(?![\d/.])/);
  if (m) return isoOf(2000 + +m[4], +m[1], +m[3]);
  m = t.match(/^(\d{4})[-_/.](\d{1,2})[-_/.](\d{1,2})(?!\d)/);
  if (m) return isoOf(+m[1], +m[2], +m[3]);
  m = t.match(/^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)/);
  if (m && monthOf(m[1]) > 0) return isoOf(+m[3], monthOf(m[1]), +m[2]);
  m = t.match(/^([A-Za-z]{3,9})\.?,?\s+(\d{4})(?!\d)/);
  if (m && monthOf(m[1]) > 0) return isoOf(+m[2], monthOf(m[1]), null);
  return null;
}

const compiled = new WeakMap<StateListConfig, RegExp[]>();

/** The date the text states by the config's patterns (the first that matches and reads as a date), or null. */
export function statedAsOf(config: StateListConfig, text: string): string | null {
  let patterns = compiled.get(config);
  if (!patterns) {
    patterns = config.asOfPatterns.map((p) => new RegExp(p, 'i'));
    compiled.set(config, patterns);
  }
  for (const pattern of patterns) {
    const date = readStatedDate(text.match(pattern)?.[1] ?? '');
    if (date !== null) return date;
  }
  return null;
}

/** Notes the date a text of the file states as the run's as-of date (the run refuses one that cannot be a data date). */
export function noteStatedAsOf(config: StateListConfig, text: string, context: Pick<FileContext, 'noteAsOf'>): void {
  if (config.asOfPatterns.length === 0 || text === '') return;
  const date = statedAsOf(config, text);
  if (date !== null) context.noteAsOf(date);
}
