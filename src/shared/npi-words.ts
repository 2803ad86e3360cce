/**
 * What an NPI result says to a reviewer: why an NPI is invalid, whose name NPPES holds beside
 * the list's, and which other rows carry the same NPI (issue 14). Read by the NPI tab, the
 * drawer, the reports and the interactive NPI search.
 */
import { fieldLines, type ExplanationInput } from './match-words';

/** The engine's NPI check as stored with a result (fields may be missing on old results). */
export interface StoredNpiCheck {
  npi?: string;
  valid?: boolean;
  message?: string | null;
  found?: boolean;
  status?: 'active' | 'deactivated' | 'reactivated' | null;
  deactivationDate?: string | null;
  reactivationDate?: string | null;
  nppesName?: string | null;
  nameAgreement?: StoredNameAgreement | null;
}

export interface StoredNameAgreement {
  agrees: boolean;
  summary?: string;
  customerName?: string;
  nppesName?: string;
  matchedThrough?: 'name' | 'other-name';
  /** The fields compared (and, since ADR 076, only them and the scoring rules' version). */
  explanation?: Pick<ExplanationInput, 'fields'> & { algorithmVersion?: string };
}

/** The explanation of an NPI result as stored. */
export interface StoredNpiExplanation {
  npiCheck?: StoredNpiCheck | null;
  optedOut?: boolean | null;
  excluded?: boolean | null;
  sharedWith?: { rowNumber: number; uniqueId: string | null }[];
  sharedCount?: number;
}

/** Why an NPI is not a valid, active NPI; null when it is. */
export function npiProblemWords(check: StoredNpiCheck | null | undefined): string | null {
  if (!check || typeof check !== 'object') return 'The NPI could not be checked against NPPES.';
  if (!check.valid) {
    return /check digit/i.test(check.message ?? '')
      ? 'Not a valid NPI: its last digit (the check digit) does not agree with the other nine, so it was mistyped or made up.'
      : 'Not a valid NPI: an NPI is 10 digits.';
  }
  if (!check.found) return 'Not in NPPES: no provider is registered under this NPI in the copy of NPPES searched.';
  if (check.status === 'deactivated') return `Deactivated in NPPES${check.deactivationDate ? ` on ${check.deactivationDate}` : ''}.`;
  return null;
}

/** Whether the list's name is the name NPPES holds for the NPI, in one sentence; null when no name was compared. */
export function nameAgreementVerdict(agreement: StoredNameAgreement | null | undefined): string | null {
  if (!agreement) return null;
  const yours = agreement.customerName ? ` (${agreement.customerName})` : '';
  const theirs = agreement.nppesName ? ` (${agreement.nppesName})` : '';
  if (agreement.agrees) {
    return agreement.matchedThrough === 'other-name'
      ? `Agrees with another name NPPES holds for this NPI${theirs}, such as a former or maiden name.`
      : `Agrees with the name NPPES holds for this NPI${theirs}.`;
  }
  return `Does not agree: the name on your list${yours} is not the name NPPES holds for this NPI${theirs}. The NPI may belong to someone else.`;
}

/** The name comparison field by field ("Last name: different (Garcia vs Wang)"). */
export function nameAgreementLines(agreement: StoredNameAgreement | null | undefined): string[] {
  return agreement?.explanation ? fieldLines(agreement.explanation.fields) : [];
}

const rowWords = (r: { rowNumber: number; uniqueId: string | null }): string => `row ${r.rowNumber}${r.uniqueId ? ` (${r.uniqueId})` : ''}`;

/** "Also used by row 5 (EMP-1005) and row 9 of this batch"; null when no other row has it. */
export function sharedNpiWords(e: Pick<StoredNpiExplanation, 'sharedWith' | 'sharedCount'>): string | null {
  const rows = e.sharedWith ?? [];
  const total = Math.max(e.sharedCount ?? 0, rows.length);
  if (!total) return null;
  const named = rows.map(rowWords);
  const more = total - rows.length;
  if (more > 0) named.push(`${more} more row${more === 1 ? '' : 's'}`);
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
  return `The same NPI is also used by ${list} of this batch.`;
}

/** Everything that makes an NPI result a finding, one short sentence each (empty for a clean result). */
export function npiFindings(e: StoredNpiExplanation): string[] {
  const check = e.npiCheck;
  const agreement = check?.nameAgreement;
  return [
    npiProblemWords(check),
    agreement && !agreement.agrees ? `Name differs from NPPES${agreement.nppesName ? `: ${agreement.nppesName}` : ''}.` : null,
    sharedNpiWords(e),
    e.optedOut ? 'Opted out of Medicare.' : null,
    e.excluded ? 'On an exclusion list.' : null,
  ].filter((x): x is string => Boolean(x));
}
