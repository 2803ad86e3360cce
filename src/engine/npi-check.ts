/** NPI validation against the NPPES records in the index: found, active or not, whose it is. */
import { checkNpi } from '#shared/identifiers';
import type { MatchIndex } from './match-index';
import type { RecordView } from './record-view';
import { scorePair } from './score-pair';
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
  /** How well the customer's name agrees with the NPPES name (null when no name was given). */
  nameAgreement: { score: number; agrees: boolean; summary: string } | null;
  nppesRecordId: string | null;
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
export function checkNpiInIndex(index: MatchIndex, npi: string, name?: NpiCheckName | null): NpiCheck {
  const empty = { found: false, status: null, deactivationDate: null, reactivationDate: null, entityType: null, nppesName: null, nameAgreement: null, nppesRecordId: null };
  const check = checkNpi(npi);
  if (!check.ok) return { npi: String(npi ?? '').slice(0, 20), valid: false, message: check.message, ...empty };
  const nppes = lookupPairs(index.data.npi, Number(check.value)).filter((r) => index.sourceOf(r) === 'nppes');
  if (!nppes.length) return { npi: check.value, valid: true, message: null, ...empty };
  const v = index.recordView(nppes[0]);
  const entityType = entityTypeOf(v);
  const nppesName = entityType === 'organization' ? v.businessName ?? '' : `${v.lastName ?? ''}, ${[v.firstName, v.middleName].filter(Boolean).join(' ')}`;
  let nameAgreement: NpiCheck['nameAgreement'] = null;
  if (name) {
    const customer = name.type === 'business' ? name.name : `${name.lastName}, ${[name.firstName, name.middleName].filter(Boolean).join(' ')}`;
    const pair = scorePair(customer, nppesName, name.type === 'business' ? 'business' : 'person');
    nameAgreement = { score: pair.score, agrees: pair.match, summary: pair.explanation.summary };
  }
  return {
    npi: check.value,
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
