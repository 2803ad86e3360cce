/** The texts of result statuses as the spec words them (§2, §3, §9): NPI, opt-out, exclusion and SSDMF statuses, "Clear". */

export const NPI_STATUSES = ['VALID', 'INACTIVE', 'INVALID', 'ERROR'] as const;
export type NpiStatus = (typeof NPI_STATUSES)[number];
/** NPI status texts (spec §3 result status groups). */
export const NPI_STATUS_TEXTS: Record<NpiStatus, string> = { VALID: 'Valid', INACTIVE: 'Inactive', INVALID: 'Invalid', ERROR: 'Error' };
export const OPT_OUT_TEXTS = { FOUND: 'Found on Opt Out List', NOT_FOUND: 'Not Found on Opt Out List' } as const;
export const EXCLUSION_STATUS_TEXTS = { FOUND: 'Exclusion Found', NOT_FOUND: 'No Exclusions Found' } as const;
export const SSDMF_STATUS_TEXTS = { FOUND: 'Found on SSDMF', NOT_FOUND: 'Not Found on SSDMF' } as const;
/** An SSN screened while no Death Master File was loaded (a licensed file a deployment may not hold, ADR 055): not checked, never "not found". */
export const SSDMF_NOT_LOADED = { value: 'NOT_LOADED', text: 'Not checked: DMF not loaded' } as const;

/** Text shown instead of a status dropdown on rows that cannot change (spec §2 NPI, SSDMF). */
export const CLEAR_TEXT = 'Clear';
/** Result status texts shown in red (spec §9); any other is dark grey. */
export const RED_STATUS_TEXTS = ['Invalid', 'Inactive', 'Found on Opt Out List', 'Exclusion Found', 'Error', 'Found on SSDMF'] as const;
export const isRedStatusText = (text: string | null | undefined): boolean => (RED_STATUS_TEXTS as readonly string[]).includes(text ?? '');
