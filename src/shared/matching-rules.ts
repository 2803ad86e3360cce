/**
 * The matching rules' version in a reader's words (issue 55): the engine's label
 * (`fuzzy-2026.12-e`, ADR 027) says the year and month the rules were set; people read that month.
 */
const LABEL = /^[a-z]+-(\d{4})\.(\d{2})(?:-[a-z0-9]+)?$/i;

/** "December 2026", or null for a label of another shape. */
export function matchingRulesMonth(version: string): string | null {
  const m = LABEL.exec(version);
  if (!m) return null;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  return new Date(Date.UTC(Number(m[1]), month - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "Matching rules of December 2026 (version fuzzy-2026.12-e)". */
export function matchingRulesLabel(version: string): string {
  const month = matchingRulesMonth(version);
  return month ? `Matching rules of ${month} (version ${version})` : `Matching rules version ${version}`;
}

/** A table cell under a "Matching Rules" heading: "December 2026 (fuzzy-2026.12-e)". */
export function matchingRulesCell(version: string): string {
  if (!version) return '';
  const month = matchingRulesMonth(version);
  return month ? `${month} (${version})` : version;
}
