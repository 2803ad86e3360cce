/**
 * What monitoring re-screens (ADR 046): the exclusion searches (by name, by NPI) and OFAC,
 * against the exclusion and sanctions lists. NPI validation, opt-out and SSDMF are per-row
 * checks of other registries, left to the monthly re-screen.
 */
import { EXCLUSION_SOURCES, OFAC_SOURCES } from '../screening/row-screening';

export const MONITORED_SEARCH_TYPES = ['Exclusion Search by Individual Name', 'Exclusion Search by Business Name', 'Exclusion Search by NPI', 'Search by NPI', 'OFAC'];

/** The list sources whose changes concern a roster screened with these search types. */
export function monitoredSources(searchTypes: readonly string[]): string[] {
  return searchTypes.includes('OFAC') ? [...EXCLUSION_SOURCES, ...OFAC_SOURCES] : [...EXCLUSION_SOURCES];
}

/** Every source monitoring may screen. */
export const ALL_MONITORED_SOURCES: string[] = [...EXCLUSION_SOURCES, ...OFAC_SOURCES];
