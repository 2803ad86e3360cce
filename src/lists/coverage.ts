/**
 * Why a list was not searched, and when a searched copy deserves a warning (ADR 114), in the
 * words every answer, page and PDF prints.
 */
import { cadenceOf, isLicensed } from './cadence';

const DAY_MS = 86_400_000;

/** A list with no real version: not searched. */
export function notSearchedReason(source: string): string {
  return isLicensed(source) ? 'licensed list not provided: upload it on the Lists page' : 'not loaded yet';
}

/**
 * The warning a searched copy carries when it is older than its publisher's cadence and the
 * latest check of the source failed; null otherwise (a copy simply not checked yet is not warned).
 */
export function staleWarning(source: string, fetchedAt: Date, lastCheck: { outcome: string; at: Date } | null, now: Date): string | null {
  const { maxAgeDays } = cadenceOf(source);
  if (now.getTime() - fetchedAt.getTime() <= maxAgeDays * DAY_MS) return null;
  if (!lastCheck || lastCheck.outcome !== 'failed') return null;
  const days = Math.max(0, Math.floor((now.getTime() - lastCheck.at.getTime()) / DAY_MS));
  const ago = days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`;
  return `last update failed ${ago}, data older than its publisher's cadence`;
}
