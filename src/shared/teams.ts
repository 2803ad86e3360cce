/** Team types and search options of a client (spec accounts-and-access §3). */
export const TEAM_TYPES = ['SINGLE', 'MULTI_TEAM'] as const;
export type TeamType = (typeof TEAM_TYPES)[number];

export const SEARCH_OPTIONS = ['NAME', 'NPI', 'OFAC', 'SSNDMF'] as const;
export type SearchOption = (typeof SEARCH_OPTIONS)[number];

export const PLAN_TYPES = ['COMPANY', 'FREE', 'INVITATION'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Client account states (spec §4 Account states). */
export const ACCOUNT_STATES = ['trial', 'paid', 'disabling', 'disabled'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];
