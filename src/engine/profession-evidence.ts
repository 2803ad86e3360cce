/**
 * A query's provider type against a list record's (issue 52, ADR 121): the same family raises the score a
 * little, families that may be one career say nothing, a different one is said and counts for nothing.
 */
import { EVIDENCE_EFFECTS, type EvidenceInput } from './evidence';
import type { MatchIndex } from './match-index';
import { compareProfessions, professionNames, professionOfTaxonomy, professionsOf } from './profession';
import type { NppesEvidence } from './nppes-facts';

/** The query's provider type: its families, the words it came from, and whose they are. */
export interface QueryProfession {
  mask: number;
  text: string;
  through: 'query' | 'nppes';
  npi: string | null;
}

/** The query's own provider type when it names a family, else NPPES's for the query's NPI, else null. */
export function queryProfession(providerType: unknown, nppes: NppesEvidence | null): QueryProfession | null {
  if (typeof providerType === 'string' && providerType.trim()) {
    // A roster's taxonomy column holds NPPES codes ("163W00000X"); any other text is read as words.
    const codes = providerType.toUpperCase().match(/\b[0-9][0-9A-Z]{8}X\b/g);
    const mask = codes ? codes.reduce((m, c) => m | professionOfTaxonomy(c), 0) : professionsOf(providerType);
    if (mask) return { mask, text: providerType.trim().slice(0, 80), through: 'query', npi: null };
  }
  if (nppes?.professions) return { mask: nppes.professions, text: nppes.professionText ?? professionNames(nppes.professions), through: 'nppes', npi: nppes.npi };
  return null;
}

/** The provider type's share of evidenceEffect: only an agreement moves the score. */
export function professionEffect(listMask: number, q: QueryProfession): number {
  return listMask & q.mask ? EVIDENCE_EFFECTS.professionAgrees : 0;
}

/** The comparison of record `r` (it names a family) with the query's provider type. */
export function professionEvidence(index: MatchIndex, r: number, q: QueryProfession): NonNullable<EvidenceInput['profession']> {
  const listMask = index.data.record.profession[r];
  const list = index.hitDetails(r)?.specialty ?? professionNames(listMask);
  return { query: q.text, list, relation: compareProfessions(q.mask, listMask), through: q.through, npi: q.npi };
}
