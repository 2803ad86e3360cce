/**
 * The provider-type families a list record carries (ADR 121): a state list's provider type and LEIE's
 * specialty as words, the credentials a name carried ("JOHN SMITH, MD"); for an NPPES record its taxonomy
 * codes and credential. Classifications are not read: SAM's says "Individual", OFAC's names programs.
 */
import type { ListRecord } from '#shared/list-record';
import { professionOfTaxonomy, professionsOf } from './profession';

/** What decides a record's families, as one string (the builder caches masks by it); "" when nothing does. */
export function recordProfessionKey(r: ListRecord): string {
  if (r.source === 'nppes') return `N\u001f${r.extra?.taxonomyCodes ?? r.specialty ?? ''}\u001f${r.extra?.credential ?? ''}`;
  const credentials = r.extra?.credentials ?? '';
  return r.specialty || credentials ? `L\u001f${r.specialty ?? ''}\u001f${credentials}` : '';
}

/** The families of an NPPES record's taxonomy codes ("207Q00000X;163W00000X") and credential text. */
export function nppesProfessions(taxonomyCodes: string | null | undefined, credential: string | null | undefined): number {
  let mask = professionsOf(credential);
  for (const code of String(taxonomyCodes ?? '').split(/[;,\s]+/)) if (code) mask |= professionOfTaxonomy(code);
  return mask;
}

export function recordProfessions(r: ListRecord): number {
  if (r.source === 'nppes') return nppesProfessions(r.extra?.taxonomyCodes ?? r.specialty, r.extra?.credential);
  return professionsOf(r.specialty) | professionsOf(r.extra?.credentials);
}
