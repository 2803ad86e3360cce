/** NPI validation against the NPPES records in the index: found, active or not, whose it is. */
import { checkNpi } from '#shared/identifiers';
import { PartedIndex, type SearchIndex } from './index-parts';
import type { MatchIndex } from './match-index';
import type { RecordView } from './record-view';
import type { Explanation } from './explanation';
import { scorePair, type PairResult } from './score-pair';
import { lookupPairs } from './sorted-pairs';

export interface NpiCheck {
  npi: string;
  /** Format and check digit are valid. */
  valid: boolean;
  message: string | null;
  /** An NPPES record carries this NPI. */
  found: boolean;
  status: 'active' | 'deactivated' | 'reactivated' | null;
  deactivationDate: string | null;
  reactivationDate: string | null;
  entityType: 'individual' | 'organization' | null;
  /** The name NPPES holds for this NPI. */
  nppesName: string | null;
  /** How well the customer's name agrees with the NPPES name (null when no name was given or NPPES holds none). */
  nameAgreement: NameAgreement | null;
  nppesRecordId: string | null;
}

/**
 * The customer's name against the names NPPES holds for the NPI (its name and its other names:
 * former, maiden or professional names; an organisation's other names). `agrees` is a score at or
 * above the default review threshold, as a name search would count a potential match.
 */
export interface NameAgreement {
  score: number;
  agrees: boolean;
  summary: string;
  /** The customer's name as compared. */
  customerName: string;
  /** The NPPES name it came closest to. */
  nppesName: string;
  /** 'name' for NPPES's own name, 'other-name' for one of its other names. */
  matchedThrough: 'name' | 'other-name';
  explanation: Explanation;
}

/** The customer's name for the agreement check, in an unambiguous "Last, First Middle" form. */
export type NpiCheckName = { type: 'person'; firstName: string; middleName?: string | null; lastName: string } | { type: 'business'; name: string };

function entityTypeOf(v: RecordView): NpiCheck['entityType'] {
  // The NPPES parser writes the file's code as entityTypeCode; empty on a deactivated NPI.
  const code = v.extra.entityType ?? v.extra.entityTypeCode;
  if (code === '') return null;
  const t = (code ?? '').toLowerCase();
  if (t === '1' || t === 'individual' || t === 'person') return 'individual';
  if (t === '2' || t === 'organization' || t === 'organisation' || t === 'business') return 'organization';
  return v.kind === 'business' ? 'organization' : 'individual';
}

function statusOf(v: RecordView): NpiCheck['status'] {
  const off = v.extra.deactivationDate;
  const on = v.extra.reactivationDate;
  if (!off) return 'active';
  // ISO dates compare as strings; reactivation after deactivation means the NPI is back.
  return on && on >= off ? 'reactivated' : 'deactivated';
}

/** Looks an NPI up among NPPES records and compares the customer's name with NPPES's. */
export function checkNpiInIndex(index: SearchIndex, npi: string, name?: NpiCheckName | null): NpiCheck {
  const empty = { found: false, status: null, deactivationDate: null, reactivationDate: null, entityType: null, nppesName: null, nameAgreement: null, nppesRecordId: null };
  // The NPI is checked once, then looked for part by part (ADR 089: the server's index has a part per list).
  const check = checkNpi(npi);
  if (!check.ok) return { npi: String(npi ?? '').slice(0, 20), valid: false, message: check.message, ...empty };
  // NPPES records sit in one part: the answer of the part that holds the NPI.
  for (const part of index instanceof PartedIndex ? index.parts.map((p) => p.index) : [index]) {
    const nppes = lookupPairs(part.data.npi, Number(check.value)).filter((r) => part.sourceOf(r) === 'nppes');
    if (nppes.length) return foundCheck(part, nppes[0], check.value, name);
  }
  return { npi: check.value, valid: true, message: null, ...empty };
}

/** The check of an NPI that NPPES record `record` of `index` carries. */
function foundCheck(index: MatchIndex, record: number, npi: string, name?: NpiCheckName | null): NpiCheck {
  const v = index.recordView(record);
  const entityType = entityTypeOf(v);
  const nppesName = entityType === 'organization' ? v.businessName ?? '' : `${v.lastName ?? ''}, ${[v.firstName, v.middleName].filter(Boolean).join(' ')}`;
  const nameAgreement = name ? agreementOf(name, v, entityType, nppesName) : null;
  return {
    npi,
    valid: true,
    message: null,
    found: true,
    status: statusOf(v),
    deactivationDate: v.extra.deactivationDate ?? null,
    reactivationDate: v.extra.reactivationDate ?? null,
    entityType,
    nppesName,
    nameAgreement,
    nppesRecordId: v.sourceRecordId,
  };
}

/** The customer's name as people write it, and the way the engine compares it with NPPES's. */
function customerNameOf(name: NpiCheckName): { text: string; compared: string } {
  if (name.type === 'business') return { text: name.name.trim(), compared: name.name };
  const given = [name.firstName, name.middleName].filter(Boolean).join(' ');
  return { text: [given, name.lastName].filter(Boolean).join(' ').trim(), compared: `${name.lastName}, ${given}` };
}

/**
 * Compares the customer's name with every name NPPES holds for the NPI and keeps the closest.
 * A person against an organisation (or the reverse) is compared word for word as business names,
 * so "Jennifer Garcia" still agrees with "JENNIFER GARCIA MD PC" and not with "ACME CLINIC".
 */
function agreementOf(name: NpiCheckName, v: RecordView, entityType: NpiCheck['entityType'], nppesName: string): NameAgreement | null {
  const customer = customerNameOf(name);
  if (!customer.text) return null;
  const isOrganisation = entityType === 'organization';
  const own = isOrganisation ? (v.businessName ?? '') : nppesName;
  const others = isOrganisation ? v.dbas : v.akas;
  const candidates = [{ text: own, through: 'name' as const }, ...others.map((text) => ({ text, through: 'other-name' as const }))].filter((c) => /[\p{L}\p{N}]/u.test(c.text));
  if (!candidates.length) return null;
  const sameKind = (name.type === 'business') === isOrganisation;
  let best: { pair: PairResult; text: string; through: 'name' | 'other-name' } | null = null;
  for (const c of candidates) {
    const pair = sameKind ? scorePair(customer.compared, c.text, name.type) : scorePair(customer.text, c.text, 'business');
    if (!best || pair.score > best.pair.score) best = { pair, text: c.text, through: c.through };
  }
  if (!best) return null;
  return { score: best.pair.score, agrees: best.pair.match, summary: best.pair.explanation.summary, customerName: customer.text, nppesName: best.text, matchedThrough: best.through, explanation: best.pair.explanation };
}
